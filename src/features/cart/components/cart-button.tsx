import { useSetAtom } from 'jotai';
import { useRef } from 'react';
import { useScrollState } from '../../../hooks/use-scroll-state';
import { cartDrawerOpenAtom } from '../state/cart-atoms';
import { useCart } from '../use-cart';
import { useCoversContent } from '../use-covers-content';
import { useShortLinesNotice } from '../use-short-lines-notice';
import { CartIcon } from './cart-icon';
import './cart.css';

/**
 * The floating cart button on every page, with its item count. The server renders it with no count;
 * the count fills once the stored cart is read, after hydration.
 */
export function CartButton() {
  const setOpen = useSetAtom(cartDrawerOpenAtom);
  const cart = useCart();
  // Phones: it tucks away while the shopper scrolls down, so it never sits on what they are reading.
  const { down } = useScrollState();
  // On any screen: it steps aside while it would rest on a control or a price.
  const button = useRef<HTMLButtonElement>(null);
  const covers = useCoversContent(button);
  // Lines the event date cannot supply mark the badge (and a date change that makes them says so).
  const short = useShortLinesNotice(cart.items);
  return (
    <button
      ref={button}
      type="button"
      className={`cart-button${down ? ' cart-button--tucked' : ''}${covers ? ' cart-button--aside' : ''}`}
      aria-label={`Cart, ${cart.count} ${cart.count === 1 ? 'item' : 'items'}${short > 0 ? `, ${short} short on your date` : ''}`}
      aria-haspopup="dialog"
      onClick={() => setOpen(true)}
    >
      <CartIcon size={26} />
      {cart.count > 0 && (
        <span className={`cart-button__badge${short > 0 ? ' cart-button__badge--short' : ''}`} aria-hidden="true">
          {cart.count > 99 ? '99+' : cart.count}
        </span>
      )}
    </button>
  );
}
