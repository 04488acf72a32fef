import { and, eq, ne } from 'drizzle-orm';
import type { HoldWindow } from '../../src/lib/api-contract/hold-window';
import { orderHolds, orders } from '../db/schema';
import type { Actor, DecisionOutcome, OrderAction, OrderRow, Tx } from './booking';
import { recordEvent } from './events';
import { checkNeeds, orderRow } from './holds-read';
import { isDecision, nextStep, requestState } from './life-cycle';

/**
 * What a request asks for, per product, and its window, from its rows of order_holds (whatever their
 * state; not the rows of pieces still out past the window, which come after a hand-over).
 */
export async function needsOf(tx: Pick<Tx, 'select'>, order: OrderRow, windowOf: (order: OrderRow) => HoldWindow) {
  const rows = await tx.select().from(orderHolds).where(eq(orderHolds.orderId, order.id));
  const booked = rows.filter((row) => !row.stillOut);
  const needs = new Map<string, number>();
  for (const row of booked) needs.set(row.productId, (needs.get(row.productId) ?? 0) + row.quantity);
  const window = booked[0] ? { from: booked[0].holdFrom, to: booked[0].holdTo } : windowOf(order);
  return { rows, needs, window };
}

/**
 * The team's answer, in its write transaction. Confirm checks every product against what other
 * requests hold on every day of the window (held, lapsed or never held alike): when all fit they are
 * held as confirmed until the window ends; when not, nothing changes and the outcome says what is
 * short, on which days, held by which requests. Decline and cancel release everything at once.
 */
export async function decideRequest(
  tx: Tx,
  orderId: string,
  action: OrderAction,
  actor: Actor,
  note: string | null,
  now: Date,
  windowOf: (order: OrderRow) => HoldWindow,
): Promise<DecisionOutcome> {
  const order = await orderRow(tx, orderId);
  if (!order) return { kind: 'not_found' };
  const { rows, needs, window } = await needsOf(tx, order, windowOf);
  const step = nextStep(requestState(order.decision, rows, now, order), action);
  if (step.kind === 'unchanged' || !isDecision(step.to)) return { kind: 'unchanged', order };
  const decision = step.to;
  if (step.recheck) {
    const unplaced = order.unplaced ?? [];
    const { shortfalls } = await checkNeeds(tx, window, needs, now, orderId);
    if (shortfalls.length > 0 || unplaced.length > 0) {
      await recordEvent(tx, orderId, actor, 'refused', now, {
        shortfalls: shortfalls.map(({ name, needed, free, heldBy }) => ({ name, needed, free, heldBy })),
        unplaced,
      });
      return { kind: 'refused', order, window, shortfalls, unplaced };
    }
  }
  if (decision === 'confirmed') {
    await tx.update(orderHolds).set({ state: 'confirmed', expiresAt: null }).where(eq(orderHolds.orderId, orderId));
  } else {
    await tx
      .update(orderHolds)
      .set({ state: 'released' })
      .where(and(eq(orderHolds.orderId, orderId), ne(orderHolds.state, 'released')));
  }
  const [updated] = await tx
    .update(orders)
    .set({ decision, decidedAt: now.toISOString(), decisionNote: note })
    .where(eq(orders.id, orderId))
    .returning();
  await recordEvent(tx, orderId, actor, decision, now, note ? { note } : null);
  return { kind: 'applied', order: updated as OrderRow, window };
}
