import { and, eq, ne } from 'drizzle-orm';
import { addLocalDays, DEFAULT_TIME_ZONE } from '../../src/lib/api-contract/dates';
import type { HoldWindow } from '../../src/lib/api-contract/hold-window';
import { orderHolds, orders } from '../db/schema';
import type { Actor, ExtendOutcome, OrderRow, Tx } from './booking';
import { needsOf } from './decide';
import { recordEvent } from './events';
import { checkNeeds, orderRow } from './holds-read';
import { nextStep, requestState } from './life-cycle';

/**
 * Gives an open request more time, in its write transaction. A live hold runs `days` longer. A hold
 * that lapsed, or a request that never held (manual processing), holds again for `days` from now,
 * but only if everything is still free on every day of its window: what others hold is re-checked
 * here, under the write lock, so nothing is promised twice. A hold never runs past its window's end.
 */
export async function extendHold(
  tx: Tx,
  orderId: string,
  /** Days more, or a moment to hold until (a quote's validity, issue 61; never shortening a live hold). */
  days: number | { until: Date },
  actor: Actor,
  now: Date,
  windowOf: (order: OrderRow) => HoldWindow,
  timeZone: string = DEFAULT_TIME_ZONE,
): Promise<ExtendOutcome> {
  const order = await orderRow(tx, orderId);
  if (!order) return { kind: 'not_found' };
  const { rows, needs, window } = await needsOf(tx, order, windowOf);
  const step = nextStep(requestState(order.decision, rows, now, order), 'extend');
  if (step.kind === 'unchanged') return { kind: 'unchanged', order };
  const at = now.toISOString();
  const windowEnd = new Date(`${window.to}T23:59:59.999Z`).getTime();
  const live = rows.filter((row) => row.state === 'held' && (row.expiresAt ?? '') > at);
  let from = now.getTime();
  if (step.recheck) {
    const unplaced = order.unplaced ?? [];
    const { shortfalls } = await checkNeeds(tx, window, needs, now, orderId);
    if (shortfalls.length > 0 || unplaced.length > 0 || rows.length === 0) {
      await recordEvent(tx, orderId, actor, 'extend_refused', now, {
        shortfalls: shortfalls.map(({ name, needed, free, heldBy }) => ({ name, needed, free, heldBy })),
        unplaced,
      });
      return { kind: 'refused', order, window, shortfalls, unplaced };
    }
  } else {
    from = Math.max(...live.map((row) => new Date(row.expiresAt ?? at).getTime()));
  }
  // `days` later at the same time on the business's clock (a daylight-saving change between keeps it).
  const until =
    typeof days === 'number'
      ? addLocalDays(new Date(from), days, timeZone).getTime()
      : Math.max(from, days.until.getTime());
  const expiresAt = new Date(Math.min(until, windowEnd)).toISOString();
  await tx
    .update(orderHolds)
    .set({ state: 'held', expiresAt })
    .where(and(eq(orderHolds.orderId, orderId), ne(orderHolds.state, 'released')));
  // A request that went to manual processing is an ordinary held request again.
  if (order.status !== 'reserved') await tx.update(orders).set({ status: 'reserved' }).where(eq(orders.id, orderId));
  await recordEvent(tx, orderId, actor, 'extended', now, {
    expiresAt,
    ...(typeof days === 'number' ? { days } : { until: days.until.toISOString() }),
  });
  return { kind: 'applied', order, window, expiresAt };
}
