import { eq, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import { dayIn } from '../../src/lib/api-contract/dates';
import { formatMoney } from '../../src/lib/api-contract/money';
import type { Tx } from '../booking';
import { cardEvents, cardSessions } from '../db/schema';
import type { ServiceContext } from '../services/context';
import { issuePaymentDocument } from '../services/documents';
import { confirmOnPayment } from '../services/paid-confirm';
import { logActivity } from '../services/team/activity';
import { applyHoldAuthorised, applyHoldCanceled, applyHoldCaptured } from './bond-holds';
import { moveSession } from './card-checkout';
import { applyChargeRefunded, applyDispute } from './card-reversals';
import { moneySettingsOf, type PaymentInput, recordEntries } from './ledger';

/**
 * Stripe's verified events, each applied once by its id in one transaction with what it records
 * (`card_events` keeps every one, with its outcome). A paid Checkout Session is applied once by the
 * session, whatever events arrive for it (`completed`, then `async_payment_succeeded`), and only when
 * its amount and currency are what the server priced and stored before sending the customer to
 * Stripe; anything else is kept for the team to look at and applies nothing. Refunds and disputes
 * made in Stripe's dashboard reach the ledger too (card-reversals.ts).
 */

export type CardEventOutcome =
  | 'applied'
  | 'duplicate'
  | 'ignored'
  | 'unpaid'
  | 'unknown_session'
  | 'amount_mismatch'
  | 'unknown_payment'
  | 'dispute_opened'
  | 'dispute_won'
  | 'dispute_lost'
  /** A bond hold lapsed before the settlement's amount was taken from it (issue 61). */
  | 'hold_lapsed';

/** Outcomes the team is shown on the Money page, to look into. */
const NEEDS_LOOK: ReadonlySet<CardEventOutcome> = new Set([
  'unknown_session',
  'amount_mismatch',
  'unknown_payment',
  'dispute_opened',
  'dispute_lost',
  'hold_lapsed',
]);

export interface Applied {
  outcome: CardEventOutcome;
  orderId?: string | null;
  detail?: string;
}

export async function applyCardEvent(deps: ServiceContext, event: Stripe.Event): Promise<CardEventOutcome> {
  const handler = HANDLERS[event.type];
  if (!handler) return 'ignored';
  return deps.db.transaction(async (tx) => {
    const [seen] = await tx.select({ id: cardEvents.id }).from(cardEvents).where(eq(cardEvents.id, event.id));
    if (seen) return 'duplicate' as const;
    const applied = await handler(tx, deps, event);
    // An event about nothing of ours (a payment intent of a session paid in full) is not kept.
    if (applied.outcome === 'ignored') return applied.outcome;
    await tx.insert(cardEvents).values({
      id: event.id,
      type: event.type,
      orderId: applied.orderId ?? null,
      outcome: applied.outcome,
      detail: applied.detail ?? '',
      needsLook: NEEDS_LOOK.has(applied.outcome),
      receivedAt: deps.clock().toISOString(),
    });
    return applied.outcome;
  });
}

type Handler = (tx: Tx, deps: ServiceContext, event: Stripe.Event) => Promise<Applied>;

const HANDLERS: Partial<Record<string, Handler>> = {
  'checkout.session.completed': (tx, deps, event) => applySessionPaid(tx, deps, event),
  'checkout.session.async_payment_succeeded': (tx, deps, event) => applySessionPaid(tx, deps, event),
  'checkout.session.expired': (tx, _deps, event) => applySessionExpired(tx, event),
  // The bond held on a card (issue 61): authorised, released or lapsed, taken from.
  'payment_intent.amount_capturable_updated': (tx, deps, event) => applyHoldAuthorised(tx, deps, event),
  'payment_intent.canceled': (tx, deps, event) => applyHoldCanceled(tx, deps, event),
  'payment_intent.succeeded': (tx, deps, event) => applyHoldCaptured(tx, deps, event),
  'charge.refunded': (tx, deps, event) => applyChargeRefunded(tx, deps, event.data.object as Stripe.Charge),
  'charge.dispute.created': (tx, deps, event) => applyDispute(tx, deps, event.data.object as Stripe.Dispute, 'created'),
  'charge.dispute.updated': (tx, deps, event) => applyDispute(tx, deps, event.data.object as Stripe.Dispute, 'updated'),
  'charge.dispute.closed': (tx, deps, event) => applyDispute(tx, deps, event.data.object as Stripe.Dispute, 'closed'),
};

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

/** The stored session an event is about: by Stripe's id, or by ours in its metadata (a session whose answer was lost). */
async function storedSession(tx: Tx, session: Stripe.Checkout.Session) {
  const ours = session.metadata?.card_session ?? '';
  const [row] = await tx
    .select()
    .from(cardSessions)
    .where(or(eq(cardSessions.stripeSessionId, session.id), eq(cardSessions.id, ours)));
  return row;
}

async function applySessionPaid(tx: Tx, deps: ServiceContext, event: Stripe.Event): Promise<Applied> {
  const session = event.data.object as Stripe.Checkout.Session;
  const row = await storedSession(tx, session);
  const said = `session ${session.id}, ${formatMoney(session.amount_total ?? 0)} ${String(session.currency ?? '').toUpperCase()}`;
  if (!row) return { outcome: 'unknown_session', detail: `No session of ours: ${said}` };
  const orderId = row.orderId;
  if (session.payment_status !== 'paid') return { outcome: 'unpaid', orderId, detail: said };
  if (session.amount_total !== row.amountCents || String(session.currency ?? '').toUpperCase() !== row.currency) {
    return {
      outcome: 'amount_mismatch',
      orderId,
      detail: `Stripe reported ${said}; the session was made for ${formatMoney(row.amountCents)} ${row.currency}. Nothing was recorded.`,
    };
  }
  const paymentIntent = idOf(session.payment_intent) ?? null;
  if (row.status === 'paid') return { outcome: 'duplicate', orderId, detail: said };
  const moved = await moveSession(tx, row.id, row.status, 'paid', {
    paymentIntent,
    paidAt: deps.clock().toISOString(),
    eventId: event.id,
    ...(row.stripeSessionId ? {} : { stripeSessionId: session.id }),
  });
  if (!moved) return { outcome: 'duplicate', orderId, detail: said };
  const business = deps.business();
  const now = deps.clock();
  const paidOn = dayIn(new Date(event.created * 1000), business.timeZone);
  const entry = (towards: PaymentInput['towards'], cents: number): PaymentInput => ({
    kind: 'payment',
    towards,
    method: 'card_online',
    amountCents: cents,
    paidOn,
    // The session names the payment: whichever of its events comes first records it.
    externalId: towards === 'hire' ? `session:${row.id}` : `session:${row.id}:${towards}`,
    providerRef: paymentIntent,
    note: null,
  });
  // The card's whole charge is in the ledger: the hire, the bond, and a surcharge (its own tax invoice).
  const entries = [
    ...(row.hireCents > 0 ? [entry('hire', row.hireCents)] : []),
    ...(row.bondCents > 0 ? [entry('bond', row.bondCents)] : []),
    ...(row.surchargeCents > 0 ? [entry('surcharge', row.surchargeCents)] : []),
  ];
  const outcome = await recordEntries(
    tx,
    orderId,
    entries,
    'stripe',
    moneySettingsOf(business),
    now,
    async (inner, paymentId) => {
      const receipt = await issuePaymentDocument(inner as Tx, deps, paymentId, now);
      await logActivity(
        inner,
        'system',
        {
          kind: 'payment',
          subjectType: 'request',
          subjectId: orderId,
          summary: `Card payment online (Stripe) towards request ${orderId}${receipt ? `: ${receipt.number}` : ''}`,
          after: { event: event.id, session: session.id, paymentIntent, receipt: receipt?.number ?? null },
        },
        now,
      );
    },
    { received: true },
  );
  if (outcome.kind === 'not_found') return { outcome: 'unknown_session', orderId, detail: `No request ${orderId}` };
  // A waiting request paid for (sign and pay, or booking without waiting): booked now if every item is held.
  if (outcome.kind !== 'duplicate') await confirmOnPayment(tx, deps, orderId, row.hireCents, now);
  return { outcome: outcome.kind === 'duplicate' ? 'duplicate' : 'applied', orderId, detail: said };
}

async function applySessionExpired(tx: Tx, event: Stripe.Event): Promise<Applied> {
  const session = event.data.object as Stripe.Checkout.Session;
  const row = await storedSession(tx, session);
  if (!row) return { outcome: 'ignored' };
  await moveSession(tx, row.id, row.status, 'expire');
  return { outcome: 'applied', orderId: row.orderId };
}
