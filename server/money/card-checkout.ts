import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { CustomerBooking } from '../../src/lib/api-contract/customer-booking';
import { cardSurchargeCents } from '../../src/lib/api-contract/payment-terms';
import type { BookingState } from '../booking';
import type { Db } from '../db/client';
import { cardSessions } from '../db/schema';
import { publicOrigin } from '../lib/public-origin';
import { storedOrderView } from '../orders';
import { bookingToken } from '../services/booking-links';
import type { ServiceContext } from '../services/context';
import { mayPayBeforeConfirm } from '../services/paid-confirm';
import { bondByCardText, holdFitsToday } from './bond-by-card';
import { latestHoldOf } from './bond-holds';
import { type Money, moneyOf, moneySettingsOf } from './ledger';
import { nextMoneyStep, SESSION_LIFE_CYCLE, type SessionEvent, type SessionState } from './life-cycle';

/**
 * Paying a booking by card online (Stripe Checkout): what the booking page offers to pay now, and the
 * session the customer is sent to. Stripe's events are applied in card-events.ts.
 */

/** The deposit, everything owed, or the bond held on the card and not charged (issue 61). */
export type CardPayment = 'deposit' | 'rest' | 'bond_hold';

export interface CardOffer {
  what: CardPayment;
  hireCents: number;
  bondCents: number;
  surchargeCents: number;
  totalCents: number;
}

/** What the customer can pay by card now: the deposit while it is owed, and everything still owed. */
export async function cardOffers(
  deps: ServiceContext,
  orderId: string,
  /** The booking's state and money where the caller has read them already (the booking page has). */
  known?: { state: BookingState | null; money: Money | null },
): Promise<CardOffer[]> {
  if (!deps.cards) return [];
  const state = known ? known.state : await deps.booking.state(deps.db, orderId);
  if (!state) return [];
  // Sign and pay (issue 61): a request still held, its quote accepted (or booking without waiting),
  // can have its deposit paid now; it is confirmed when the payment arrives.
  const waiting = state.kind === 'holding' && (await mayPayBeforeConfirm(deps.db, deps, orderId));
  if (state.kind !== 'confirmed' && state.kind !== 'out' && !waiting) return [];
  const money = known ? known.money : await moneyOf(deps.db, orderId, moneySettingsOf(deps.business()));
  if (!money) return [];
  const terms = deps.business().payments;
  const offer = (what: CardPayment, hireCents: number, bondCents: number): CardOffer => {
    // A hold is not a charge: no surcharge on it (one is charged on what is taken, never).
    const surchargeCents = what === 'bond_hold' ? 0 : cardSurchargeCents(hireCents + bondCents, terms);
    return { what, hireCents, bondCents, surchargeCents, totalCents: hireCents + bondCents + surchargeCents };
  };
  const offers: CardOffer[] = [];
  if (waiting) return money.depositOwedCents > 0 ? [offer('deposit', money.depositOwedCents, 0)] : [];
  const rest = money.depositOwedCents + money.balanceOwedCents;
  // Where the hire ends within a hold's life, the bond is held on the card apart from the rest.
  const hold = money.bondOwedCents > 0 && holdFitsToday(deps, state.window.to);
  const bondInRest = hold ? 0 : money.bondOwedCents;
  if (money.depositOwedCents > 0 && rest + bondInRest > money.depositOwedCents) {
    offers.push(offer('deposit', money.depositOwedCents, 0));
  }
  if (rest + bondInRest > 0) offers.push(offer('rest', rest, bondInRest));
  if (hold) offers.push(offer('bond_hold', 0, money.bondOwedCents));
  return offers;
}

/** The booking page's card part: what can be paid now and the surcharge, or null when cards are off. */
export async function cardPart(deps: ServiceContext, orderId: string): Promise<CustomerBooking['card']> {
  if (!deps.cards) return null;
  const [money, hold, state] = await Promise.all([
    moneyOf(deps.db, orderId, moneySettingsOf(deps.business())),
    latestHoldOf(deps.db, orderId),
    deps.booking.state(deps.db, orderId),
  ]);
  const offers = await cardOffers(deps, orderId, { state, money });
  const decided = state?.kind === 'confirmed' || state?.kind === 'out';
  return {
    surchargePercent: deps.business().payments.cardSurchargePercent,
    offers,
    bond: money && state && decided ? bondByCardText(deps, money, hold, state.window.to) : null,
  };
}

export type CheckoutOutcome =
  | { kind: 'ready'; url: string }
  | { kind: 'nothing_owed' }
  | { kind: 'cards_off' }
  /** Another session of the booking is being paid now: its payment comes first. */
  | { kind: 'under_way' };

/**
 * A Stripe Checkout Session for what the customer chose to pay now, priced by the server alone.
 * Records before effects: the session's row (what it pays, the amounts, the currency) is written
 * before Stripe is asked, and every other open session of the booking is expired through Stripe
 * first, so two sessions never together pay more than is owed. The same choice over the same
 * amounts while its session is open is that session again (a double click, a retry).
 */
export async function startCardCheckout(
  deps: ServiceContext,
  orderId: string,
  what: CardPayment,
): Promise<CheckoutOutcome> {
  const cards = deps.cards;
  if (!cards) return { kind: 'cards_off' };
  const offer = (await cardOffers(deps, orderId)).find((candidate) => candidate.what === what);
  if (!offer) return { kind: 'nothing_owed' };
  const business = deps.business();
  const currency = business.currency.toUpperCase();
  const now = deps.clock();
  const open = await deps.db
    .select()
    .from(cardSessions)
    .where(and(eq(cardSessions.orderId, orderId), inArray(cardSessions.status, ['creating', 'open'])));
  const same = open.find(
    (session) =>
      session.status === 'open' &&
      session.url &&
      session.what === what &&
      session.amountCents === offer.totalCents &&
      session.hireCents === offer.hireCents &&
      session.bondCents === offer.bondCents &&
      session.currency === currency &&
      now.getTime() - Date.parse(session.createdAt) < SESSION_REUSE_MS,
  );
  if (same?.url) return { kind: 'ready', url: same.url };
  for (const session of open) {
    if (!session.stripeSessionId) continue;
    if (!(await cards.expire(session.stripeSessionId))) return { kind: 'under_way' };
    await moveSession(deps.db, session.id, session.status, 'expire');
  }
  const { customer } = await storedOrderView(deps.db, deps, orderId);
  const page = `${publicOrigin(deps.config)}/booking/${bookingToken(deps.secret, orderId)}`;
  const lines = [
    { name: `${what === 'deposit' ? 'Deposit' : 'Hire'} for request ${orderId}`, cents: offer.hireCents },
    {
      name:
        what === 'bond_hold'
          ? `Bond for request ${orderId} (held on your card, not charged)`
          : `Bond for request ${orderId} (refundable)`,
      cents: offer.bondCents,
    },
    { name: `Card surcharge (${business.payments.cardSurchargePercent}%)`, cents: offer.surchargeCents },
  ].filter((line) => line.cents > 0);
  const id = randomUUID();
  await deps.db.insert(cardSessions).values({
    id,
    orderId,
    what,
    hireCents: offer.hireCents,
    bondCents: offer.bondCents,
    surchargeCents: offer.surchargeCents,
    amountCents: offer.totalCents,
    currency,
    status: 'creating',
    createdAt: now.toISOString(),
  });
  let session: { id: string; url: string };
  try {
    session = await cards.checkout({
      orderId,
      lines,
      metadata: {
        order_id: orderId,
        card_session: id,
        hire_cents: String(offer.hireCents),
        bond_cents: String(offer.bondCents),
        surcharge_cents: String(offer.surchargeCents),
      },
      customerEmail: customer.email,
      successUrl: `${page}?paid=${what === 'bond_hold' ? 'hold' : 'card'}`,
      cancelUrl: page,
      currency,
      hold: what === 'bond_hold',
      // The row's id: a retry of this very call is the same session at Stripe.
      idempotencyKey: `checkout:${id}`,
    });
  } catch (error) {
    await moveSession(deps.db, id, 'creating', 'create_failed');
    throw error;
  }
  await deps.db
    .update(cardSessions)
    .set({ stripeSessionId: session.id, url: session.url })
    .where(eq(cardSessions.id, id));
  await moveSession(deps.db, id, 'creating', 'created');
  return { kind: 'ready', url: session.url };
}

/** How long an open session is offered again for the same choice (Stripe's own sessions last 24 h). */
const SESSION_REUSE_MS = 60 * 60 * 1000;

/** A session's move by the life-cycle table, written only if it is still where it was read. */
export async function moveSession(
  db: Pick<Db, 'update'>,
  id: string,
  from: SessionState,
  event: SessionEvent,
  more: Partial<typeof cardSessions.$inferInsert> = {},
): Promise<boolean> {
  const step = nextMoneyStep(SESSION_LIFE_CYCLE, from, event);
  if (step.kind !== 'move') return false;
  const result = await db
    .update(cardSessions)
    .set({ ...more, status: step.to })
    .where(and(eq(cardSessions.id, id), eq(cardSessions.status, from)));
  return result.rowsAffected > 0;
}
