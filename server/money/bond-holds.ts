import { and, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import { CARD_HOLD_DAYS } from '../../src/lib/api-contract/bond-hold';
import { dayIn } from '../../src/lib/api-contract/dates';
import { formatMoney } from '../../src/lib/api-contract/money';
import type { Tx } from '../booking';
import type { Db } from '../db/client';
import { bondHolds, cardSessions } from '../db/schema';
import type { ServiceContext } from '../services/context';
import { logActivity } from '../services/team/activity';
import { moveSession } from './card-checkout';
import type { Applied } from './card-events';
import { ACTIVE_HOLDS, moneyOf, moneySettingsOf, recordEntries } from './ledger';
import { HOLD_LIFE_CYCLE, type HoldEvent, type HoldState, nextMoneyStep } from './life-cycle';
import { documentedAndLogged } from './recorded-with';

/**
 * The bond held on a card, not charged (issue 61): a Checkout Session with manual capture. Stripe's
 * `payment_intent.amount_capturable_updated` records the hold once (checked against the amount and
 * currency the server priced); the bond's settlement writes what to take of it or that it is released,
 * a cancellation or a decline releases it, and the hold worker (bond-hold-sender.ts) asks Stripe.
 * What is taken is recorded in the ledger once, by the hold, as a bond payment by card. A hold Stripe
 * lets lapse (`payment_intent.canceled`) leaves the bond owed again.
 */

export type BondHold = typeof bondHolds.$inferSelect;
type Reader = Pick<Db, 'select'>;

/** The request's hold still on the card (not yet taken from, released or lapsed), or null. */
export async function activeHoldOf(db: Reader, orderId: string): Promise<BondHold | null> {
  const [hold] = await db
    .select()
    .from(bondHolds)
    .where(and(eq(bondHolds.orderId, orderId), inArray(bondHolds.status, ACTIVE_HOLDS)));
  return hold ?? null;
}

/** The request's newest hold, whatever became of it: what the team and the customer are told. */
export async function latestHoldOf(db: Reader, orderId: string): Promise<BondHold | null> {
  const rows = await db.select().from(bondHolds).where(eq(bondHolds.orderId, orderId));
  return rows.sort((a, b) => b.heldAt.localeCompare(a.heldAt))[0] ?? null;
}

/** A hold's move by the life-cycle table, written only if it is still where it was read. */
export async function moveHold(
  db: Pick<Db, 'update'>,
  id: string,
  from: HoldState,
  event: HoldEvent,
  more: Partial<typeof bondHolds.$inferInsert> = {},
): Promise<boolean> {
  const step = nextMoneyStep(HOLD_LIFE_CYCLE, from, event);
  if (step.kind !== 'move') return false;
  const result = await db
    .update(bondHolds)
    .set({ ...more, status: step.to })
    .where(and(eq(bondHolds.id, id), eq(bondHolds.status, from)));
  return result.rowsAffected > 0;
}

const holdLog = (tx: Pick<Db, 'insert'>, orderId: string, summary: string, after: Record<string, unknown>, now: Date) =>
  logActivity(tx, 'system', { kind: 'bond_hold', subjectType: 'request', subjectId: orderId, summary, after }, now);

/**
 * `payment_intent.amount_capturable_updated`: a hold session's card authorised. Recorded once by the
 * session; released at once where the bond is no longer owed (paid meanwhile, or the booking ended).
 */
export async function applyHoldAuthorised(tx: Tx, deps: ServiceContext, event: Stripe.Event): Promise<Applied> {
  const intent = event.data.object as Stripe.PaymentIntent;
  const [row] = await tx
    .select()
    .from(cardSessions)
    .where(eq(cardSessions.id, intent.metadata?.card_session ?? ''));
  if (row?.what !== 'bond_hold') return { outcome: 'ignored' };
  const orderId = row.orderId;
  const said = `payment ${intent.id}, ${formatMoney(intent.amount_capturable)} ${intent.currency.toUpperCase()} held`;
  if (intent.amount_capturable !== row.amountCents || intent.currency.toUpperCase() !== row.currency) {
    return {
      outcome: 'amount_mismatch',
      orderId,
      detail: `Stripe reported ${said}; the hold was made for ${formatMoney(row.amountCents)} ${row.currency}. Nothing was recorded.`,
    };
  }
  const [known] = await tx.select({ id: bondHolds.id }).from(bondHolds).where(eq(bondHolds.id, row.id));
  if (known) return { outcome: 'duplicate', orderId, detail: said };
  const now = deps.clock();
  const heldAt = new Date(event.created * 1000);
  const money = await moneyOf(tx, orderId, moneySettingsOf(deps.business()));
  const state = await deps.booking.state(tx, orderId);
  const wanted =
    !!money && money.bondOwedCents >= row.amountCents && (state?.kind === 'confirmed' || state?.kind === 'out');
  await tx.insert(bondHolds).values({
    id: row.id,
    orderId,
    paymentIntent: intent.id,
    amountCents: row.amountCents,
    currency: row.currency,
    // A hold nothing is owed for any more goes back at once (the worker releases it).
    status: wanted ? 'held' : 'release_due',
    heldAt: heldAt.toISOString(),
    expiresAt: new Date(heldAt.getTime() + CARD_HOLD_DAYS * 86_400_000).toISOString(),
  });
  await moveSession(tx, row.id, row.status, 'paid', {
    paymentIntent: intent.id,
    paidAt: now.toISOString(),
    eventId: event.id,
  });
  await holdLog(
    tx,
    orderId,
    wanted
      ? `The bond of ${formatMoney(row.amountCents)} held on the customer's card for request ${orderId} (Stripe ${intent.id})`
      : `A bond hold of ${formatMoney(row.amountCents)} on request ${orderId} arrived when no bond was owed: it is released`,
    { paymentIntent: intent.id, event: event.id },
    now,
  );
  return { outcome: 'applied', orderId, detail: said };
}

/** `payment_intent.canceled` for a hold: released as asked, or lapsed (the bond owed again). */
export async function applyHoldCanceled(tx: Tx, deps: ServiceContext, event: Stripe.Event): Promise<Applied> {
  const intent = event.data.object as Stripe.PaymentIntent;
  const [hold] = await tx.select().from(bondHolds).where(eq(bondHolds.paymentIntent, intent.id));
  if (!hold) return { outcome: 'ignored' };
  const now = deps.clock();
  const moved = await moveHold(tx, hold.id, hold.status, 'lapsed', { doneAt: now.toISOString(), leaseUntil: null });
  if (!moved) return { outcome: 'duplicate', orderId: hold.orderId };
  const lost = hold.status === 'capture_due';
  if (hold.status !== 'release_due') {
    await holdLog(
      tx,
      hold.orderId,
      lost
        ? `The bond hold on request ${hold.orderId} lapsed before ${formatMoney(hold.captureCents ?? 0)} was taken from it: ask the customer to pay it`
        : `The bond hold of ${formatMoney(hold.amountCents)} on request ${hold.orderId} lapsed: the bond is owed again`,
      { paymentIntent: intent.id, event: event.id },
      now,
    );
  }
  return lost
    ? {
        outcome: 'hold_lapsed',
        orderId: hold.orderId,
        detail: `Bond hold ${intent.id} lapsed before it was taken from`,
      }
    : { outcome: 'applied', orderId: hold.orderId };
}

/** `payment_intent.succeeded` for a hold: what the settlement took, recorded once (the worker may have already). */
export async function applyHoldCaptured(tx: Tx, deps: ServiceContext, event: Stripe.Event): Promise<Applied> {
  const intent = event.data.object as Stripe.PaymentIntent;
  const [hold] = await tx.select().from(bondHolds).where(eq(bondHolds.paymentIntent, intent.id));
  if (!hold) return { outcome: 'ignored' };
  const recorded = await recordCapture(tx, deps, hold, intent.amount_received);
  return { outcome: recorded ? 'applied' : 'duplicate', orderId: hold.orderId };
}

/**
 * What Stripe took of a hold, as a bond payment by card in the ledger, once by the hold (its receipt
 * and the log's line with it); the hold is then `captured`. Answers whether it recorded anything now.
 */
export async function recordCapture(tx: Tx, deps: ServiceContext, hold: BondHold, cents: number): Promise<boolean> {
  const now = deps.clock();
  const business = deps.business();
  await moveHold(tx, hold.id, hold.status, 'captured', { doneAt: now.toISOString(), leaseUntil: null });
  if (cents <= 0) return false;
  const outcome = await recordEntries(
    tx,
    hold.orderId,
    [
      {
        kind: 'payment',
        towards: 'bond',
        method: 'card_online',
        amountCents: cents,
        paidOn: dayIn(now, business.timeZone),
        externalId: `hold:${hold.id}`,
        providerRef: hold.paymentIntent,
        note: 'Taken from the bond held on the card',
      },
    ],
    'stripe',
    moneySettingsOf(business),
    now,
    documentedAndLogged(deps, 'system', hold.orderId, now, 'payment', {
      summary: `${formatMoney(cents)} of the bond held on the card taken for request ${hold.orderId} (Stripe ${hold.paymentIntent})`,
      after: { hold: hold.id, paymentIntent: hold.paymentIntent },
    }),
    { received: true },
  );
  return outcome.kind === 'recorded';
}

/**
 * The settlement's word to a request's hold, in the settlement's transaction: take `keepCents` (at
 * most the hold; Stripe releases the rest) or release it. Answers what was held and what is taken.
 */
export async function settleHold(
  tx: Tx,
  orderId: string,
  keepCents: number,
): Promise<{ heldCents: number; takenCents: number }> {
  const hold = await activeHoldOf(tx, orderId);
  if (hold?.status !== 'held') return { heldCents: 0, takenCents: 0 };
  const takenCents = Math.min(keepCents, hold.amountCents);
  const moved =
    takenCents > 0
      ? await moveHold(tx, hold.id, 'held', 'keep', { captureCents: takenCents })
      : await moveHold(tx, hold.id, 'held', 'release', { captureCents: 0 });
  return moved ? { heldCents: hold.amountCents, takenCents } : { heldCents: 0, takenCents: 0 };
}

/** Releases a request's hold (a cancellation, a decline), in the caller's transaction. */
export async function releaseHolds(tx: Tx, orderId: string, now: Date): Promise<number> {
  const hold = await activeHoldOf(tx, orderId);
  if (hold?.status !== 'held') return 0;
  if (!(await moveHold(tx, hold.id, 'held', 'release', { captureCents: 0 }))) return 0;
  await holdLog(
    tx,
    orderId,
    `The bond hold of ${formatMoney(hold.amountCents)} on request ${orderId} is released`,
    { paymentIntent: hold.paymentIntent },
    now,
  );
  return hold.amountCents;
}
