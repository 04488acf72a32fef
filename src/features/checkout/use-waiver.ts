import { useAtomValue } from 'jotai';
import { useBusiness } from '../../hooks/use-business';
import { checkoutWaiver } from './damage-waiver';
import { checkoutFormAtom } from './state/checkout-atoms';

/** The checkout's damage waiver for the form as it stands and the lines' subtotal (before GST). */
export function useWaiver(linesCents: number) {
  const business = useBusiness();
  const form = useAtomValue(checkoutFormAtom);
  return checkoutWaiver(form, linesCents, business);
}
