import type { BusinessSettings } from '../../lib/api-contract/business-settings';
import { WAIVER_DESCRIPTION, waiverCents } from '../../lib/api-contract/damage-waiver';
import { percentText } from '../../lib/api-contract/own-lines';
import type { CheckoutForm } from './checkout-rules';

/**
 * The checkout's damage waiver (issue 61), priced in the browser by the server's own rule: charged
 * when the business requires it, or when the shopper ticks it where the shop offers it; else null.
 */
export function checkoutWaiver(
  form: Pick<CheckoutForm, 'damageWaiver'>,
  linesCents: number,
  business: Pick<BusinessSettings, 'payments'>,
): { cents: number; label: string } | null {
  const waiver = business.payments.damageWaiver;
  if (!waiver || !(waiver.required || (waiver.inShop && form.damageWaiver))) return null;
  return {
    cents: waiverCents(linesCents, waiver),
    label: `${WAIVER_DESCRIPTION} (${percentText(waiver.basisPoints)} of the hire)`,
  };
}

/** The waiver as the request keeps it (its line's words and cents), or nothing. */
export const waiverLineOf = (waiver: ReturnType<typeof checkoutWaiver>) =>
  waiver ? { waiverCents: waiver.cents, waiverLabel: waiver.label } : null;
