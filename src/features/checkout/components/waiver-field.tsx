import { useBusiness } from '../../../hooks/use-business';
import { waiverCents, waiverText } from '../../../lib/api-contract/damage-waiver';
import { priceText } from '../../../lib/api-contract/money';
import type { CheckoutForm } from '../checkout-rules';

/**
 * The damage waiver at checkout (issue 61): a tick where the shop offers it, or a note where every
 * booking carries it; nothing where the business has none. Its price shows beside it and, once
 * taken, as a line of the summary.
 */
export function WaiverField({
  form,
  set,
  linesCents,
}: {
  form: CheckoutForm;
  set: <K extends keyof CheckoutForm>(key: K, value: CheckoutForm[K]) => void;
  linesCents: number;
}) {
  const business = useBusiness();
  const waiver = business.payments.damageWaiver;
  if (!waiver || !(waiver.required || waiver.inShop)) return null;
  const price = priceText(waiverCents(linesCents, waiver), business);
  if (waiver.required) {
    return (
      <p className="checkout-form__note">
        Every booking carries our damage waiver ({price}): {waiverText(waiver)}
      </p>
    );
  }
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={form.damageWaiver}
        onChange={(event) => set('damageWaiver', event.target.checked)}
      />
      <span>
        Add the damage waiver ({price})<small>{waiverText(waiver)}</small>
      </span>
    </label>
  );
}
