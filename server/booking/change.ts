import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { addLocalDays, DEFAULT_TIME_ZONE } from '../../src/lib/api-contract/dates';
import type { HoldWindow } from '../../src/lib/api-contract/hold-window';
import { orderHolds, orders } from '../db/schema';
import type { Actor, BookingSettings, ChangeInput, ChangeOutcome, Tx } from './booking';
import { needsOf } from './decide';
import { recordEvent } from './events';
import { checkNeeds, orderRow } from './holds-read';
import { nextStep, requestState } from './life-cycle';

/**
 * A held or confirmed request changed (its lines, its date, pickup or delivery), in the write
 * transaction that stores the change: everything it would need is re-checked against what others
 * hold on every day of the new window (turnaround counted), here, under the write lock. When it all
 * fits, its holds are replaced by the new ones (confirmed stay confirmed; an open request holds, its
 * live hold keeping its time or a lapsed one holding again for the hold days); when not, nothing
 * changes and the outcome says what is short.
 */
export async function changeRequest(
  tx: Tx,
  orderId: string,
  input: ChangeInput,
  actor: Actor,
  now: Date,
  window: HoldWindow,
  settings: BookingSettings,
): Promise<ChangeOutcome> {
  const order = await orderRow(tx, orderId);
  if (!order) return { kind: 'not_found' };
  const { rows, needs: before } = await needsOf(tx, order, () => window);
  const state = requestState(order.decision, rows, now, order);
  const step = nextStep(state, 'change');
  if (step.kind === 'unchanged') return { kind: 'unchanged', order, state };
  const { shortfalls } = await checkNeeds(tx, window, input.needs, now, orderId);
  if (shortfalls.length > 0 || input.problems.length > 0 || input.needs.size === 0) {
    await recordEvent(tx, orderId, actor, 'change_refused', now, {
      shortfalls: shortfalls.map(({ name, needed, free, heldBy }) => ({ name, needed, free, heldBy })),
      problems: input.problems,
    });
    return { kind: 'refused', order, window, shortfalls, problems: [...input.problems] };
  }
  const at = now.toISOString();
  const live = rows.find((row) => row.state === 'held' && (row.expiresAt ?? '') > at)?.expiresAt;
  const confirmed = order.decision === 'confirmed';
  const expiresAt = confirmed
    ? null
    : (live ?? addLocalDays(now, settings.holdDays, settings.timeZone ?? DEFAULT_TIME_ZONE).toISOString());
  await tx.delete(orderHolds).where(and(eq(orderHolds.orderId, orderId), isNull(orderHolds.stillOut)));
  await tx.insert(orderHolds).values(
    [...input.needs].map(([productId, quantity]) => ({
      id: randomUUID(),
      orderId,
      productId,
      quantity,
      holdFrom: window.from,
      holdTo: window.to,
      state: confirmed ? ('confirmed' as const) : ('held' as const),
      expiresAt,
    })),
  );
  // A request that went to manual processing is an ordinary held one again once all of it fits.
  if (order.status !== 'reserved') {
    await tx.update(orders).set({ status: 'reserved', problem: null, unplaced: null }).where(eq(orders.id, orderId));
  }
  await recordEvent(tx, orderId, actor, 'changed', now, {
    before: {
      window: rows[0] ? { from: rows[0].holdFrom, to: rows[0].holdTo } : null,
      needs: Object.fromEntries(before),
    },
    after: { window, needs: Object.fromEntries(input.needs) },
  });
  return { kind: 'applied', order, window, expiresAt };
}
