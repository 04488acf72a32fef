import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderHolds, orders } from '../db/schema';
import type { OrderAction } from './action-tokens';

type OrderRow = typeof orders.$inferSelect;
export type Decision = NonNullable<OrderRow['decision']>;

const DECISION_OF: Record<OrderAction, Decision> = { confirm: 'confirmed', decline: 'declined', cancel: 'cancelled' };

/** Which decisions an action may follow: the team decides once; a confirmed request may still be cancelled. */
export function allowedAfter(action: OrderAction, current: Decision | null): boolean {
  if (current === null) return true;
  return action === 'cancel' && current === 'confirmed';
}

/** Releases the holds whose time ran out (each change bumps the catalogue version). */
export async function releaseExpiredHolds(db: Db, now: Date): Promise<number> {
  const released = await db
    .update(orderHolds)
    .set({ state: 'released' })
    .where(and(eq(orderHolds.state, 'held'), lte(orderHolds.expiresAt, now.toISOString())))
    .returning({ id: orderHolds.id });
  return released.length;
}

/** Runs releaseExpiredHolds now and every `everyMs`, so dated answers show an expiry within that time. */
export function startHoldSweeper(db: Db, everyMs = 60_000, onReleased: () => unknown = () => {}): () => void {
  const sweep = () =>
    releaseExpiredHolds(db, new Date())
      .then((count) => (count > 0 ? onReleased() : undefined))
      .catch((error) => console.error('Hold sweep failed:', error));
  void sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

export type DecisionResult =
  | { applied: true; order: OrderRow }
  | { applied: false; order: OrderRow }
  | { applied: false; order: null };

/**
 * Applies the team's decision once, in one write transaction: confirm turns the request's live holds
 * into confirmed ones (kept until the window ends); decline and cancel release them. A decision that
 * is not allowed after the current one changes nothing and reports the order as it stands.
 */
export async function decideOrder(
  db: Db,
  orderId: string,
  action: OrderAction,
  note: string | null,
  now: Date,
): Promise<DecisionResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!order) return { applied: false, order: null };
    if (!allowedAfter(action, order.decision)) return { applied: false, order };
    const [updated] = await tx
      .update(orders)
      .set({ decision: DECISION_OF[action], decidedAt: now.toISOString(), decisionNote: note })
      .where(eq(orders.id, orderId))
      .returning();
    if (action === 'confirm') {
      await tx
        .update(orderHolds)
        .set({ state: 'confirmed', expiresAt: null })
        .where(
          and(
            eq(orderHolds.orderId, orderId),
            eq(orderHolds.state, 'held'),
            gt(orderHolds.expiresAt, now.toISOString()),
          ),
        );
    } else {
      await tx
        .update(orderHolds)
        .set({ state: 'released' })
        .where(and(eq(orderHolds.orderId, orderId), inArray(orderHolds.state, ['held', 'confirmed'])));
    }
    return { applied: true, order: updated as OrderRow };
  });
}
