import { inArray } from 'drizzle-orm';
import { addDays, daysOf, MAX_TURNAROUND_DAYS } from '../../src/lib/api-contract/hold-window';
import { products } from '../db/schema';
import type { StockShortfall } from './booking';
import { isRepair } from './downtime-read';
import { countingHolds, OPEN_END, type Reader } from './holds-read';

/**
 * Where new stock counts fall below what is promised (held or confirmed) on some day from `today`
 * on: per product, each run of days with the same number promised. A stock change is never refused
 * for it (the business knows best); it is told.
 */
export async function checkStockChange(
  db: Reader,
  stock: ReadonlyMap<string, number>,
  now: Date,
  today: string,
  turnaround: ReadonlyMap<string, number> = new Map(),
): Promise<StockShortfall[]> {
  if (stock.size === 0) return [];
  // Every counting hold from today on (reaching today by a new, longer turnaround too).
  const read = await countingHolds(db, { from: addDays(today, -MAX_TURNAROUND_DAYS), to: OPEN_END }, now, {
    productIds: [...stock.keys()],
  });
  const rows = read
    .map((row) => {
      const days = turnaround.get(row.productId);
      // Units in repair come back ready: no turnaround after them.
      return days === undefined || row.to === OPEN_END || isRepair(row.orderId)
        ? row
        : { ...row, busyTo: addDays(row.to, days) };
    })
    .filter((row) => row.busyTo >= today);
  const promised = new Map<string, Map<string, number>>();
  // Pieces still out (no end) are counted up to the last day anything else is promised, or today.
  const horizon = rows.reduce((last, row) => (row.busyTo !== OPEN_END && row.busyTo > last ? row.busyTo : last), today);
  for (const row of rows) {
    const days = promised.get(row.productId) ?? new Map<string, number>();
    const to = row.busyTo === OPEN_END ? horizon : row.busyTo;
    for (const day of daysOf({ from: row.from > today ? row.from : today, to })) {
      days.set(day, (days.get(day) ?? 0) + row.quantity);
    }
    promised.set(row.productId, days);
  }
  const over = [...promised].filter(([id, days]) => [...days.values()].some((n) => n > (stock.get(id) ?? 0)));
  if (over.length === 0) return [];
  const names = new Map(
    (
      await db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(
          inArray(
            products.id,
            over.map(([id]) => id),
          ),
        )
    ).map((row) => [row.id, row.name]),
  );
  const shortfalls: StockShortfall[] = [];
  for (const [productId, days] of over) {
    const count = stock.get(productId) ?? 0;
    let run: StockShortfall | null = null;
    for (const day of [...days.keys()].sort()) {
      const held = days.get(day) ?? 0;
      if (held <= count) {
        run = null;
        continue;
      }
      if (run && run.promised === held && addDays(run.to, 1) === day) {
        run.to = day;
        continue;
      }
      run = { productId, name: names.get(productId) ?? productId, from: day, to: day, promised: held, stock: count };
      shortfalls.push(run);
    }
  }
  return shortfalls.sort((a, b) => a.name.localeCompare(b.name) || a.from.localeCompare(b.from));
}
