import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { addDays, daysOf, type HoldWindow, weekdayOf } from '../../../src/lib/api-contract/hold-window';
import { type Booking, type CalendarHold, OPEN_END } from '../../booking';
import type { Db } from '../../db/client';
import { customers, itemTags, orders, productGroups, products } from '../../db/schema';
import { readCategories, tagsUnder } from '../categories';

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)));

export const calendarQuery = z.object({
  view: z.enum(['week', 'month']).catch('week'),
  /** Any day of the week or month shown. */
  day: isoDay.optional().catch(undefined),
  category: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,60}$/)
    .optional()
    .catch(undefined),
});
export type CalendarQuery = z.infer<typeof calendarQuery>;

/** The days a view shows: Monday to Sunday, or the 1st to the last of the month. */
export function rangeOf(view: 'week' | 'month', day: string): HoldWindow {
  if (view === 'week') {
    const monday = addDays(day, -((weekdayOf(day) + 6) % 7));
    return { from: monday, to: addDays(monday, 6) };
  }
  const first = `${day.slice(0, 7)}-01`;
  const next = new Date(`${first}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return { from: first, to: addDays(next.toISOString().slice(0, 10), -1) };
}

export interface CalendarRow {
  productId: string;
  name: string;
  stock: number;
  /** Per day: units held (waiting for an answer) and confirmed. */
  days: Map<string, { held: number; confirmed: number }>;
}

/** The products of a category (and its children), by id; all products when no category is given. */
export async function productsOf(db: Db, category: string | undefined) {
  const tags = category ? await tagsUnder(db, category) : null;
  const groups = tags
    ? (
        await db
          .selectDistinct({ id: itemTags.ownerId })
          .from(itemTags)
          .where(and(eq(itemTags.ownerType, 'product_groups'), inArray(itemTags.tag, tags)))
      ).map((row) => row.id)
    : null;
  if (groups?.length === 0) return [];
  return db
    .select({ id: products.id, name: products.name, stock: products.stockCount })
    .from(products)
    .innerJoin(productGroups, eq(productGroups.id, products.productGroupId))
    .where(groups ? inArray(products.productGroupId, groups) : undefined)
    .orderBy(asc(productGroups.position), asc(products.position));
}

/**
 * What is out on each day of a week or month (held and confirmed), per product that has anything
 * out in it: of one category, or of the whole catalogue.
 */
export async function calendar(db: Db, booking: Booking, query: CalendarQuery, today: string) {
  const range = rangeOf(query.view, query.day ?? today);
  const chosen = await productsOf(db, query.category);
  const ids = query.category ? chosen.map((p) => p.id) : undefined;
  const holds = await booking.holdsIn(db, range, ids);
  const byId = new Map(chosen.map((p) => [p.id, p]));
  const days = daysOf(range);
  const rows = new Map<string, CalendarRow>();
  for (const hold of holds) {
    const product = byId.get(hold.productId);
    if (!product || hold.quantity === 0) continue;
    const row = rows.get(hold.productId) ?? {
      productId: product.id,
      name: product.name,
      stock: product.stock,
      days: new Map(),
    };
    for (const day of days) {
      // Turnaround days after a return count as out: the item is not ready for another hire.
      if (day < hold.from || day > hold.busyTo) continue;
      const cell = row.days.get(day) ?? { held: 0, confirmed: 0 };
      cell[hold.state] += hold.quantity;
      row.days.set(day, cell);
    }
    rows.set(hold.productId, row);
  }
  const order = new Map(chosen.map((p, i) => [p.id, i]));
  return {
    range,
    days,
    rows: [...rows.values()].sort((a, b) => (order.get(a.productId) ?? 0) - (order.get(b.productId) ?? 0)),
    categories: (await readCategories(db)).map((c) => ({ key: c.key, name: c.name })),
  };
}

/** Requests with their customers, for the holds a page lists. */
export async function requestsOf(db: Db, holds: CalendarHold[]) {
  const ids = [...new Set(holds.map((h) => h.orderId))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      fulfilment: orders.fulfillmentType,
      address: orders.deliveryAddress,
      timeFrom: orders.handOverFrom,
      timeTo: orders.handOverTo,
      name: customers.name,
      phone: customers.phone,
      decision: orders.decision,
      handedOverOn: orders.handedOverOn,
      returnedOn: orders.returnedOn,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(inArray(orders.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}
export type RequestSummary = NonNullable<
  Awaited<ReturnType<typeof requestsOf>> extends Map<string, infer V> ? V : never
>;

/** One product and its bookings from `from` on, by date. */
export async function productBookings(db: Db, booking: Booking, productId: string, from: string) {
  const [product] = await db
    .select({ id: products.id, name: products.name, stock: products.stockCount, groupId: products.productGroupId })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) return null;
  const holds = (await booking.holdsIn(db, { from, to: OPEN_END }, [productId])).sort(
    (a, b) => a.from.localeCompare(b.from) || a.orderId.localeCompare(b.orderId),
  );
  return { product, holds, requests: await requestsOf(db, holds) };
}

/** A day's sheet: what goes out (its window starts that day) and what comes back (it ends that day). */
export async function daySheet(db: Db, booking: Booking, day: string) {
  const holds = (await booking.holdsIn(db, { from: day, to: day })).filter((h) => h.quantity > 0);
  const names = new Map(
    (holds.length
      ? await db
          .select({ id: products.id, name: products.name })
          .from(products)
          .where(inArray(products.id, [...new Set(holds.map((h) => h.productId))]))
      : []
    ).map((p) => [p.id, p.name]),
  );
  const requests = await requestsOf(db, holds);
  const group = (which: CalendarHold[]) => {
    const byOrder = new Map<
      string,
      { request: RequestSummary; state: string; lines: { name: string; quantity: number }[] }
    >();
    for (const hold of which) {
      const entry = byOrder.get(hold.orderId) ?? { request: requests.get(hold.orderId), state: hold.state, lines: [] };
      entry.lines.push({ name: names.get(hold.productId) ?? hold.productId, quantity: hold.quantity });
      byOrder.set(hold.orderId, entry);
    }
    return [...byOrder.values()].sort((a, b) => a.request.number - b.request.number);
  };
  // Pieces still out past their return day neither go out nor come back on a day of their own.
  const booked = holds.filter((h) => !h.stillOut);
  return {
    out: group(booked.filter((h) => h.from === day)),
    back: group(booked.filter((h) => h.to === day)),
    stillOut: group(holds.filter((h) => h.stillOut && h.to === OPEN_END)),
  };
}
