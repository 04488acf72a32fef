import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import type { Tx } from '../booking';
import { cardRefunds } from '../db/schema';
import { log } from '../observability/logger';
import type { ServiceContext } from '../services/context';
import { logActivity } from '../services/team/activity';
import { recordStripeRefund } from './card-reversals';
import { cardSourcesOf, orderOfPaymentIntent } from './card-sources';
import { nextMoneyStep, REFUND_LIFE_CYCLE } from './life-cycle';
import { isFinalStripeError, retryAfterMs, startStripeWorker } from './stripe-worker';

/**
 * Refunds to a card, records before effects (issue 59): the intent is a row written in the caller's
 * transaction before Stripe is called; `sendCardRefund` leases it, calls Stripe with the intent's id
 * as the idempotency key, and records the refund once by Stripe's refund id. A crash between Stripe's
 * answer and the record leaves the lease to run out: the worker sends it again with the same key,
 * Stripe answers with the same refund, and it is recorded once. A refusal from Stripe is final and
 * shown to the team; anything else (no answer, a 5xx, a 429) is tried again, later each time.
 */

/** How long a sender holds an intent; a crashed sender's lease runs out after it. */
export const REFUND_LEASE_MS = 2 * 60 * 1000;

export type RefundQueued =
  | { kind: 'queued'; id: string }
  | { kind: 'too_much'; maxCents: number }
  | { kind: 'cards_off' }
  | { kind: 'not_found' };

/**
 * A refund of `amountCents` to the card it came from, written as an intent in the caller's
 * transaction: the card payment (by its payment intent) must have that much left once the refunds
 * recorded and those on their way are counted.
 */
export async function queueCardRefund(
  tx: Tx,
  deps: ServiceContext,
  orderId: string,
  input: { towards: 'hire' | 'bond'; amountCents: number; paidOn: string; note: string | null },
  requestedBy: string,
): Promise<RefundQueued> {
  if (!deps.cards) return { kind: 'cards_off' };
  const left = await cardSourcesOf(tx, orderId, input.towards);
  const source = [...left].find(([, cents]) => cents >= input.amountCents);
  if (!source) return { kind: 'too_much', maxCents: Math.max(0, ...left.values()) };
  const id = randomUUID();
  await tx.insert(cardRefunds).values({
    id,
    orderId,
    towards: input.towards,
    amountCents: input.amountCents,
    paymentIntent: source[0],
    paidOn: input.paidOn,
    note: input.note,
    requestedBy,
    status: 'pending',
    createdAt: deps.clock().toISOString(),
  });
  return { kind: 'queued', id };
}

export type RefundSent =
  | { kind: 'done' }
  | { kind: 'failed'; message: string }
  | { kind: 'retry'; message: string }
  /** Another sender holds it, or it is no longer pending. */
  | { kind: 'busy' };

/** Sends one intent to Stripe under a lease, and records what Stripe answered. */
export async function sendCardRefund(deps: ServiceContext, id: string): Promise<RefundSent> {
  const cards = deps.cards;
  if (!cards) return { kind: 'busy' };
  const now = deps.clock();
  const leased = await deps.db
    .update(cardRefunds)
    .set({ leaseUntil: new Date(now.getTime() + REFUND_LEASE_MS).toISOString() })
    .where(
      and(
        eq(cardRefunds.id, id),
        eq(cardRefunds.status, 'pending'),
        or(isNull(cardRefunds.leaseUntil), lte(cardRefunds.leaseUntil, now.toISOString())),
      ),
    )
    .returning();
  const intent = leased[0];
  if (!intent) return { kind: 'busy' };
  let refund: { id: string };
  try {
    refund = await cards.refund({
      paymentIntent: intent.paymentIntent,
      cents: intent.amountCents,
      idempotencyKey: `refund:${intent.id}`,
      metadata: { refund_intent: intent.id, order_id: intent.orderId },
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const final = isFinalStripeError(error);
    const step = nextMoneyStep(REFUND_LIFE_CYCLE, 'pending', final ? 'refused' : 'retry');
    const at = deps.clock();
    await deps.db.transaction(async (tx) => {
      await tx
        .update(cardRefunds)
        .set({
          status: step.kind === 'move' ? step.to : 'pending',
          attempts: intent.attempts + 1,
          lastError: message.slice(0, 500),
          leaseUntil: final ? null : new Date(at.getTime() + retryAfterMs(intent.attempts + 1)).toISOString(),
        })
        .where(and(eq(cardRefunds.id, intent.id), eq(cardRefunds.status, 'pending')));
      if (final) {
        await logActivity(
          tx,
          'system',
          {
            kind: 'refund',
            subjectType: 'request',
            subjectId: intent.orderId,
            summary: `Stripe refused a refund to the card on request ${intent.orderId}: ${message}`,
            after: { intent: intent.id },
          },
          at,
        );
      }
    });
    if (!final) log().warn({ intent: intent.id, err: error }, 'A card refund did not reach Stripe: it is tried again');
    return final ? { kind: 'failed', message } : { kind: 'retry', message };
  }
  await deps.db.transaction(async (tx) => {
    const orderId = (await orderOfPaymentIntent(tx, intent.paymentIntent)) ?? intent.orderId;
    await recordStripeRefund(tx, deps, {
      orderId,
      paymentIntent: intent.paymentIntent,
      refundId: refund.id,
      cents: intent.amountCents,
      intentId: intent.id,
    });
  });
  return { kind: 'done' };
}

/** Intents whose lease ran out (or never was), oldest first: what the worker sends next. */
export async function dueCardRefunds(deps: Pick<ServiceContext, 'db' | 'clock'>, limit = 20): Promise<string[]> {
  const rows = await deps.db
    .select({ id: cardRefunds.id })
    .from(cardRefunds)
    .where(
      and(
        eq(cardRefunds.status, 'pending'),
        or(isNull(cardRefunds.leaseUntil), lte(cardRefunds.leaseUntil, deps.clock().toISOString())),
      ),
    )
    .orderBy(asc(cardRefunds.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The refund worker: sends every due intent now and every `everyMs`. */
export function startCardRefundSender(deps: ServiceContext, everyMs = 30_000): () => Promise<void> {
  return startStripeWorker(
    deps,
    'card refunds',
    () => dueCardRefunds(deps),
    (id) => sendCardRefund(deps, id),
    everyMs,
  );
}
