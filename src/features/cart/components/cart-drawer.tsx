import { Link } from '@tanstack/react-router';
import { useAtom, useSetAtom } from 'jotai';
import { Dialog } from '../../../components/ui/dialog';
import { requestArrivalFocus } from '../../../hooks/use-arrival-focus';
import { moodboardOpenAtom } from '../../../lib/ui-state';
import { usePriceText } from '../../catalogue';
import { OutboxList } from '../../order-requests';
import { cartDrawerOpenAtom } from '../state/cart-atoms';
import { useCart } from '../use-cart';
import { CartDateNote } from './cart-date-note';
import { CartLines } from './cart-lines';
import './cart.css';

/** The drawer the cart button opens: loaded once the page has hydrated. */
export function CartDrawer() {
  const prices = usePriceText();
  const [open, setOpen] = useAtom(cartDrawerOpenAtom);
  const cart = useCart();
  const setMoodboardOpen = useSetAtom(moodboardOpenAtom);
  // A failed order's lines go back in with what they held; the popup tells the stock again later.
  const outbox = (
    <OutboxList
      onRestore={async (lines) => {
        for (const line of lines) await cart.add({ ...line, stock_count: line.quantity });
      }}
    />
  );
  return (
    <Dialog open={open} onClose={() => setOpen(false)} title="Your Cart" size="drawer" closeLabel="Close cart">
      {cart.items.length === 0 ? (
        <div className="cart-drawer__lines">
          <p className="cart-empty">Your cart is empty</p>
          {outbox}
        </div>
      ) : (
        <>
          <div className="cart-drawer__lines">
            <CartDateNote />
            <CartLines />
            {outbox}
          </div>
          <div className="cart-summary">
            <p className="cart-summary__total">
              <span>Total</span>
              <strong>{prices.amount(cart.totalCents)}</strong>
            </p>
            <p className="cart-summary__note">
              {prices.includesGst ? 'Prices include GST.' : 'GST is added at checkout.'}
            </p>
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
              <Link
                to="/checkout"
                className="button cart-summary__checkout"
                onClick={() => {
                  requestArrivalFocus();
                  setOpen(false);
                }}
              >
                Checkout
              </Link>
            </div>
          </div>
        </>
      )}
    </Dialog>
  );
}
