import type { BusinessSettings } from '../../lib/api-contract/business-settings';
import {
  type DeliveryFee,
  deliveryFeeLabel,
  deliveryFeeOf,
  postcodeOfAddress,
} from '../../lib/api-contract/delivery-zones';
import type { CheckoutForm } from './checkout-rules';

/**
 * The checkout's delivery fee (issue 60), priced in the browser by the server's own rule
 * (delivery-zones.ts) from the business's saved zones, so it shows offline too: null for a pickup or
 * a business with no zones (every delivery quoted by email, as the spec says). The postcode is the
 * one typed, or the address's last four digits, as the server reads it.
 */
export function checkoutDeliveryFee(
  form: Pick<CheckoutForm, 'deliveryOption' | 'deliveryAddress' | 'deliveryPostcode' | 'afterHours'>,
  linesCents: number,
  business: Pick<BusinessSettings, 'deliveryZones'>,
): DeliveryFee | null {
  if (form.deliveryOption !== 'delivery' || business.deliveryZones.length === 0) return null;
  const postcode = form.deliveryPostcode.trim() || postcodeOfAddress(form.deliveryAddress);
  return deliveryFeeOf(postcode, form.afterHours, linesCents, business.deliveryZones);
}

/** The fee's cents (0 when there is none or it is to be quoted). */
export const feeCentsOf = (fee: DeliveryFee | null) => (fee?.kind === 'fee' ? fee.cents : 0);

/** The fee as the request keeps it (its line's words and cents), or nothing. */
export function feeLineOf(fee: DeliveryFee | null): { deliveryFeeCents: number; deliveryFeeLabel: string } | null {
  if (fee?.kind !== 'fee') return null;
  return {
    deliveryFeeCents: fee.cents,
    deliveryFeeLabel: deliveryFeeLabel(fee.postcode, fee.zone.name, fee.afterHours),
  };
}
