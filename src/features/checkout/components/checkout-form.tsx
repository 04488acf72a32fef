import { useAtom } from 'jotai';
import { useEffect, useId } from 'react';
import { CharacterCount } from '../../../components/ui/character-count';
import { useBusiness } from '../../../hooks/use-business';
import { postcodeProblem } from '../../../lib/api-contract/delivery-zones';
import { FIELD_LIMITS, phoneProblem } from '../../../lib/api-contract/field-rules';
import { type HireDays, isCalendarDay, pickupRuleText } from '../../../lib/api-contract/hold-window';
import { hireDateAtom, hireLastDayAtom } from '../../../lib/hire-date';
import { asSentence } from '../../../lib/sentence';
import { earliestHireDate, eventDateProblem, lateProblem, latestEventDate } from '../../availability';
import { ShortLinesSummary } from '../../cart';
import { canSubmit, deliveryWarning, type CheckoutForm as Form, type ServerFieldProblems } from '../checkout-rules';
import { extraDaysRuleText, lastDayProblem } from '../hire-length';
import { pickupDatesText, pickupWindow } from '../next-steps';
import { checkoutFormAtom } from '../state/checkout-atoms';
import { DeliveryPostcodeFields } from './delivery-postcode-fields';
import { WaiverField } from './waiver-field';

/** The pickup option's words: the business's own pickup and return days, then the way to ask for others. */
export const pickupText = (days: HireDays) =>
  `${pickupRuleText(days)} Other times can be requested in the order notes.`;
export const DELIVERY_TEXT = 'Delivery fees and timings are communicated by email.';

export interface CheckoutFormProps {
  subtotalCents: number;
  processing: boolean;
  error: string | null;
  /** What the server refused, by field, and the form as it was sent (a field's message goes once it is edited). */
  serverProblems?: { problems: ServerFieldProblems; sent: Form } | null;
  onSubmit: (form: Form) => void;
}

/** The checkout form of spec sections 2 and 5. */
export function CheckoutFormFields({ subtotalCents, processing, error, serverProblems, onSubmit }: CheckoutFormProps) {
  const [form, setForm] = useAtom(checkoutFormAtom);
  // The hire date is the shop's event date: the one chosen in the header fills it, and a change here
  // changes it there (the cart's lines are re-checked for it).
  const [eventDate, setEventDate] = useAtom(hireDateAtom);
  useEffect(() => {
    if (eventDate && eventDate !== form.hireDate) setForm((current) => ({ ...current, hireDate: eventDate }));
  }, [eventDate, form.hireDate, setForm]);
  // A longer hire's last day of use is the shop's too: availability in the cart covers every day of it.
  const [lastDayChoice, setLastDayChoice] = useAtom(hireLastDayAtom);
  useEffect(() => {
    if (lastDayChoice !== form.lastDay) setForm((current) => ({ ...current, lastDay: lastDayChoice }));
  }, [lastDayChoice, form.lastDay, setForm]);
  const id = useId();
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((current) => ({ ...current, [key]: value }));
  const business = useBusiness();
  const warning = deliveryWarning(form.deliveryOption, form.hireDate, subtotalCents, business.deliveryMinimumCents);
  // A date typed past the field's limits (or kept from another day) is said beside it; Submit waits.
  // A pickup needs an open pickup and return day near the date (a delivery, any open day).
  const dateProblem = !form.hireDate
    ? null
    : (eventDateProblem(form.hireDate, business.timeZone, new Date(), business) ??
      (form.deliveryOption === 'pickup' && !pickupWindow(form.hireDate, business)
        ? pickupDatesText(form.hireDate, business)
        : null) ??
      // Its pickup (or delivery) day gone by, or today after closing: the first date still possible.
      lateProblem(form.hireDate, [form.deliveryOption], business));
  const lastDayIssue =
    (dateProblem ? null : lastDayProblem(business, form.hireDate, form.lastDay, form.deliveryOption)) ??
    refusedLastDay();
  const pickupDates =
    form.hireDate && !dateProblem && !lastDayIssue
      ? pickupDatesText(form.hireDate, business, new Date(), form.lastDay)
      : null;
  // A field the server refused, while it still reads as sent.
  function refused(key: keyof ServerFieldProblems): string | null {
    const message = serverProblems?.problems[key];
    return message && serverProblems.sent[key] === form[key] ? asSentence(message) : null;
  }
  function refusedLastDay(): string | null {
    return refused('lastDay');
  }
  // What the server would refuse is said beside the field, before sending (the same rule).
  const phoneIssue = (form.phone.trim() ? asSentence(phoneProblem(form.phone)) : null) ?? refused('phone');
  // A postcode that is not four digits is said beside it before submit (the server's rule too).
  const postcodeIssue =
    form.deliveryOption === 'delivery' ? (postcodeProblem(form.deliveryPostcode) ?? refused('deliveryPostcode')) : null;
  const hireDateProblem = dateProblem ?? refused('hireDate');
  const text = (
    key: 'name' | 'email' | 'phone',
    label: string,
    type: string,
    autoComplete: string,
    problem: string | null = null,
  ) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        type={type}
        required
        maxLength={FIELD_LIMITS[key]}
        autoComplete={autoComplete}
        value={form[key]}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-${key}-problem` : undefined}
        onChange={(event) => set(key, event.target.value)}
      />
      {problem && (
        <p id={`${id}-${key}-problem`} className="field__problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );

  return (
    <form
      className="checkout-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        if (canSubmit(form) && !dateProblem && !lastDayIssue && !phoneIssue && !postcodeIssue && !processing)
          onSubmit(form);
      }}
    >
      <h2 id={`${id}-title`}>Your details</h2>
      <fieldset disabled={processing} className="checkout-form__fields">
        <legend className="visually-hidden">Your contact details, hire date and delivery</legend>
        {text('name', 'Name', 'text', 'name', refused('name'))}
        {text('email', 'Email', 'email', 'email', refused('email'))}
        {text('phone', 'Phone', 'tel', 'tel', phoneIssue)}
        <div className="field">
          <label htmlFor={`${id}-date`}>Hire date</label>
          <input
            id={`${id}-date`}
            type="date"
            required
            min={earliestHireDate(business.timeZone)}
            max={latestEventDate(business.timeZone)}
            value={form.hireDate}
            aria-invalid={hireDateProblem !== null}
            aria-describedby={hireDateProblem ? `${id}-date-problem` : undefined}
            onChange={(event) => {
              const value = event.target.value;
              set('hireDate', value);
              if (isCalendarDay(value) && !eventDateProblem(value, business.timeZone)) setEventDate(value);
            }}
          />
          {hireDateProblem && (
            <p id={`${id}-date-problem`} className="field__problem" role="alert">
              {hireDateProblem}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-last`}>
            Last day of use <span className="field__optional">(optional)</span>
          </label>
          <input
            id={`${id}-last`}
            type="date"
            min={form.hireDate || earliestHireDate(business.timeZone)}
            max={latestEventDate(business.timeZone)}
            value={form.lastDay}
            aria-invalid={lastDayIssue !== null}
            aria-describedby={`${id}-last-hint${lastDayIssue ? ` ${id}-last-problem` : ''}`}
            onChange={(event) => {
              const value = event.target.value;
              set('lastDay', value);
              setLastDayChoice(value);
            }}
          />
          <p id={`${id}-last-hint`} className="field__hint">
            Keeping the items longer? Choose the last day you use them; leave it empty for a one-day event.{' '}
            {extraDaysRuleText(business.hirePricing)}
          </p>
          {lastDayIssue && (
            <p id={`${id}-last-problem`} className="field__problem" role="alert">
              {lastDayIssue}
            </p>
          )}
        </div>
        <fieldset className="delivery-options">
          <legend>Pickup or delivery</legend>
          <label className="delivery-option">
            <input
              type="radio"
              name={`${id}-delivery`}
              value="pickup"
              checked={form.deliveryOption === 'pickup'}
              onChange={() => set('deliveryOption', 'pickup')}
            />
            <span>
              <strong>Pickup (Dry Hire)</strong>
              <small>{pickupText({ pickup: business.pickupDays, return: business.returnDays })}</small>
              {pickupDates && <small className="delivery-option__dates">{pickupDates}</small>}
            </span>
          </label>
          <label className="delivery-option">
            <input
              type="radio"
              name={`${id}-delivery`}
              value="delivery"
              checked={form.deliveryOption === 'delivery'}
              onChange={() => set('deliveryOption', 'delivery')}
            />
            <span>
              <strong>Delivery</strong>
              <small>{DELIVERY_TEXT}</small>
            </span>
          </label>
        </fieldset>
        {form.deliveryOption === 'delivery' && (
          <div className="field">
            <label htmlFor={`${id}-address`}>Delivery address</label>
            <textarea
              id={`${id}-address`}
              required
              rows={2}
              maxLength={FIELD_LIMITS.deliveryAddress}
              autoComplete="street-address"
              value={form.deliveryAddress}
              onChange={(event) => set('deliveryAddress', event.target.value)}
            />
          </div>
        )}
        {form.deliveryOption === 'delivery' && business.deliveryZones.length > 0 && (
          <DeliveryPostcodeFields id={id} form={form} set={set} problem={postcodeIssue} linesCents={subtotalCents} />
        )}
        {warning && (
          <p className="checkout-form__warning" role="status">
            {warning}
          </p>
        )}
        <div className="field">
          <label htmlFor={`${id}-notes`}>Order notes</label>
          <textarea
            id={`${id}-notes`}
            rows={3}
            maxLength={FIELD_LIMITS.notes}
            aria-describedby={`${id}-notes-count`}
            value={form.orderNotes}
            onChange={(event) => set('orderNotes', event.target.value)}
          />
          <CharacterCount id={`${id}-notes-count`} length={form.orderNotes.length} limit={FIELD_LIMITS.notes} />
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.wantsSignage}
            onChange={(event) => set('wantsSignage', event.target.checked)}
          />
          <span>
            Would you like signage or decals?
            <small>Our team will contact you about signage.</small>
          </span>
        </label>
        <WaiverField form={form} set={set} linesCents={subtotalCents} />
      </fieldset>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <ShortLinesSummary id={`${id}-short`} />
      <button
        type="submit"
        className="button checkout-form__submit"
        disabled={
          !canSubmit(form) ||
          dateProblem !== null ||
          lastDayIssue !== null ||
          phoneIssue !== null ||
          postcodeIssue !== null ||
          processing
        }
      >
        {processing ? 'Processing...' : 'Submit Order Request'}
      </button>
    </form>
  );
}
