import { Link } from '@tanstack/react-router';
import { useAtom, useSetAtom } from 'jotai';
import { Dialog } from '../../../components/ui/dialog';
import { useScrollState } from '../../../hooks/use-scroll-state';
import { moodboardOpenAtom } from '../../../lib/ui-state';
import { formatPrice } from '../../catalogue';
import { OutboxList } from '../../offline';
import { cartDrawerOpenAtom } from '../state/cart-atoms';
import { useCart } from '../use-cart';
import { CartLines } from './cart-lines';
import './cart.css';

/** The floating cart button on every page, with its item count, and the drawer it opens. */
export function CartDrawer() {
  const [open, setOpen] = useAtom(cartDrawerOpenAtom);
  const cart = useCart();
  const setMoodboardOpen = useSetAtom(moodboardOpenAtom);
  // Phones: it tucks away while the shopper scrolls down, so it never sits on what they are reading.
  const { down } = useScrollState();
  // A failed order's lines go back in with what they held; the popup tells the stock again later.
  const outbox = (
    <OutboxList
      onRestore={async (lines) => {
        for (const line of lines) await cart.add({ ...line, stock_count: line.quantity });
      }}
    />
  );
  return (
    <>
      <button
        type="button"
        className={`cart-button${down ? ' cart-button--tucked' : ''}`}
        aria-label={`Cart, ${cart.count} ${cart.count === 1 ? 'item' : 'items'}`}
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
          <span className="cart-button__badge" aria-hidden="true">
            {cart.count > 99 ? '99+' : cart.count}
          </span>
        )}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Your Cart" size="drawer" closeLabel="Close cart">
        {cart.items.length === 0 ? (
          <div className="cart-drawer__lines">
            <p className="cart-empty">Your cart is empty</p>
            {outbox}
          </div>
        ) : (
          <>
            <div className="cart-drawer__lines">
              <CartLines />
              {outbox}
            </div>
            <div className="cart-summary">
              <p className="cart-summary__total">
                <span>Total</span>
                <strong>{formatPrice(cart.totalCents)}</strong>
              </p>
              <p className="cart-summary__note">GST is added at checkout.</p>
              <div className="cart-summary__actions">
                <button
                  type="button"
                  className="button button--ghost"
                  aria-haspopup="dialog"
                  disabled={cart.items.length === 0}
                  onClick={() => setMoodboardOpen(true)}
                >
                  Create Moodboard
                </button>
                <Link to="/checkout" className="button cart-summary__checkout" onClick={() => setOpen(false)}>
                  Checkout
                </Link>
              </div>
            </div>
          </>
        )}
      </Dialog>
    </>
  );
}
