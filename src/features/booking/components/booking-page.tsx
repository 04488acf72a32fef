import { Thumb } from '../../../components/ui/thumb';
import { useBusiness } from '../../../hooks/use-business';
import { useOnlineStatus } from '../../../hooks/use-online-status';
import type { CustomerBooking } from '../../../lib/api-contract/customer-booking';
import { longDate } from '../../../lib/api-contract/dates';
import { billOf, formatMoney, gstPercent, includesGstText, quantityText } from '../../../lib/api-contract/money';
import { PaymentRules } from '../../payments';
import { acceptedText, entryText, handOverText, leadOf, owedText, STATUS_TEXT } from '../booking-text';
import { AcceptTermsForm } from './accept-terms-form';
import { CardPayment } from './card-payment';
import { WaiverOffer } from './waiver-offer';
import './booking.css';

/**
 * A customer's booking, by the signed link in their emails: its state, the items and totals, the
 * hand-over days, what is paid and due (and when), how to pay, the documents to download, and the
 * terms to accept. Read from this device's copy when offline.
 */
export function BookingPage({
  booking,
  token,
  problem,
  paidByCard,
  fromCache,
}: {
  booking: CustomerBooking;
  token: string;
  /** The form sent before the page's script ran: without a name or the tick, or on a quote since changed. */
  problem: 'accept' | 'quote' | 'sign' | null;
  /** Back from Stripe's page: the payment shows once Stripe tells the shop. */
  /** Back from Stripe: a card payment, or the bond held on the card (issue 61). */
  paidByCard: 'card' | 'hold' | null;
  fromCache: boolean;
}) {
  const business = useBusiness();
  const online = useOnlineStatus();
  const status = STATUS_TEXT[booking.status];
  // The items, the delivery fee, then the team's own lines (the lines add up to the total).
  const ownLines = booking.ownLines ?? [];
  const ownFrom = booking.items.length + (booking.deliveryFee ? 1 : 0);
  const bill = billOf(
    [
      ...booking.items.map((item) => ({ unitCents: item.unitCents, quantity: item.quantity })),
      ...(booking.deliveryFee ? [{ unitCents: booking.deliveryFee.cents, quantity: 1 }] : []),
      ...ownLines.map((line) => ({ unitCents: line.unitCents, quantity: line.quantity, gstFree: line.gstFree })),
    ],
    // The booking's own price basis (entered with GST or not), whatever the shop's is now.
    booking.pricesIncludeGst
      ? { ...business, priceDisplay: 'including_gst', pricesIncludeGst: true }
      : { ...business, pricesIncludeGst: false },
  );
  const open = booking.status !== 'declined' && booking.status !== 'cancelled';
  return (
    <article className="page booking" aria-labelledby="booking-title">
      <header className="booking__head">
        <p className={`booking__status booking__status--${booking.status}`}>{status.label}</p>
        <h1 id="booking-title">{booking.status === 'requested' && booking.quote ? 'Your quote' : 'Your booking'}</h1>
        <p className="booking__ref">
          {booking.lastDay > booking.hireDate
            ? `Request ${booking.orderId} for ${longDate(booking.hireDate)} to ${longDate(booking.lastDay)}`
            : `Request ${booking.orderId} for ${longDate(booking.hireDate)}`}
        </p>
        <p className="booking__lead">{leadOf(booking)}</p>
        {paidByCard && (
          <p className="booking__offline" role="status">
            {paidByCard === 'hold'
              ? 'Thank you: the hold on your card is with Stripe. Your bond shows here as held within a minute.'
              : 'Thank you: your card payment is with Stripe. It shows here as paid, with its receipt, within a minute.'}
          </p>
        )}
        {(!online || fromCache) && (
          <p className="booking__offline" role="status">
            You are offline: this is your booking as it was when you last opened it here.
          </p>
        )}
      </header>

      <div className="booking__grid split">
        <section className="booking__card" aria-labelledby="booking-items">
          <h2 id="booking-items">Your items</h2>
          <p className="booking__when">{handOverText(booking)}</p>
          {booking.deliveryAddress && <p className="booking__when">Delivery to {booking.deliveryAddress}</p>}
          <ul className="booking__lines">
            {booking.items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the booking's lines in their stored order, never reordered here.
              <li key={index} className="booking__line">
                <Thumb src={item.photoUrl} size={56} />
                <span>
                  <strong>{item.name}</strong>
                  {item.variations.length > 0 && <small>{item.variations.join(', ')}</small>}
                  <small>
                    {quantityText(
                      item.quantity,
                      bill.lines[index] ?? { unitCents: item.unitCents, lineCents: item.unitCents * item.quantity },
                      { totalShown: true },
                    )}
                  </small>
                </span>
                <span className="booking__amount">{formatMoney(bill.lines[index]?.lineCents ?? 0)}</span>
              </li>
            ))}
            {booking.deliveryFee && (
              <li className="booking__line booking__line--fee">
                <span />
                <span>
                  <strong>{booking.deliveryFee.label}</strong>
                </span>
                <span className="booking__amount">{formatMoney(bill.lines[booking.items.length]?.lineCents ?? 0)}</span>
              </li>
            )}
            {ownLines.map((line, index) => {
              const shown = bill.lines[ownFrom + index] ?? { unitCents: line.unitCents, lineCents: 0 };
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the booking's own lines in their stored order.
                <li key={index} className="booking__line booking__line--fee">
                  <span />
                  <span>
                    <strong>{line.label}</strong>
                    {line.gstFree && <small>GST-free</small>}
                    {line.quantity > 1 && <small>{quantityText(line.quantity, shown, { totalShown: true })}</small>}
                  </span>
                  <span className="booking__amount">{formatMoney(shown.lineCents)}</span>
                </li>
              );
            })}
          </ul>
          {booking.deliveryToQuote && <p className="booking__muted">Delivery fee: our team will quote it by email.</p>}
          <dl className="booking__totals">
            {!bill.includesGst && (
              <>
                <div>
                  <dt>Subtotal</dt>
                  <dd>{formatMoney(booking.subtotalCents)}</dd>
                </div>
                <div>
                  <dt>GST ({gstPercent(business.gstRate)})</dt>
                  <dd>{formatMoney(booking.gstCents)}</dd>
                </div>
              </>
            )}
            <div className="booking__grand">
              <dt>Total</dt>
              <dd>{formatMoney(booking.totalCents)}</dd>
            </div>
          </dl>
          {bill.includesGst && <p className="booking__muted">{includesGstText(booking.gstCents)}</p>}
        </section>

        <div className="booking__side">
          <BookingMoney booking={booking} token={token} />
          {booking.waiver && (
            <WaiverOffer token={token} waiver={booking.waiver} pricesIncludeGst={booking.pricesIncludeGst} />
          )}
          {booking.documents.length > 0 && (
            <section className="booking__card" aria-labelledby="booking-documents">
              <h2 id="booking-documents">Invoices and receipts</h2>
              <ul className="booking__documents">
                {booking.documents.map((doc) => (
                  <li key={doc.number}>
                    <a href={doc.url} download>
                      {doc.title} {doc.number} (PDF)
                    </a>
                    <small>
                      {longDate(doc.issuedOn)}, {formatMoney(doc.totalCents)}
                    </small>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>

      {open && (
        <>
          <PaymentRules business={business} />
          <section className="booking__card booking__terms" aria-labelledby="booking-terms">
            <h2 id="booking-terms">Our terms</h2>
            {booking.terms.accepted ? (
              <p>
                {acceptedText(booking.terms.accepted, business.timeZone)}{' '}
                <a href={booking.terms.accepted.url} download>
                  {booking.terms.accepted.signed
                    ? 'Download the signed agreement (PDF)'
                    : 'Download the accepted terms (PDF)'}
                </a>
              </p>
            ) : (
              <>
                <p>
                  Please read our <a href="/terms">Terms &amp; Conditions of Hire</a> and accept them with your name.
                </p>
                <AcceptTermsForm token={token} problem={problem} quote={booking.quote ?? null} />
              </>
            )}
          </section>
        </>
      )}
    </article>
  );
}

function BookingMoney({ booking, token }: { booking: CustomerBooking; token: string }) {
  const { money } = booking;
  if (booking.settlement.length > 0) {
    return (
      <section className="booking__card" aria-labelledby="booking-money">
        <h2 id="booking-money">{booking.status === 'cancelled' ? 'Your refund' : 'Your bond'}</h2>
        {booking.settlement.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {money && money.entries.length > 0 && <PaidSoFar entries={money.entries} />}
      </section>
    );
  }
  if (!money) {
    return (
      <section className="booking__card" aria-labelledby="booking-money">
        <h2 id="booking-money">What you pay and when</h2>
        {booking.status === 'requested' && booking.card?.offers.length ? (
          // Sign and pay (issue 61): the deposit now, and the booking is confirmed as it arrives.
          <>
            <p>Pay the deposit now and your booking is confirmed as soon as it is paid, while every item is free.</p>
            <CardPayment card={booking.card} token={token} />
          </>
        ) : (
          <p>
            {booking.status === 'requested'
              ? 'Nothing is due until we confirm your request.'
              : 'Nothing is owed for this request.'}
          </p>
        )}
      </section>
    );
  }
  const rows = [
    ['Deposit', money.deposit] as const,
    ...(money.balance ? [['Balance', money.balance] as const] : []),
    ['Bond', money.bond] as const,
  ];
  return (
    <section className="booking__card" aria-labelledby="booking-money">
      <h2 id="booking-money">What you pay and when</h2>
      <dl className="booking__owed">
        {rows.map(([name, owed]) => (
          <div key={name} className={owed.owedCents <= 0 ? 'is-paid' : undefined}>
            <dt>
              {name} <span>{formatMoney(owed.cents)}</span>
            </dt>
            <dd>{owedText(owed)}</dd>
          </div>
        ))}
      </dl>
      {money.entries.length > 0 && <PaidSoFar entries={money.entries} />}
      {booking.card?.bond && <p className="booking__muted">{booking.card.bond}</p>}
      {booking.card && <CardPayment card={booking.card} token={token} />}
      {booking.waysToPay.length > 0 && (
        <>
          <h3>{booking.card?.offers.length ? 'Other ways to pay' : 'How to pay'}</h3>
          <ul className="booking__ways">
            {booking.waysToPay.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function PaidSoFar({ entries }: { entries: NonNullable<CustomerBooking['money']>['entries'] }) {
  return (
    <>
      <h3>Paid so far</h3>
      <ul className="booking__entries">
        {entries.map((entry) => (
          <li key={entry.id}>{entryText(entry)}</li>
        ))}
      </ul>
    </>
  );
}
