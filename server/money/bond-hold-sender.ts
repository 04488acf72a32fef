import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Tx } from '../booking';
import { bondHolds } from '../db/schema';
import { log } from '../observability/logger';
import type { ServiceContext } from '../services/context';
import { logActivity } from '../services/team/activity';
import { moveHold, recordCapture } from './bond-holds';
import { isFinalStripeError, retryAfterMs, startStripeWorker } from './stripe-worker';

/**
 * The hold worker (issue 61), records before effects: the settlement (or a cancellation) wrote what to
 * do with a hold (`capture_due` with its amount, or `release_due`); this sends it to Stripe under a
 * lease, with the hold's id in the idempotency key, and applies the answer once. A crash between
 * Stripe's answer and the record lets the lease run out: the next try gets the same answer from Stripe.
 * A refusal is final and shown to the team; no answer, a 5xx or a 429 is tried again, later each time.
 */

export const HOLD_LEASE_MS = 2 * 60 * 1000;

export type HoldSent =
  | { kind: 'done' }
  | { kind: 'failed'; message: string }
  | { kind: 'retry'; message: string }
  | { kind: 'busy' };

/** Sends one due hold to Stripe under a lease: takes its amount, or releases it. */
export async function sendHoldAction(deps: ServiceContext, id: string): Promise<HoldSent> {
  const cards = deps.cards;
  if (!cards) return { kind: 'busy' };
  const now = deps.clock();
  const [hold] = await deps.db
    .update(bondHolds)
    .set({ leaseUntil: new Date(now.getTime() + HOLD_LEASE_MS).toISOString() })
    .where(
      and(
        eq(bondHolds.id, id),
        inArray(bondHolds.status, ['capture_due', 'release_due']),
        or(isNull(bondHolds.leaseUntil), lte(bondHolds.leaseUntil, now.toISOString())),
      ),
    )
    .returning();
  if (!hold) return { kind: 'busy' };
  const taking = hold.status === 'capture_due';
  try {
    if (taking) {
      await cards.capture({
        paymentIntent: hold.paymentIntent,
        cents: hold.captureCents ?? 0,
        idempotencyKey: `hold:${hold.id}:capture`,
      });
    } else {
      await cards.release({ paymentIntent: hold.paymentIntent, idempotencyKey: `hold:${hold.id}:release` });
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const final = isFinalStripeError(error);
    const at = deps.clock();
    await deps.db.transaction(async (tx) => {
      if (final) {
        if (
          !(await moveHold(tx, hold.id, hold.status, 'refused', { lastError: message.slice(0, 500), leaseUntil: null }))
        )
          return;
        await logActivity(
          tx,
          'system',
          {
            kind: 'bond_hold',
            subjectType: 'request',
            subjectId: hold.orderId,
            summary: `Stripe refused to ${taking ? 'take from' : 'release'} the bond hold on request ${hold.orderId}: ${message}`,
            after: { hold: hold.id, paymentIntent: hold.paymentIntent },
          },
          at,
        );
        return;
      }
      await tx
        .update(bondHolds)
        .set({
          attempts: hold.attempts + 1,
          lastError: message.slice(0, 500),
          leaseUntil: new Date(at.getTime() + retryAfterMs(hold.attempts + 1)).toISOString(),
        })
        .where(and(eq(bondHolds.id, hold.id), eq(bondHolds.status, hold.status)));
    });
    if (!final) log().warn({ hold: hold.id, err: error }, 'A bond hold did not reach Stripe: it is tried again');
    return final ? { kind: 'failed', message } : { kind: 'retry', message };
  }
  await deps.db.transaction(async (tx) => {
    if (taking) await recordCapture(tx as Tx, deps, hold, hold.captureCents ?? 0);
    else
      await moveHold(tx, hold.id, 'release_due', 'released', { doneAt: deps.clock().toISOString(), leaseUntil: null });
  });
  return { kind: 'done' };
}

/** Holds due to be taken from or released whose lease ran out (or never was), oldest first. */
export async function dueHoldActions(deps: Pick<ServiceContext, 'db' | 'clock'>, limit = 20): Promise<string[]> {
  const rows = await deps.db
    .select({ id: bondHolds.id })
    .from(bondHolds)
    .where(
      and(
        inArray(bondHolds.status, ['capture_due', 'release_due']),
        or(isNull(bondHolds.leaseUntil), lte(bondHolds.leaseUntil, deps.clock().toISOString())),
      ),
    )
    .orderBy(asc(bondHolds.heldAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The hold worker: sends every due hold now and every `everyMs`. */
export function startBondHoldSender(deps: ServiceContext, everyMs = 30_000): () => Promise<void> {
  return startStripeWorker(
    deps,
    'bond holds',
    () => dueHoldActions(deps),
    (id) => sendHoldAction(deps, id),
    everyMs,
  );
}
