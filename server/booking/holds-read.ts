import { and, eq, gte, inArray, lte, ne, or, sql } from 'drizzle-orm';
import {
  addDays,
  daysOf,
  type HoldWindow,
  LONGEST_HOLD_DAYS,
  MAX_TURNAROUND_DAYS,
} from '../../src/lib/api-contract/hold-window';
import type { Db } from '../db/database';
import { orderHolds, orders, products } from '../db/schema';
import { downtimeRows, isRepair } from './downtime-read';

/** A database or an open transaction: the booking module reads inside write transactions too. */
export type Reader = Pick<Db, 'select' | 'selectDistinct'>;

/**
 * Holds that count against stock at `now`: confirmed ones, and held ones not yet lapsed. The first
 * term lets SQLite use the partial indexes of counting holds (it cannot see that the rest implies it).
 */
export const countsAt = (now: Date) =>
  and(
    inArray(orderHolds.state, ['held', 'confirmed']),
    or(
      eq(orderHolds.state, 'confirmed'),
      and(eq(orderHolds.state, 'held'), sql`${orderHolds.expiresAt} > ${now.toISOString()}`),
    ),
  );

/**
 * The last day of a range with no end: every hold from its first day on (a stock check's range), and
 * the end of a hold on pieces out past their return day (late, or missing after a return) until a
 * return records them back.
 */
export const OPEN_END = '9999-12-31';

/**
 * The holds overlapping a window: starting on or before its last day and ending (turnaround counted)
 * on or after its first. A booked hold spans at most LONGEST_HOLD_DAYS (a hire of several days), so it also ends within that many days of
 * the window's end: the index on (hold_to) reads that short range, not every later hold; holds of
 * pieces still out end on OPEN_END, read by the same index.
 */
const overlaps = (window: HoldWindow) =>
  and(
    lte(orderHolds.holdFrom, window.to),
    // A hold keeps its units its product's turnaround days past its end (busyTo).
    gte(orderHolds.holdTo, addDays(window.from, -MAX_TURNAROUND_DAYS)),
    window.to === OPEN_END
      ? undefined
      : or(lte(orderHolds.holdTo, addDays(window.to, LONGEST_HOLD_DAYS)), eq(orderHolds.holdTo, OPEN_END)),
  );

export interface HoldRow {
  orderId: string;
  productId: string;
  quantity: number;
  from: string;
  to: string;
  /** The last day the units are kept from others: `to` and the product's turnaround days (OPEN_END stays). */
  busyTo: string;
  /** Only when asked for (withState): the calendar tells held from confirmed. */
  state?: string;
  /** Only with the state: pieces out past their return day (late, or missing after a return). */
  stillOut?: 'late' | 'missing' | null;
}

/** A hold's last busy day in SQL: its end and its product's turnaround days (a hold with no end keeps none). */
const busyTo = sql<string>`CASE WHEN ${orderHolds.holdTo} = ${OPEN_END} OR COALESCE(${products.turnaroundDays}, 0) = 0 THEN ${orderHolds.holdTo} ELSE date(${orderHolds.holdTo}, '+' || ${products.turnaroundDays} || ' days') END`;

/**
 * The holds that count at `now` and overlap the window, turnaround counted (of some products; never
 * those of `except`). Rows that end, with turnaround, before the window are dropped.
 */
export async function countingHolds(
  db: Reader,
  window: HoldWindow,
  now: Date,
  {
    productIds,
    except,
    withState,
    requestsOnly,
  }: {
    productIds?: string[];
    except?: string;
    withState?: boolean;
    /** Requests' holds alone, without units in repair (the calendar's list of requests). */
    requestsOnly?: boolean;
  } = {},
): Promise<HoldRow[]> {
  const [rows, repairs] = await Promise.all([
    db
      .select({
        orderId: orderHolds.orderId,
        productId: orderHolds.productId,
        quantity: orderHolds.quantity,
        from: orderHolds.holdFrom,
        to: orderHolds.holdTo,
        busyTo,
        ...(withState ? { state: orderHolds.state, stillOut: orderHolds.stillOut } : {}),
      })
      .from(orderHolds)
      .leftJoin(products, eq(products.id, orderHolds.productId))
      .where(
        and(
          overlaps(window),
          countsAt(now),
          productIds ? inArray(orderHolds.productId, productIds) : undefined,
          except ? ne(orderHolds.orderId, except) : undefined,
        ),
      ),
    // Units in repair are out as a hold's are (issue 62).
    requestsOnly ? [] : downtimeRows(db, window, productIds),
  ]);
  return [...rows.filter((row) => row.busyTo >= window.from), ...repairs];
}

/** Per product, units held on each day of the window (only products and days with holds). */
export function heldPerDay(rows: HoldRow[], window: HoldWindow): Map<string, Map<string, number>> {
  const perDay = new Map<string, Map<string, number>>();
  const days = daysOf(window);
  for (const row of rows) {
    const held = perDay.get(row.productId) ?? new Map<string, number>();
    for (const day of days) {
      if (day >= row.from && day <= row.busyTo) held.set(day, (held.get(day) ?? 0) + row.quantity);
    }
    perDay.set(row.productId, held);
  }
  return perDay;
}

/** Per product, the most units held on any one day of the window (only products with holds). */
export async function peakHeld(
  db: Reader,
  window: HoldWindow,
  now: Date,
  productIds?: string[],
): Promise<Map<string, number>> {
  if (productIds?.length === 0) return new Map();
  const perDay = heldPerDay(await countingHolds(db, window, now, { productIds }), window);
  return new Map([...perDay].map(([id, days]) => [id, Math.max(0, ...days.values())]));
}

/** One product a request cannot have in its window: on which days, how many are free, who holds them. */
export interface Shortfall {
  productId: string;
  name: string;
  needed: number;
  stock: number;
  /** The fewest free on any day of the window. */
  free: number;
  /** The days it is short, in runs of days with the same number free. */
  days: { from: string; to: string; free: number }[];
  /** The numbers of the requests that hold it on those days. */
  heldBy: string[];
}

/** What a request's products leave free in its window, the request's own share counted or not. */
export interface FreeCount {
  productId: string;
  name: string;
  stock: number;
  /** What this request asks for. */
  needed: number;
  /** The fewest free on any day of the window, before this request takes its share. */
  free: number;
}

/**
 * Checks what a request needs against what others hold in its window (its own holds never count):
 * the shortfalls, empty when everything fits, and what each product leaves free.
 */
export async function checkNeeds(
  db: Reader,
  window: HoldWindow,
  needs: ReadonlyMap<string, number>,
  now: Date,
  except?: string,
): Promise<{ shortfalls: Shortfall[]; free: FreeCount[] }> {
  const ids = [...needs.keys()];
  if (ids.length === 0) return { shortfalls: [], free: [] };
  // One statement for the stock and the holds (each statement costs an order about 0.3 ms, and the
  // order's transaction holds the writer while it runs): each product, with each counting hold.
  // A product is busy its turnaround days after the window too: other holds are read that far.
  const reach = { from: window.from, to: addDays(window.to, MAX_TURNAROUND_DAYS) };
  const joined = await db
    .select({
      id: products.id,
      name: products.name,
      stock: products.stockCount,
      turnaround: products.turnaroundDays,
      orderId: orderHolds.orderId,
      quantity: orderHolds.quantity,
      from: orderHolds.holdFrom,
      to: orderHolds.holdTo,
      busyTo,
    })
    .from(products)
    .leftJoin(
      orderHolds,
      and(
        eq(orderHolds.productId, products.id),
        overlaps(reach),
        countsAt(now),
        except ? ne(orderHolds.orderId, except) : undefined,
      ),
    )
    .where(sql`${products.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`);
  const stock = [
    ...new Map(
      joined.map((row) => [row.id, { id: row.id, name: row.name, stock: row.stock, turnaround: row.turnaround }]),
    ).values(),
  ];
  // Units in repair in the same reach count as others' holds (issue 62).
  const repairs = await downtimeRows(db, reach, ids);
  const rows: HoldRow[] = joined.flatMap((row) =>
    row.orderId === null
      ? []
      : [
          {
            orderId: row.orderId,
            productId: row.id,
            quantity: row.quantity ?? 0,
            from: row.from ?? '',
            to: row.to ?? '',
            busyTo: row.busyTo ?? row.to ?? '',
          },
        ],
  );
  rows.push(...repairs);
  const perDay = heldPerDay(rows, reach);
  const shortfalls: Shortfall[] = [];
  const free: FreeCount[] = [];
  for (const product of stock) {
    // The days this request keeps the product: its window and the product's turnaround after it.
    const days = daysOf({ from: window.from, to: addDays(window.to, product.turnaround) });
    const needed = needs.get(product.id) ?? 0;
    const held = perDay.get(product.id) ?? new Map<string, number>();
    const freeOn = (day: string) => Math.max(0, product.stock - (held.get(day) ?? 0));
    const least = Math.min(...days.map(freeOn));
    free.push({ productId: product.id, name: product.name, stock: product.stock, needed, free: least });
    if (needed <= least) continue;
    const shortDays = days.filter((day) => freeOn(day) < needed);
    const runs: Shortfall['days'] = [];
    for (const day of shortDays) {
      const last = runs.at(-1);
      if (last && last.free === freeOn(day) && daysOf({ from: last.to, to: day }).length === 2) last.to = day;
      else runs.push({ from: day, to: day, free: freeOn(day) });
    }
    const heldBy = [
      ...new Set(
        rows
          .filter(
            (row) => row.productId === product.id && shortDays.some((day) => day >= row.from && day <= row.busyTo),
          )
          .map((row) => row.orderId)
          .filter((holder) => !isRepair(holder)),
      ),
    ].sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
    shortfalls.push({
      productId: product.id,
      name: product.name,
      needed,
      stock: product.stock,
      free: least,
      days: runs,
      heldBy,
    });
  }
  // A product that no longer exists cannot be held at all.
  for (const id of ids) {
    if (stock.some((product) => product.id === id)) continue;
    const needed = needs.get(id) ?? 0;
    shortfalls.push({ productId: id, name: id, needed, stock: 0, free: 0, days: [{ ...window, free: 0 }], heldBy: [] });
  }
  return { shortfalls, free };
}

/** The order row of a request, read inside the caller's transaction. */
export async function orderRow(db: Reader, orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order ?? null;
}
