import { and, gte, inArray, lte, sql } from 'drizzle-orm';
import type { HoldWindow } from '../../src/lib/api-contract/hold-window';
import { stockDowntimes } from '../db/schema';
import type { HoldRow, Reader } from './holds-read';

/** The id a repair's units go by among holds: never a request's number. */
export const REPAIR_PREFIX = 'repair:';
export const isRepair = (holder: string) => holder.startsWith(REPAIR_PREFIX);

/**
 * Units in repair on some day of a window, as holds (issue 62): each repair's pieces from its first
 * day to the day expected back (no turnaround: they come back ready). A repair put back before it
 * began covers no day.
 */
export async function downtimeRows(db: Reader, window: HoldWindow, productIds?: readonly string[]): Promise<HoldRow[]> {
  if (productIds?.length === 0) return [];
  const rows = await db
    .select({
      id: stockDowntimes.id,
      productId: stockDowntimes.productId,
      quantity: stockDowntimes.quantity,
      from: stockDowntimes.fromDay,
      to: stockDowntimes.toDay,
    })
    .from(stockDowntimes)
    .where(
      and(
        lte(stockDowntimes.fromDay, window.to),
        gte(stockDowntimes.toDay, window.from),
        sql`${stockDowntimes.toDay} >= ${stockDowntimes.fromDay}`,
        productIds ? inArray(stockDowntimes.productId, [...productIds]) : undefined,
      ),
    );
  return rows.map((row) => ({
    orderId: `${REPAIR_PREFIX}${row.id}`,
    productId: row.productId,
    quantity: row.quantity,
    from: row.from,
    to: row.to,
    busyTo: row.to,
  }));
}
