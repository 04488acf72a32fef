import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { addDays, daysOf, MAX_TURNAROUND_DAYS } from '../../src/lib/api-contract/hold-window';
import { orderHolds, orders, products, type ReturnReport } from '../db/schema';
import type { Actor, HandOverOutcome, OrderRow, ReturnInput, ReturnOutcome, StillOut, Tx } from './booking';
import { recordEvent } from './events';
import { countingHolds, countsAt, OPEN_END, orderRow, type Reader } from './holds-read';
import { type Handling, nextStep, type RequestState, requestState } from './life-cycle';

/**
 * Hand-over and return: facts, recorded on the day they happened (early or late), never refused for
 * stock (the pieces are where they are). What they change in the holds:
 * - picked up or delivered before the window: the booked holds start that day;
 * - past the return day and not back (late): the sweep holds the pieces from the day after it on,
 *   with no end ('late' rows to OPEN_END), so no one else is promised them;
 * - back: the booked holds end on the return day (an early return frees the days after it), rows of
 *   pieces still out end that day too, and pieces counted missing stay out from the next day on
 *   ('missing' rows to OPEN_END) until a later return counts them back.
 */

async function stateOf(tx: Tx, order: OrderRow, now: Date) {
  const rows = await tx.select().from(orderHolds).where(eq(orderHolds.orderId, order.id));
  const handling: Handling = { handedOverOn: order.handedOverOn, returnedOn: order.returnedOn };
  return { rows, state: requestState(order.decision, rows, now, handling) };
}

/** The confirmed rows of a request's own window (not its pieces still out), that also meet `more`. */
const booked = (orderId: string, more: SQL) =>
  and(eq(orderHolds.orderId, orderId), eq(orderHolds.state, 'confirmed'), isNull(orderHolds.stillOut), more);

/** The booked units per product: the confirmed rows of the request's own window. */
function bookedUnits(rows: (typeof orderHolds.$inferSelect)[]) {
  const units = new Map<string, number>();
  for (const row of rows) {
    if (row.state !== 'confirmed' || row.stillOut) continue;
    units.set(row.productId, (units.get(row.productId) ?? 0) + row.quantity);
  }
  return units;
}

export async function handOver(
  tx: Tx,
  orderId: string,
  day: string,
  actor: Actor,
  now: Date,
): Promise<HandOverOutcome> {
  const order = await orderRow(tx, orderId);
  if (!order) return { kind: 'not_found' };
  // Early is a fact, but never before the request existed (a mistyped 1970 held the stock for 57 years).
  const earliest = addDays(order.createdAt.slice(0, 10), -1);
  if (day < earliest) return { kind: 'too_early', order, earliest };
  const { state } = await stateOf(tx, order, now);
  if (nextStep(state, 'hand_over').kind === 'unchanged') return { kind: 'unchanged', order, state };
  await tx
    .update(orderHolds)
    .set({ holdFrom: day })
    .where(booked(orderId, sql`${orderHolds.holdFrom} > ${day}`));
  const [updated] = await tx.update(orders).set({ handedOverOn: day }).where(eq(orders.id, orderId)).returning();
  await recordEvent(tx, orderId, actor, 'handed_over', now, { day });
  return { kind: 'applied', order: updated as OrderRow };
}

export async function recordReturn(
  tx: Tx,
  orderId: string,
  input: ReturnInput,
  actor: Actor,
  now: Date,
): Promise<ReturnOutcome> {
  const order = await orderRow(tx, orderId);
  if (!order) return { kind: 'not_found' };
  const { rows, state } = await stateOf(tx, order, now);
  if (nextStep(state, 'return').kind === 'unchanged') return { kind: 'unchanged', order, state };
  const units = bookedUnits(rows);
  // With no hand-over recorded, the items went out when the window began (or on the return day, if earlier).
  const windowFrom = rows.find((row) => !row.stillOut)?.holdFrom ?? input.day;
  const handedOverOn = order.handedOverOn ?? (windowFrom < input.day ? windowFrom : input.day);
  if (input.day < handedOverOn) return { kind: 'before_hand_over', order, handedOverOn };
  // A piece is missing or back damaged, not both: the two together are at most what was booked.
  for (const productId of new Set([...input.missing.keys(), ...input.damaged.keys()])) {
    const count = (input.missing.get(productId) ?? 0) + (input.damaged.get(productId) ?? 0);
    if (count > (units.get(productId) ?? 0))
      return { kind: 'too_many', order, productId, booked: units.get(productId) ?? 0 };
  }
  const { day } = input;
  // The booked window ends on the return day when it comes early (never before it began).
  await tx
    .update(orderHolds)
    .set({ holdTo: day })
    .where(booked(orderId, sql`${orderHolds.holdTo} > ${day}`));
  // Pieces that were still out are back on the return day (a row that would end before it began goes).
  await tx
    .update(orderHolds)
    .set({ state: 'released' })
    .where(and(eq(orderHolds.orderId, orderId), isNotNull(orderHolds.stillOut), sql`${orderHolds.holdFrom} > ${day}`));
  await tx
    .update(orderHolds)
    .set({ holdTo: day })
    .where(
      and(
        eq(orderHolds.orderId, orderId),
        eq(orderHolds.state, 'confirmed'),
        isNotNull(orderHolds.stillOut),
        eq(orderHolds.holdTo, OPEN_END),
      ),
    );
  const missing = [...input.missing].filter(([, count]) => count > 0);
  if (missing.length > 0) {
    await tx.insert(orderHolds).values(
      missing.map(([productId, quantity]) => ({
        id: randomUUID(),
        orderId,
        productId,
        quantity,
        holdFrom: addDays(day, 1),
        holdTo: OPEN_END,
        state: 'confirmed' as const,
        stillOut: 'missing' as const,
      })),
    );
  }
  const report: ReturnReport = {
    missing: Object.fromEntries(missing),
    damaged: Object.fromEntries([...input.damaged].filter(([, count]) => count > 0)),
    note: input.note,
  };
  const photos = [...(order.returnReport?.photos ?? []), ...(input.photo ? [input.photo] : [])];
  if (photos.length > 0) report.photos = [...new Set(photos)];
  const [updated] = await tx
    .update(orders)
    .set({ handedOverOn, returnedOn: day, returnReport: report })
    .where(eq(orders.id, orderId))
    .returning();
  await recordEvent(tx, orderId, actor, missing.length > 0 ? 'returned_partly' : 'returned', now, { day, ...report });
  const after: RequestState = missing.length > 0 ? 'out' : 'returned';
  return { kind: 'applied', order: updated as OrderRow, state: after, report };
}

/**
 * The sweep's part: requests handed over and not back by the day after their return day hold their
 * pieces from then on, with no end, until a return records them (returns the requests it marked).
 */
export async function holdLateReturns(tx: Tx, today: string, now: Date): Promise<string[]> {
  const late = await tx
    .select({
      orderId: orderHolds.orderId,
      productId: orderHolds.productId,
      quantity: orderHolds.quantity,
      to: orderHolds.holdTo,
    })
    .from(orderHolds)
    .innerJoin(orders, eq(orders.id, orderHolds.orderId))
    .where(
      and(
        eq(orders.decision, 'confirmed'),
        isNotNull(orders.handedOverOn),
        isNull(orders.returnedOn),
        eq(orderHolds.state, 'confirmed'),
        isNull(orderHolds.stillOut),
        lt(orderHolds.holdTo, today),
        sql`NOT EXISTS (SELECT 1 FROM order_holds o WHERE o.order_id = ${orderHolds.orderId} AND o.still_out IS NOT NULL AND o.state = 'confirmed')`,
      ),
    );
  if (late.length === 0) return [];
  await tx.insert(orderHolds).values(
    late.map((row) => ({
      id: randomUUID(),
      orderId: row.orderId,
      productId: row.productId,
      quantity: row.quantity,
      holdFrom: addDays(row.to, 1),
      holdTo: OPEN_END,
      state: 'confirmed' as const,
      stillOut: 'late' as const,
    })),
  );
  const orderIds = [...new Set(late.map((row) => row.orderId))];
  for (const orderId of orderIds)
    await recordEvent(tx, orderId, 'system', 'late', now, {
      since: addDays(late.find((row) => row.orderId === orderId)?.to ?? today, 1),
    });
  return orderIds;
}

/** Requests out past their return day (not back, or with pieces missing), among `orderIds` or all. */
export async function stillOutOrders(tx: Pick<Tx, 'selectDistinct'>, orderIds?: string[]) {
  const rows = await tx
    .selectDistinct({ orderId: orderHolds.orderId, reason: orderHolds.stillOut, since: orderHolds.holdFrom })
    .from(orderHolds)
    .where(
      and(
        eq(orderHolds.state, 'confirmed'),
        eq(orderHolds.holdTo, OPEN_END),
        isNotNull(orderHolds.stillOut),
        orderIds ? inArray(orderHolds.orderId, orderIds) : undefined,
      ),
    );
  const out = new Map<string, StillOut>();
  for (const row of rows) if (row.reason) out.set(row.orderId, { reason: row.reason, since: row.since });
  return out;
}

/**
 * Which of these requests are promised beyond the stock on some day of their booked window
 * (turnaround counted): other holds, pieces still out or a stock cut leave too few. One read of the
 * holds of their products over their windows, however many requests.
 */
export async function overPromised(db: Reader, orderIds: string[], now: Date): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const own = await db
    .select({
      orderId: orderHolds.orderId,
      productId: orderHolds.productId,
      from: orderHolds.holdFrom,
      to: orderHolds.holdTo,
    })
    .from(orderHolds)
    .where(and(inArray(orderHolds.orderId, orderIds), countsAt(now), isNull(orderHolds.stillOut)));
  if (own.length === 0) return new Set();
  const range = {
    from: own.reduce((min, row) => (row.from < min ? row.from : min), own[0]?.from ?? ''),
    to: own.reduce((max, row) => (row.to > max ? row.to : max), own[0]?.to ?? ''),
  };
  const productIds = [...new Set(own.map((row) => row.productId))];
  const [holds, stock] = await Promise.all([
    countingHolds(db, { from: range.from, to: addDays(range.to, MAX_TURNAROUND_DAYS) }, now, { productIds }),
    db
      .select({ id: products.id, stock: products.stockCount, turnaround: products.turnaroundDays })
      .from(products)
      .where(inArray(products.id, productIds)),
  ]);
  const byProduct = new Map(stock.map((row) => [row.id, row]));
  const over = new Set<string>();
  for (const row of own) {
    if (over.has(row.orderId)) continue;
    const product = byProduct.get(row.productId);
    const mine = holds.filter((hold) => hold.productId === row.productId);
    for (const day of daysOf({ from: row.from, to: addDays(row.to, product?.turnaround ?? 0) })) {
      const promised = mine.reduce(
        (sum, hold) => (day >= hold.from && day <= hold.busyTo ? sum + hold.quantity : sum),
        0,
      );
      if (promised > (product?.stock ?? 0)) {
        over.add(row.orderId);
        break;
      }
    }
  }
  return over;
}
