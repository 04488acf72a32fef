import { useSetAtom } from 'jotai';
import { cartDrawerOpenAtom } from '../state/cart-atoms';
import { useCart } from '../use-cart';
import { CartIcon } from './cart-icon';

/**
 * The cart in the phone's header, beside the menu: in reach wherever the page is scrolled (the
 * floating button steps aside over prices and fields, and tucks away on the way down). The header
 * places and draws it as its other round buttons (`className`); the count is drawn here.
 */
export function HeaderCartButton({ className }: { className: string }) {
  const setOpen = useSetAtom(cartDrawerOpenAtom);
  const cart = useCart();
  return (
    <button
      type="button"
      className={`header-cart-button ${className}`}
      aria-label={`Your cart: ${cart.count} ${cart.count === 1 ? 'item' : 'items'}`}
      aria-haspopup="dialog"
      onClick={() => setOpen(true)}
    >
      <CartIcon size={22} />
      {cart.count > 0 && (
        <span className="header-cart-button__count" aria-hidden="true">
          {cart.count > 99 ? '99+' : cart.count}
        </span>
      )}
    </button>
  );
}
