import { and, eq, gte } from 'drizzle-orm';
import { dayIn } from '../../src/lib/api-contract/dates';
import { formatMoney } from '../../src/lib/api-contract/money';
import type { Db } from '../db/client';
import { cancellations, cardRefunds, orders, payments } from '../db/schema';
import type { ServiceContext } from '../services/context';
import { type Acting, actorName, logActivity } from '../services/team/activity';
import { queueCardRefund, sendCardRefund } from './card-refunds';
import { cardSourcesOf } from './card-sources';
import { type Money, moneyOf, moneySettingsOf } from './ledger';

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

const refundedSince = async (db: Reader, orderId: string, at: string, towards: 'hire' | 'bond') =>
  (
    await db
      .select({ cents: payments.amountCents })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, orderId),
          eq(payments.kind, 'refund'),
          eq(payments.towards, towards),
          gte(payments.recordedAt, at),
        ),
      )
  ).reduce((sum, row) => sum + row.cents, 0);

/** Refunds to cards written and not yet answered by Stripe: on their way, so no longer to pay back. */
const sending = async (db: Reader, orderId: string, towards: 'hire' | 'bond') =>
  (
    await db
      .select({ cents: cardRefunds.amountCents })
      .from(cardRefunds)
      .where(and(eq(cardRefunds.orderId, orderId), eq(cardRefunds.towards, towards), eq(cardRefunds.status, 'pending')))
  ).reduce((sum, row) => sum + row.cents, 0);

/**
 * What a request holds beyond what is owed, beside what a cancellation already says it refunds (the
 * Payments card and the Money page list that apart): null when nothing.
 */
export async function payBackOf(db: Reader, orderId: string, money: Money): Promise<PayBack | null> {
  const [order] = await db
    .select({ decision: orders.decision, returnedOn: orders.returnedOn })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return null;
  let found: PayBack;
  if (order.decision === 'cancelled' || order.decision === 'declined') {
    const [cancelled] = await db.select().from(cancellations).where(eq(cancellations.orderId, orderId));
    if (cancelled) {
      const hireOwed = Math.max(0, cancelled.refundCents - (await refundedSince(db, orderId, cancelled.at, 'hire')));
      const bondOwed = Math.max(
        0,
        cancelled.bondRefundCents - (await refundedSince(db, orderId, cancelled.at, 'bond')),
      );
      found = {
        hireCents: Math.max(0, money.paidCents - cancelled.keptCents - hireOwed),
        bondCents: Math.max(0, money.bondPaidCents - bondOwed),
        why: 'paid after the booking was cancelled',
      };
      // (A refund on its way counts on both sides here: paid less, and less still owed by the cancellation.)
    } else {
      found = {
        hireCents: Math.max(0, money.paidCents - (await sending(db, orderId, 'hire'))),
        bondCents: Math.max(0, money.bondPaidCents - (await sending(db, orderId, 'bond'))),
        why: `paid on a request that was ${order.decision}`,
      };
    }
  } else {
    found = {
      hireCents: Math.max(0, money.overpaidCents.hire - (await sending(db, orderId, 'hire'))),
      // After the return, the bond is settled (and refunded) by its own rules.
      bondCents: order.returnedOn ? 0 : Math.max(0, money.overpaidCents.bond - (await sending(db, orderId, 'bond'))),
      why: 'paid beyond what the booking costs',
    };
  }
  return found.hireCents > 0 || found.bondCents > 0 ? found : null;
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
