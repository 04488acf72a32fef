import { useBusiness } from '../../../hooks/use-business';
import { addressLine } from '../../../lib/api-contract/business-settings';
import { longDate } from '../../../lib/api-contract/dates';
import { isCalendarDay } from '../../../lib/api-contract/hold-window';
import { quantityText, totalsOf } from '../../../lib/api-contract/money';
import { formatMoney, usePriceText } from '../../catalogue';
import { PaymentScheduleNote } from '../../payments';
import { fulfilmentText, pickupWindow, replyByText } from '../next-steps';
import type { OrderReceipt } from '../order-receipt';
import { TotalsList } from './totals-list';
import './order-receipt.css';
import { Thumb } from '../../../components/ui/thumb';

export interface OrderReceiptViewProps {
  receipt: OrderReceipt;
  /** A saved request's number once the outbox has delivered it; null while it waits. */
  deliveredOrderId?: string | null;
}

/** The success page's account of the request: its number, what was asked for, and what happens next. */
export function OrderReceiptView({ receipt, deliveredOrderId = null }: OrderReceiptViewProps) {
  const orderId = receipt.orderId ?? deliveredOrderId;
  const waiting = receipt.saved && deliveredOrderId === null;
  const lastDay = receipt.lastDay && receipt.lastDay > receipt.hireDate ? receipt.lastDay : receipt.hireDate;
  // A longer hire reads "Friday 11 December 2026 to Sunday 13 December 2026" wherever its date is said.
  const date =
    lastDay === receipt.hireDate ? longDate(receipt.hireDate) : `${longDate(receipt.hireDate)} to ${longDate(lastDay)}`;
  const taken = receipt.lines.filter((line) => line.taken).length;
  const business = useBusiness();
  // The lines on the shop's price basis: with GST where its prices show GST, adding up to the total.
  // The delivery fee, when there is one, is the bill's last line.
  const bill = usePriceText().bill([
    ...receipt.lines.map((line) => ({ unitCents: line.priceCents, quantity: line.quantity })),
    ...(receipt.deliveryFee ? [{ unitCents: receipt.deliveryFee.cents, quantity: 1 }] : []),
    ...(receipt.waiver ? [{ unitCents: receipt.waiver.cents, quantity: 1 }] : []),
  ]);
  const feeIndex = receipt.lines.length;
  const pickup =
    receipt.deliveryOption === 'pickup' && isCalendarDay(receipt.hireDate)
      ? pickupWindow(receipt.hireDate, business, lastDay)
      : null;
  return (
    <div className="receipt">
      <section className="receipt__card" aria-labelledby="receipt-title">
        <div className="receipt__head">
          <h2 id="receipt-title">{orderId ? `Order request #${orderId}` : 'Your order request'}</h2>
          {receipt.saved && (
            <p className="receipt__state" role="status">
              {waiting ? 'Saved on this device, waiting to be sent' : 'Sent: it has reached our team'}
            </p>
          )}
        </div>
        {taken > 0 && (
          <p className="receipt__taken-note" role="status">
            {taken === 1 ? 'One item was' : `${taken} items were`} taken for {date} by another request just before yours
            arrived. Our team will contact you with options: other items, or another date.
          </p>
        )}
        <dl className="receipt__facts">
          <div>
            <dt>{lastDay === receipt.hireDate ? 'Hire date' : 'Hire dates'}</dt>
            <dd>{date}</dd>
          </div>
          <div>
            <dt>{receipt.deliveryOption === 'pickup' ? 'Pickup' : 'Delivery'}</dt>
            <dd>{receipt.deliveryOption === 'pickup' ? addressLine(business) : receipt.deliveryAddress}</dd>
          </div>
          {pickup && (
            <div>
              <dt>Pick up and return</dt>
              <dd>
                {longDate(pickup.from)}
                <br />
                {longDate(pickup.to)}
              </dd>
            </div>
          )}
        </dl>
        <ul className="receipt__lines">
          {receipt.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines of a sent request never move.
            <li key={index} className="receipt__line">
              <Thumb src={line.photoUrl} size={64} />
              <div className="receipt__line-text">
                <p className="receipt__name">{line.name}</p>
                {line.choices.length > 0 && <p className="receipt__choices">With {line.choices.join(', ')}</p>}
                <p className="receipt__qty">
                  {quantityText(
                    line.quantity,
                    bill.lines[index] ?? { unitCents: line.priceCents, lineCents: line.priceCents * line.quantity },
                    { totalShown: true },
                  )}
                </p>
                {line.taken && <p className="receipt__taken">Taken for {date}: our team will offer options</p>}
              </div>
              <p className="receipt__amount">{formatMoney(bill.lines[index]?.lineCents ?? 0)}</p>
            </li>
          ))}
          {receipt.deliveryFee && (
            <li className="receipt__line receipt__line--fee">
              <span />
              <div className="receipt__line-text">
                <p className="receipt__name">{receipt.deliveryFee.label}</p>
              </div>
              <p className="receipt__amount">{formatMoney(bill.lines[feeIndex]?.lineCents ?? 0)}</p>
            </li>
          )}
          {receipt.waiver && (
            <li className="receipt__line receipt__line--fee">
              <span />
              <div className="receipt__line-text">
                <p className="receipt__name">{receipt.waiver.label}</p>
              </div>
              <p className="receipt__amount">{formatMoney(bill.lines.at(-1)?.lineCents ?? 0)}</p>
            </li>
          )}
        </ul>
        <TotalsList subtotalCents={receipt.subtotalCents} block="receipt" />
        <PaymentScheduleNote
          totalCents={totalsOf(receipt.subtotalCents, business).totalCents}
          hireDate={receipt.hireDate}
          schedule={receipt.schedule}
        />
        {receipt.payNow && (
          // Book without waiting (issue 61): the deposit paid now books it, while every item is free.
          <div className="receipt__pay-now">
            <p>Everything you asked for is free: pay the deposit now and your booking is confirmed at once.</p>
            <a className="button" href={receipt.payNow}>
              Pay the deposit and book
            </a>
          </div>
        )}
      </section>
      <section className="receipt__next" aria-labelledby="next-steps-title">
        <h2 id="next-steps-title">What happens next</h2>
        <ol>
          <li>
            {waiting
              ? `Once it reaches us, we check that everything is free ${lastDay === receipt.hireDate ? 'on' : 'from'} ${date} and email you to confirm within one working day.`
              : `We check that everything is free ${lastDay === receipt.hireDate ? 'on' : 'from'} ${date} and email you to confirm by ${replyByText(new Date(receipt.arrivedAt), business)}.`}
          </li>
          <li>
            {fulfilmentText(
              receipt.deliveryOption,
              receipt.deliveryAddress,
              receipt.hireDate,
              business,
              new Date(),
              lastDay,
            )}
          </li>
          {business.phone && business.email ? (
            <li>
              Questions before then? Call <a href={business.phoneHref}>{business.phone}</a> or email{' '}
              <a href={`mailto:${business.email}`}>{business.email}</a>.
            </li>
          ) : business.phone || business.email ? (
            <li>
              Questions before then?{' '}
              {business.phone ? (
                <>
                  Call <a href={business.phoneHref}>{business.phone}</a>.
                </>
              ) : (
                <>
                  Email <a href={`mailto:${business.email}`}>{business.email}</a>.
                </>
              )}
            </li>
          ) : null}
        </ol>
      </section>
    </div>
  );
}
