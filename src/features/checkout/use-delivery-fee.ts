import { useAtomValue } from 'jotai';
import { useBusiness } from '../../hooks/use-business';
import type { DeliveryFee } from '../../lib/api-contract/delivery-zones';
import { checkoutDeliveryFee } from './delivery-fee';
import { checkoutFormAtom } from './state/checkout-atoms';

/** The checkout's delivery fee for the form as it stands and the lines' subtotal (before GST). */
export function useDeliveryFee(linesCents: number): DeliveryFee | null {
  const business = useBusiness();
  const form = useAtomValue(checkoutFormAtom);
  return checkoutDeliveryFee(form, linesCents, business);
}
