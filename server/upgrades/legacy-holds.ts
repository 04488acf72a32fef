import { and, asc, eq, isNull, notExists, sql } from 'drizzle-orm';
import type { OrderBody } from '../../src/lib/api-contract';
import type { Booking, Tx } from '../booking';
import type { Db } from '../db/database';
import { orderHolds, orderLines, orders } from '../db/schema';
import { log } from '../observability/logger';
import { loadCatalogue, priceLines } from '../services/order-lines';

/**
 * Upgrade of a database from before holds (or from before manual requests recorded what they asked
 * for): every open request (undecided, its hire not over) that has no rows in order_holds gets them,
 * oldest first, through the booking module. A request that was booked holds its items again when
 * they are free (for the hold days from now, so the team can still answer it); one that no longer
 * fits, or never held, is recorded as wanted and needs manual processing. Answers how many it held.
 */
/**
 * The pickup and return days every shop had before they were settings (issue 32): Monday and
 * Wednesday to Friday. Requests from before holds were made under them.
 */
export const HIRE_DAYS_BEFORE_SETTINGS = { pickup: [1, 3, 4, 5], return: [1, 3, 4, 5] };

export async function holdLegacyRequests(
  db: Db,
  tx: Tx,
  booking: Booking,
  _now: Date,
): Promise<{ held: number; wanted: number }> {
  const today = booking.today();
  const open = await tx
    .select()
    .from(orders)
    .where(
      and(
        isNull(orders.decision),
        notExists(tx.select({ one: sql`1` }).from(orderHolds).where(eq(orderHolds.orderId, orders.id))),
      ),
    )
    .orderBy(asc(orders.number));
  let held = 0;
  let wanted = 0;
  for (const order of open) {
    const hireDate = order.startsAt.slice(0, 10);
    if (booking.window(hireDate, order.fulfillmentType).to < today) continue;
    const lines = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position));
    const body = {
      lines: lines.map((line) => ({
        id: line.itemId,
        quantity: line.quantity,
        isBundle: line.itemType === 'bundles',
        bundleVariations: line.bundleVariations as OrderBody['lines'][number]['bundleVariations'],
      })),
    } as OrderBody;
    let priced: ReturnType<typeof priceLines>;
    try {
      priced = priceLines(body, await loadCatalogue(db, body));
    } catch (error) {
      log().warn({ err: error }, `Upgrade: request ${order.id} names an item that is gone; it holds nothing`);
      continue;
    }
    const outcome = await booking.request(tx, {
      orderId: order.id,
      hireDate,
      fulfilment: order.fulfillmentType,
      needs: priced.needs,
      // Only a request that was booked holds again: one that went to the team waits for it as it was.
      problems:
        order.status === 'reserved'
          ? priced.unplaced
          : [order.problem ?? 'It went to manual processing before this release.'],
      origin: 'upgraded',
    });
    if (priced.unplaced.length) {
      await tx.update(orders).set({ unplaced: priced.unplaced }).where(eq(orders.id, order.id));
    }
    if (outcome.held) {
      held++;
      continue;
    }
    wanted++;
    if (order.status === 'reserved') {
      const problem = outcome.shortfalls.map((short) => `${short.name}: ${short.needed} requested, ${short.free} free`);
      await tx
        .update(orders)
        .set({ status: 'manual_review', problem: [...priced.unplaced, ...problem].join('; ') || null })
        .where(eq(orders.id, order.id));
    }
  }
  return { held, wanted };
}
