import { and, eq, gt, lte } from 'drizzle-orm';
import { orderHolds } from '../db/schema';
import type { SweepOutcome, Tx } from './booking';
import { recordEvent } from './events';

const DAY_MS = 86_400_000;

/**
 * Lapses every hold whose time ran out (it stops counting; the request stays answerable), and lists
 * the requests whose hold runs out within a day. Run by every process every minute: writers take
 * turns, so a hold lapses once.
 */
export async function sweepHolds(tx: Tx, now: Date): Promise<Omit<SweepOutcome, 'late'>> {
  const at = now.toISOString();
  const lapsedRows = await tx
    .update(orderHolds)
    .set({ state: 'lapsed' })
    .where(and(eq(orderHolds.state, 'held'), lte(orderHolds.expiresAt, at)))
    .returning({ orderId: orderHolds.orderId, expiresAt: orderHolds.expiresAt, holdTo: orderHolds.holdTo });
  const lapsed = new Map<string, { expiresAt: string; holdTo: string }>();
  for (const row of lapsedRows) lapsed.set(row.orderId, { expiresAt: row.expiresAt ?? at, holdTo: row.holdTo });
  for (const [orderId, { expiresAt }] of lapsed) await recordEvent(tx, orderId, 'system', 'lapsed', now, { expiresAt });
  const soon = await tx
    .selectDistinct({ orderId: orderHolds.orderId, expiresAt: orderHolds.expiresAt, holdTo: orderHolds.holdTo })
    .from(orderHolds)
    .where(
      and(
        eq(orderHolds.state, 'held'),
        gt(orderHolds.expiresAt, at),
        lte(orderHolds.expiresAt, new Date(now.getTime() + DAY_MS).toISOString()),
      ),
    );
  return {
    lapsed: [...lapsed].map(([orderId, hold]) => ({ orderId, ...hold })),
    lapsingSoon: soon.map((row) => ({ orderId: row.orderId, expiresAt: row.expiresAt ?? at, holdTo: row.holdTo })),
  };
}
