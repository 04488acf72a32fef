import { useSetAtom } from 'jotai';
import { useRef } from 'react';
import { useScrollState } from '../../../hooks/use-scroll-state';
import { cartDrawerOpenAtom } from '../state/cart-atoms';
import { useCart } from '../use-cart';
import { useCoversContent } from '../use-covers-content';
import { useShortLinesNotice } from '../use-short-lines-notice';
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
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
        <path
          d="M5 8h14l-1.2 11.1a1 1 0 0 1-1 .9H7.2a1 1 0 0 1-1-.9z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        />
        <path d="M9 10V7a3 3 0 0 1 6 0v3" fill="none" stroke="currentColor" strokeWidth="1.6" />
      </svg>
      {cart.count > 0 && (
        <span className={`cart-button__badge${short > 0 ? ' cart-button__badge--short' : ''}`} aria-hidden="true">
          {cart.count > 99 ? '99+' : cart.count}
        </span>
      )}
    </button>
  );
}
