import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * The checkout with nothing in the cart: what Back after a sent request lands on. It opens at its
 * top (issue 63): the scroll kept for this history entry was the long form's, down at its Submit,
 * and would leave the shopper looking at the footer. Once, after the router has restored it.
 */
export function EmptyCheckout() {
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      if (window.scrollY > 0) window.scrollTo({ top: 0 });
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <div className="checkout-empty">
      <p>Your cart is empty</p>
      <Link to="/hire" className="button">
        Continue Shopping
      </Link>
    </div>
  );
}
