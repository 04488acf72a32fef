import { useSetAtom } from 'jotai';
import { cartDrawerOpenAtom } from '../state/cart-atoms';
import { useCart } from '../use-cart';

/**
 * The cart in the phone's header, beside the menu: in reach wherever the page is scrolled (the
 * floating button steps aside over prices and fields, and tucks away on the way down). Hidden from
 * 768 px, where the floating button never has to.
 */
export function HeaderCartButton() {
  const setOpen = useSetAtom(cartDrawerOpenAtom);
  const cart = useCart();
  return (
    <button
      type="button"
      className="header-cart-button"
      aria-label={`Your cart, ${cart.count} ${cart.count === 1 ? 'item' : 'items'}`}
      aria-haspopup="dialog"
      onClick={() => setOpen(true)}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M5 8h14l-1.2 11.1a1 1 0 0 1-1 .9H7.2a1 1 0 0 1-1-.9z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.7"
        />
        <path d="M9 10V7a3 3 0 0 1 6 0v3" fill="none" stroke="currentColor" strokeWidth="1.7" />
      </svg>
      {cart.count > 0 && (
        <span className="header-cart-button__count" aria-hidden="true">
          {cart.count > 99 ? '99+' : cart.count}
        </span>
      )}
    </button>
  );
}
