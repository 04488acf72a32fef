import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import type { CustomerBooking } from '../../src/lib/api-contract/customer-booking';
import { dayIn } from '../../src/lib/api-contract/dates';
import { formatMoney } from '../../src/lib/api-contract/money';
import { cardSurchargeCents } from '../../src/lib/api-contract/payment-terms';
import { publicOrigin } from '../lib/public-origin';
import { bookingToken } from './booking-links';
import type { ServiceContext } from './context';
import { issuePaymentDocument } from './documents';
import { storedOrderView } from './order-emails';
import { moneyOf, moneySettingsOf, type PaymentInput, recordPayments } from './payments';
import { logActivity } from './team/activity';

/**
 * Paying a booking by card online (Stripe Checkout): what the booking page offers to pay now, the
 * session the customer is sent to, and the webhook's event applied once (by its id, in the payment's
 * own transaction, with its receipt and the activity log's line).
 */

export type CardPayment = 'deposit' | 'rest';

export interface CardOffer {
  what: CardPayment;
  hireCents: number;
  bondCents: number;
  surchargeCents: number;
  totalCents: number;
}

/** What the customer can pay by card now: the deposit while it is owed, and everything still owed. */
export async function cardOffers(deps: ServiceContext, orderId: string): Promise<CardOffer[]> {
  if (!deps.cards) return [];
  const state = await deps.booking.state(deps.db, orderId);
  if (!state || (state.kind !== 'confirmed' && state.kind !== 'out')) return [];
  const money = await moneyOf(deps.db, orderId, moneySettingsOf(deps.business()));
  if (!money) return [];
  const terms = deps.business().payments;
  const offer = (what: CardPayment, hireCents: number, bondCents: number): CardOffer => {
    const surchargeCents = cardSurchargeCents(hireCents + bondCents, terms);
    return { what, hireCents, bondCents, surchargeCents, totalCents: hireCents + bondCents + surchargeCents };
  };
  const offers: CardOffer[] = [];
  const rest = money.depositOwedCents + money.balanceOwedCents;
  if (money.depositOwedCents > 0 && rest + money.bondOwedCents > money.depositOwedCents) {
    offers.push(offer('deposit', money.depositOwedCents, 0));
  }
  if (rest + money.bondOwedCents > 0) offers.push(offer('rest', rest, money.bondOwedCents));
  return offers;
}

/** The booking page's card part: what can be paid now and the surcharge, or null when cards are off. */
export async function cardPart(deps: ServiceContext, orderId: string): Promise<CustomerBooking['card']> {
  if (!deps.cards) return null;
  return { surchargePercent: deps.business().payments.cardSurchargePercent, offers: await cardOffers(deps, orderId) };
}

export type CheckoutOutcome = { kind: 'ready'; url: string } | { kind: 'nothing_owed' } | { kind: 'cards_off' };

/** A Stripe Checkout Session for what the customer chose to pay now, priced by the server alone. */
export async function startCardCheckout(
  deps: ServiceContext,
  orderId: string,
  what: CardPayment,
): Promise<CheckoutOutcome> {
  if (!deps.cards) return { kind: 'cards_off' };
  const offer = (await cardOffers(deps, orderId)).find((candidate) => candidate.what === what);
  if (!offer) return { kind: 'nothing_owed' };
  const business = deps.business();
  const { customer } = await storedOrderView(deps.db, deps, orderId);
  const page = `${publicOrigin(deps.config)}/booking/${bookingToken(deps.secret, orderId)}`;
  const lines = [
    { name: `${what === 'deposit' ? 'Deposit' : 'Hire'} for request ${orderId}`, cents: offer.hireCents },
    { name: `Bond for request ${orderId} (refundable)`, cents: offer.bondCents },
    { name: `Card surcharge (${business.payments.cardSurchargePercent}%)`, cents: offer.surchargeCents },
  ].filter((line) => line.cents > 0);
  const day = dayIn(deps.clock(), business.timeZone);
  // The same choice on the same day over the same amounts is the same session (a double click, a retry).
  const key = createHash('sha256')
    .update(`checkout:${orderId}:${what}:${offer.hireCents}:${offer.bondCents}:${offer.surchargeCents}:${day}`)
    .digest('base64url');
  const session = await deps.cards.checkout({
    orderId,
    lines,
    metadata: {
      order_id: orderId,
      hire_cents: String(offer.hireCents),
      bond_cents: String(offer.bondCents),
      surcharge_cents: String(offer.surchargeCents),
    },
    customerEmail: customer.email,
    successUrl: `${page}?paid=card`,
    cancelUrl: page,
    currency: business.currency,
    idempotencyKey: key,
  });
  return { kind: 'ready', url: session.url };
}

export type CardEventOutcome = 'applied' | 'duplicate' | 'ignored' | 'unknown_order';

const whole = (value: string | undefined) => (value && /^\d{1,9}$/.test(value) ? Number(value) : 0);

/**
 * A verified Stripe event applied: a completed, paid Checkout Session records what it paid towards
 * the hire and the bond (and a receipt for each), once by the event's id, whatever replays come.
 */
export async function applyCardEvent(deps: ServiceContext, event: Stripe.Event): Promise<CardEventOutcome> {
  if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') {
    return 'ignored';
  }
  const session = event.data.object as Stripe.Checkout.Session;
  if (session.payment_status !== 'paid') return 'ignored';
  const orderId = session.metadata?.order_id ?? session.client_reference_id ?? '';
  if (!(await deps.booking.state(deps.db, orderId))) return 'unknown_order';
  const paymentIntent =
    typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  const hire = whole(session.metadata?.hire_cents);
  const bond = whole(session.metadata?.bond_cents);
  const surcharge = whole(session.metadata?.surcharge_cents);
  const now = deps.clock();
  const paidOn = dayIn(new Date(event.created * 1000), deps.business().timeZone);
  const entry = (towards: 'hire' | 'bond', cents: number, suffix: string): PaymentInput => ({
    kind: 'payment',
    towards,
    method: 'card_online',
    amountCents: cents,
    paidOn,
    externalId: `${event.id}${suffix}`,
    providerRef: paymentIntent ?? null,
    note: surcharge > 0 && towards === 'hire' ? `Card surcharge of ${formatMoney(surcharge)} paid with it` : null,
  });
  // A session that names no split (made elsewhere) is all towards the hire.
  const entries = [
    ...(hire > 0 || bond === 0 ? [entry('hire', hire || (session.amount_total ?? 0) - surcharge, '')] : []),
    ...(bond > 0 ? [entry('bond', bond, hire > 0 ? ':bond' : '')] : []),
  ];
  const outcome = await recordPayments(
    deps.db,
    orderId,
    entries,
    'stripe',
    moneySettingsOf(deps.business()),
    now,
    async (tx, paymentId) => {
      const receipt = await issuePaymentDocument(tx, deps, paymentId, now);
      await logActivity(
        tx,
        'system',
        {
          kind: 'payment',
          subjectType: 'request',
          subjectId: orderId,
          summary: `Card payment online (Stripe) towards request ${orderId}${receipt ? `: ${receipt.number}` : ''}`,
          after: { event: event.id, paymentIntent, receipt: receipt?.number ?? null },
        },
        now,
      );
    },
    { received: true },
  );
  return outcome.kind === 'duplicate' ? 'duplicate' : outcome.kind === 'recorded' ? 'applied' : 'unknown_order';
}
