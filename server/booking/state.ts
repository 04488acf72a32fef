import { and, eq, gt, inArray, lte, type SQL } from 'drizzle-orm';
import type { HoldWindow } from '../../src/lib/api-contract/hold-window';
import { orderHolds } from '../db/schema';
import type { BookingState, CalendarHold, OrderRow } from './booking';
import { needsOf } from './decide';
import { checkNeeds, countingHolds, type FreeCount, orderRow, type Reader } from './holds-read';
import { requestState } from './life-cycle';

/**
 * A request's booking as it stands at `now` (not as its emails said): decided; holding until when;
 * lapsed; or never held. For an open request without a live hold, what confirming would meet now.
 */
export async function bookingState(
  db: Reader,
  orderId: string,
  now: Date,
  windowOf: (order: OrderRow) => HoldWindow,
): Promise<BookingState | null> {
  const order = await orderRow(db, orderId);
  if (!order) return null;
  const { rows, needs, window } = await needsOf(db, order, windowOf);
  const handling = { handedOverOn: order.handedOverOn, returnedOn: order.returnedOn };
  const state = requestState(order.decision, rows, now, handling);
  if (state === 'out' || state === 'returned' || order.decision) {
    return {
      kind: state === 'out' || state === 'returned' ? state : (order.decision ?? 'confirmed'),
      at: order.decidedAt ?? '',
      window,
    };
  }
  const at = now.toISOString();
  if (state === 'holding') {
    const live = rows.find((row) => row.state === 'held' && (row.expiresAt ?? '') > at);
    return { kind: 'holding', window, expiresAt: live?.expiresAt ?? null, shortfalls: [], unplaced: [] };
  }
  const lapsed = rows.find((row) => row.state === 'lapsed' || row.state === 'held');
  const { shortfalls } = await checkNeeds(db, window, needs, now, orderId);
  return {
    kind: state === 'lapsed' ? 'lapsed' : 'not_held',
    window,
    expiresAt: lapsed?.expiresAt ?? null,
    shortfalls,
    unplaced: order.unplaced ?? [],
  };
}

/** Per product a request asks for: its stock, what it needs, and what other requests leave free in its window. */
export async function requestAvailability(
  db: Reader,
  orderId: string,
  now: Date,
  windowOf: (order: OrderRow) => HoldWindow,
): Promise<FreeCount[]> {
  const order = await orderRow(db, orderId);
  if (!order) return [];
  const { needs, window } = await needsOf(db, order, windowOf);
  return (await checkNeeds(db, window, needs, now, orderId)).free;
}

/** The requests holding at `now` and when each hold lapses (see Booking.liveHolds). */
export async function liveHolds(
  db: Reader,
  filter: { orderIds?: string[]; lapsingBefore?: string },
  now: Date,
): Promise<Map<string, string>> {
  if (filter.orderIds?.length === 0) return new Map();
  const where: SQL[] = [eq(orderHolds.state, 'held'), gt(orderHolds.expiresAt, now.toISOString())];
  if (filter.orderIds) where.push(inArray(orderHolds.orderId, filter.orderIds));
  if (filter.lapsingBefore) where.push(lte(orderHolds.expiresAt, filter.lapsingBefore));
  const rows = await db
    .selectDistinct({ orderId: orderHolds.orderId, expiresAt: orderHolds.expiresAt })
    .from(orderHolds)
    .where(and(...where));
  return new Map(rows.map((row) => [row.orderId, row.expiresAt ?? '']));
}

/** The counting holds overlapping a window, each with its state (see Booking.holdsIn). */
export async function calendarHolds(
  db: Reader,
  window: HoldWindow,
  now: Date,
  productIds?: string[],
): Promise<CalendarHold[]> {
  if (productIds?.length === 0) return [];
  const rows = await countingHolds(db, window, now, { productIds, withState: true, requestsOnly: true });
  return rows.map((row) => ({
    ...row,
    state: row.state === 'confirmed' ? 'confirmed' : 'held',
    stillOut: row.stillOut ?? null,
  }));
}
