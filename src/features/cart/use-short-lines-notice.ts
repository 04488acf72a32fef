import { useEffect, useRef } from 'react';
import { pushToast } from '../../components/ui/toast-state';
import { storedHireDate } from '../../lib/hire-date';
import { useShopDay } from '../availability';
import type { CartItem } from './cart-rules';
import { useShortLines } from './components/short-lines';

/** What the toast says when a new event date leaves `count` cart lines short. */
export const shortLinesNotice = (count: number, day: string) =>
  count === 1
    ? `1 item in your cart is short on ${day}: open the cart to change it.`
    : `${count} items in your cart are short on ${day}: open the cart to change them.`;

/**
 * The cart lines the event date cannot supply, counted for the cart button's badge; and, when the
 * shopper changes the date (not when a page opens on one) and the new date leaves lines short, a toast
 * that says so, once per date, as soon as what is free on it has come.
 */
export function useShortLinesNotice(items: CartItem[]): number {
  const { date, known, short } = useShortLines(items);
  const { shortDate } = useShopDay();
  // What the page opens on: the date kept on the device, which a server-rendered page takes only after
  // hydration (drafts.ts); taking it then is not the shopper changing the date.
  const opened = useRef(date || storedHireDate());
  const judged = useRef<string | null>(null);
  const count = short.size;
  useEffect(() => {
    if (!known || judged.current === date) return;
    const onOpening = judged.current === null && date === opened.current;
    judged.current = date;
    if (!onOpening && count > 0) pushToast(shortLinesNotice(count, shortDate(date)), 'info');
  }, [known, date, count, shortDate]);
  return known ? count : 0;
}
