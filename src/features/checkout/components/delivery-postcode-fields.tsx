import { useBusiness } from '../../../hooks/use-business';
import { priceText } from '../../../lib/api-contract/money';
import type { CheckoutForm } from '../checkout-rules';
import { useDeliveryFee } from '../use-delivery-fee';

/**
 * The delivery's postcode (its fee is its zone's, issue 60) and, where its zone has a surcharge, the
 * wish to have it delivered and collected outside opening hours. A postcode that is not four digits
 * is said beside the field; the fee itself shows in the summary.
 */
export function DeliveryPostcodeFields({
  id,
  form,
  set,
  problem,
  linesCents,
}: {
  id: string;
  form: CheckoutForm;
  set: <K extends keyof CheckoutForm>(key: K, value: CheckoutForm[K]) => void;
  problem: string | null;
  linesCents: number;
}) {
  const business = useBusiness();
  const fee = useDeliveryFee(linesCents);
  const zone = fee?.zone ?? null;
  return (
    <>
      <div className="field field--short">
        <label htmlFor={`${id}-postcode`}>Postcode</label>
        <input
          id={`${id}-postcode`}
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          value={form.deliveryPostcode}
          aria-invalid={problem !== null}
          aria-describedby={`${id}-postcode-hint${problem ? ` ${id}-postcode-problem` : ''}`}
          onChange={(event) => set('deliveryPostcode', event.target.value)}
        />
        <p id={`${id}-postcode-hint`} className="field__hint">
          The delivery fee is set by the postcode.
        </p>
        {problem && (
          <p id={`${id}-postcode-problem`} className="field__problem" role="alert">
            {problem}
          </p>
        )}
      </div>
      {zone && zone.afterHoursCents > 0 && (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.afterHours}
            onChange={(event) => set('afterHours', event.target.checked)}
          />
          <span>
            Deliver and collect outside our opening hours
            <small>Adds {priceText(zone.afterHoursCents, business)} to the delivery fee.</small>
          </span>
        </label>
      )}
    </>
  );
}
