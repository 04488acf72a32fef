import { useBusiness } from '../../../hooks/use-business';
import { dayIn } from '../../../lib/api-contract/dates';
import { type PaymentSchedule, paymentSchedule } from '../../../lib/api-contract/payment-terms';
import { scheduleLines } from '../../../lib/api-contract/payment-terms-text';
import './payment-rules.css';

/**
 * What the terms will ask of this booking once the team confirms it: the deposit, the balance and its
 * day, the bond. Before anything is owed (the checkout, the success page). Nothing without a hire date.
 */
export function PaymentScheduleNote({
  totalCents,
  hireDate,
  categoryKeys = [],
  schedule: fromServer,
}: {
  totalCents: number;
  hireDate: string;
  categoryKeys?: readonly string[];
  /** The server's own figures for a request it stored (its categories' notice included): shown as they are. */
  schedule?: PaymentSchedule;
}) {
  const business = useBusiness();
  if (!hireDate || totalCents <= 0) return null;
  const today = dayIn(new Date(), business.timeZone);
  const schedule = fromServer ?? paymentSchedule({ totalCents, hireDate, today, categoryKeys }, business.payments);
  return (
    <section className="payment-schedule" aria-labelledby="payment-schedule-title">
      <h3 id="payment-schedule-title">What you pay and when</h3>
      <p>Nothing is due until we confirm your request. Then, by our terms:</p>
      <ul>
        {scheduleLines(schedule, business.payments).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
