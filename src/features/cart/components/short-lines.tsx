import { cartFreeCounts, shortLines, useDayAvailability, useShopDay } from '../../availability';
import { type CartItem, lineKey } from '../cart-rules';
import { useCart } from '../use-cart';

/**
 * With an event date: the lines that date cannot supply, and the most each could be; `known` once
 * what is free on that very date has come.
 */
export function useShortLines(items: CartItem[]) {
  const { date, last, day } = useDayAvailability();
  if (!day) return { date, last, known: false, short: new Map<string, number>() };
  const lines = items.map((item) => ({
    key: lineKey(item),
    quantity: item.quantity,
    needs: [item.isBundle ? `b:${item.id}` : `p:${item.id}`],
  }));
  return {
    date,
    last,
    known: day.date === date,
    short: new Map(shortLines(lines, cartFreeCounts(day)).map((line) => [line.key, line.fits])),
  };
}

/** A short line's one-tap fix: remove it, or lower it to what is free. Nothing changes until tapped. */
function FixButton({ item, fits }: { item: CartItem; fits: number }) {
  const cart = useCart();
  const key = lineKey(item);
  return (
    <button
      type="button"
      className="button button--ghost"
      onClick={() => void (fits < 1 ? cart.removeLine(key) : cart.updateQuantity(key, fits))}
    >
      {fits < 1 ? 'Remove' : `Change to ${fits}`}
      <span className="visually-hidden"> {item.name}</span>
    </button>
  );
}

const shortText = (fits: number, when: string) => (fits < 1 ? `Booked ${when}.` : `Only ${fits} free ${when}.`);

/** 'on Sat 12 Dec', or for a longer hire 'between Sat 12 Dec and Tue 15 Dec'; '' without a date. */
function useWhen(date: string, last: string): string {
  const { shortDate } = useShopDay();
  if (!date) return '';
  return last > date ? `between ${shortDate(date)} and ${shortDate(last)}` : `on ${shortDate(date)}`;
}

/** A short line's flag in the cart, and its fix. */
export function ShortFlag({ item, fits, date, last }: { item: CartItem; fits: number; date: string; last: string }) {
  const when = useWhen(date, last);
  return (
    <p className="cart-line-short" role="status">
      {shortText(fits, when)}
      <FixButton item={item} fits={fits} />
    </p>
  );
}

/**
 * Above the checkout's Submit: the lines the event date cannot supply, each with its fix, so nobody
 * sends a request for what is already booked without knowing (the note on each line may be screens
 * away on a phone). Nothing when everything fits.
 */
export function ShortLinesSummary({ id }: { id?: string }) {
  const cart = useCart();
  const { date, last, short } = useShortLines(cart.items);
  const when = useWhen(date, last);
  const lines = cart.items.filter((item) => short.has(lineKey(item)));
  if (lines.length === 0) return null;
  return (
    <section className="short-summary" id={id} aria-labelledby={`${id ?? 'short'}-title`}>
      <h3 id={`${id ?? 'short'}-title`}>
        {lines.length === 1 ? '1 item is' : `${lines.length} items are`} short {when}
      </h3>
      <ul>
        {lines.map((item) => (
          <li key={lineKey(item)}>
            <span>
              <strong>{item.name}</strong> {shortText(short.get(lineKey(item)) ?? 0, when)}
            </span>
            <FixButton item={item} fits={short.get(lineKey(item)) ?? 0} />
          </li>
        ))}
      </ul>
      <p>You can still send the request as it is: our team will offer other items or dates.</p>
    </section>
  );
}
