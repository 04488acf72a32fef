import { useAtomValue } from 'jotai';
import { useBusiness } from '../../hooks/use-business';
import { useCart } from '../cart';
import { type HireLength, priceHire } from './hire-length';
import { checkoutFormAtom } from './state/checkout-atoms';

/**
 * The checkout's hire and what it costs, from the form's hire date and last day of use, in the browser
 * by the business's own rule (offline too, from the saved settings): each unit's price for the whole
 * hire, and the cart's subtotal before GST at those prices.
 */
export function useHirePrice(): {
  hire: HireLength | null;
  unitCents: (eventCents: number, categories?: readonly string[]) => number;
  subtotalCents: number;
} {
  const business = useBusiness();
  const form = useAtomValue(checkoutFormAtom);
  const cart = useCart();
  return priceHire(business, form.hireDate, form.lastDay, cart.items);
}
