import { and, eq, sql } from 'drizzle-orm';
import { dayIn } from '../../src/lib/api-contract/dates';
import { formatMoney } from '../../src/lib/api-contract/money';
import type { Db } from '../db/client';
import { cancellations, cardRefunds, orders } from '../db/schema';
import type { ServiceContext } from '../services/context';
import { type Acting, actorName, logActivity } from '../services/team/activity';
import { queueCardRefund, sendCardRefund } from './card-refunds';
import { cardSourcesOf } from './card-sources';
import { type EntrySummary, type Money, moneyOf, moneySettingsOf } from './ledger';

/**
 * Money that arrived beyond what is owed is never silent (issue 59): a card session paid late, two
 * payments for one thing, a payment after the booking was cancelled or declined. It is worked out
 * from the ledger (never stored, so it is right after any entry) and shown on the request and the
 * Money page as "to pay back", hire and bond apart; what came by card goes back in one step.
 */
export interface PayBack {
  hireCents: number;
  bondCents: number;
  why: string;
}

type Reader = Pick<Db, 'select'>;

/** What the rule reads of a request besides its money: its answer, its return, its cancellation, and refunds on their way. */
interface PayBackFacts {
  decision: string | null;
  returnedOn: string | null;
  cancellation: typeof cancellations.$inferSelect | null;
  /** Refunds to cards written and not yet answered by Stripe: on their way, so no longer to pay back. */
  sending: { hire: number; bond: number };
}

/** Refunds recorded since an instant towards the hire or the bond, from the booking's entries. */
const refundedSince = (money: Money<EntrySummary>, at: string, towards: 'hire' | 'bond') =>
  money.entries
    .filter((entry) => entry.kind === 'refund' && entry.towards === towards && entry.recordedAt >= at)
    .reduce((sum, entry) => sum + entry.amountCents, 0);

/** The rule, pure: what a request holds beyond what it owes, or null. */
function payBackFrom(money: Money<EntrySummary>, facts: PayBackFacts): PayBack | null {
  let found: PayBack;
  const { cancellation: cancelled, sending } = facts;
  if (facts.decision === 'cancelled' || facts.decision === 'declined') {
    if (cancelled) {
      // (A refund on its way counts on both sides here: paid less, and less still owed by the cancellation.)
      const hireOwed = Math.max(0, cancelled.refundCents - refundedSince(money, cancelled.at, 'hire'));
      const bondOwed = Math.max(0, cancelled.bondRefundCents - refundedSince(money, cancelled.at, 'bond'));
      found = {
        hireCents: Math.max(0, money.paidCents - cancelled.keptCents - hireOwed),
        bondCents: Math.max(0, money.bondPaidCents - bondOwed),
        why: 'paid after the booking was cancelled',
      };
    } else {
      found = {
        hireCents: Math.max(0, money.paidCents - sending.hire),
        bondCents: Math.max(0, money.bondPaidCents - sending.bond),
        why: `paid on a request that was ${facts.decision}`,
      };
    }
  } else {
    found = {
      hireCents: Math.max(0, money.overpaidCents.hire - sending.hire),
      // After the return, the bond is settled (and refunded) by its own rules.
      bondCents: facts.returnedOn ? 0 : Math.max(0, money.overpaidCents.bond - sending.bond),
      why: 'paid beyond what the booking costs',
    };
  }
  return found.hireCents > 0 || found.bondCents > 0 ? found : null;
}

/** The facts of many requests in three reads, the ids as one JSON parameter (as moneyOfMany reads). */
async function factsOf(db: Reader, orderIds: readonly string[]): Promise<Map<string, PayBackFacts>> {
  const facts = new Map<string, PayBackFacts>();
  if (orderIds.length === 0) return facts;
  const ids = JSON.stringify(orderIds);
  const [rows, cancelled, pending] = await Promise.all([
    db
      .select({ id: orders.id, decision: orders.decision, returnedOn: orders.returnedOn })
      .from(orders)
      .where(sql`${orders.id} IN (SELECT value FROM json_each(${ids}))`),
    db.select().from(cancellations).where(sql`${cancellations.orderId} IN (SELECT value FROM json_each(${ids}))`),
    db
      .select({ orderId: cardRefunds.orderId, towards: cardRefunds.towards, cents: cardRefunds.amountCents })
      .from(cardRefunds)
      .where(
        and(sql`${cardRefunds.orderId} IN (SELECT value FROM json_each(${ids}))`, eq(cardRefunds.status, 'pending')),
      ),
  ]);
  const cancellationOf = new Map(cancelled.map((row) => [row.orderId, row]));
  for (const row of rows) {
    facts.set(row.id, {
      decision: row.decision,
      returnedOn: row.returnedOn,
      cancellation: cancellationOf.get(row.id) ?? null,
      sending: { hire: 0, bond: 0 },
    });
  }
  for (const intent of pending) {
    const known = facts.get(intent.orderId);
    if (known) known.sending[intent.towards] += intent.cents;
  }
  return facts;
}

/**
 * What a request holds beyond what is owed, beside what a cancellation already says it refunds (the
 * Payments card and the Money page list that apart): null when nothing.
 */
export async function payBackOf(db: Reader, orderId: string, money: Money<EntrySummary>): Promise<PayBack | null> {
  const facts = (await factsOf(db, [orderId])).get(orderId);
  return facts ? payBackFrom(money, facts) : null;
}

/** `payBackOf` for many requests at once (the Money page): a few reads per 500, whatever their number. */
export async function payBacksOf(
  db: Reader,
  monies: ReadonlyMap<string, Money<EntrySummary>>,
): Promise<Map<string, PayBack>> {
  const facts = await factsOf(db, [...monies.keys()]);
  const found = new Map<string, PayBack>();
  for (const [orderId, money] of monies) {
    const known = facts.get(orderId);
    const payBack = known ? payBackFrom(money, known) : null;
    if (payBack) found.set(orderId, payBack);
  }
  return found;
}

export type PayBackOutcome =
  | { kind: 'sent'; cents: number; leftCents: number }
  | { kind: 'nothing' }
  | { kind: 'not_card' }
  | { kind: 'not_found' };

/**
 * Pays back to the cards it came from what a request holds beyond what is owed, in one step: refund
 * intents written in one transaction (re-checked there), then each sent. What no card payment covers
 * is left to pay back by bank, and said so.
 */
export async function payBackToCards(deps: ServiceContext, orderId: string, by: Acting): Promise<PayBackOutcome> {
  if (!deps.cards) return { kind: 'not_card' };
  const settings = moneySettingsOf(deps.business());
  const now = deps.clock();
  const day = dayIn(now, settings.timeZone);
  const queued = await deps.db.transaction(async (tx) => {
    const money = await moneyOf(tx, orderId, settings);
    if (!money) return null;
    const owed = await payBackOf(tx, orderId, money);
    if (!owed) return { ids: [] as string[], cents: 0, left: 0 };
    const ids: string[] = [];
    let cents = 0;
    let left = 0;
    for (const [towards, wanted] of [
      ['hire', owed.hireCents],
      ['bond', owed.bondCents],
    ] as const) {
      let rest = wanted;
      for (const [, available] of await cardSourcesOf(tx, orderId, towards)) {
        if (rest <= 0) break;
        const amount = Math.min(rest, available);
        if (amount <= 0) continue;
        const outcome = await queueCardRefund(
          tx,
          deps,
          orderId,
          { towards, amountCents: amount, paidOn: day, note: `Paid back: ${owed.why}` },
          actorName(by),
        );
        if (outcome.kind !== 'queued') break;
        ids.push(outcome.id);
        cents += amount;
        rest -= amount;
      }
      left += rest;
    }
    if (ids.length > 0) {
      await logActivity(
        tx,
        by,
        {
          kind: 'refund',
          subjectType: 'request',
          subjectId: orderId,
          summary: `Paying back ${formatMoney(cents)} to the card on request ${orderId} (${owed.why})${left > 0 ? `; ${formatMoney(left)} is left to pay back by bank` : ''}`,
          after: { intents: ids, leftCents: left },
        },
        now,
      );
    }
    return { ids, cents, left };
  });
  if (!queued) return { kind: 'not_found' };
  if (queued.ids.length === 0) return queued.left > 0 ? { kind: 'not_card' } : { kind: 'nothing' };
  for (const id of queued.ids) await sendCardRefund(deps, id);
  return { kind: 'sent', cents: queued.cents, leftCents: queued.left };
}
