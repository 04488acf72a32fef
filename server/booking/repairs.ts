import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { addDays, LONGEST_HIRE_CAP_DAYS } from '../../src/lib/api-contract/hold-window';
import { products, stockDowntimes } from '../db/schema';
import type { StockShortfall, Tx } from './booking';
import { checkStockChange } from './check-stock';
import type { Reader } from './holds-read';

/**
 * Units put in repair (issue 62): out of the shop's and the team's availability from their first day
 * to the day expected back, as a booking's hold is, read by every availability check (downtime-read.ts).
 * Put in repair inside the caller's write transaction, re-checked there against what is promised: a
 * repair that would leave bookings short is refused, naming them, unless the member says to record it
 * even so (the pieces are broken whatever the database says; the team then finds others).
 */

export interface RepairInput {
  productId: string;
  quantity: number;
  from: string;
  to: string;
  reason: string;
  /** Record it though bookings are left short. */
  evenSo: boolean;
  by: string;
}

export type RepairOutcome =
  | { kind: 'recorded'; id: string; shortfalls: StockShortfall[] }
  | { kind: 'not_found' }
  /** Field by field, what to put right. */
  | { kind: 'invalid'; problems: Partial<Record<'quantity' | 'from' | 'to' | 'reason', string>> }
  | { kind: 'short'; shortfalls: StockShortfall[] };

export type Repair = typeof stockDowntimes.$inferSelect;

/** Puts units in repair, in the caller's write transaction. */
export async function putInRepair(tx: Tx, input: RepairInput, now: Date, today: string): Promise<RepairOutcome> {
  const [product] = await tx
    .select({ id: products.id, stock: products.stockCount })
    .from(products)
    .where(eq(products.id, input.productId));
  if (!product) return { kind: 'not_found' };
  const problems: Extract<RepairOutcome, { kind: 'invalid' }>['problems'] = {};
  // Units already in repair on any of these days leave fewer to put in repair.
  const already = await inRepairAtMost(tx, input.productId, input.from, input.to);
  const left = product.stock - already;
  if (!Number.isInteger(input.quantity) || input.quantity < 1) problems.quantity = 'write how many pieces, 1 or more';
  else if (input.quantity > left) {
    problems.quantity =
      left <= 0
        ? `every piece of its stock of ${product.stock} is in repair on those days already`
        : `at most ${left} (its stock of ${product.stock}${already ? `, ${already} in repair already` : ''})`;
  }
  if (!isDay(input.from)) problems.from = 'choose the day it goes in';
  else if (input.from < addDays(today, -LONGEST_HIRE_CAP_DAYS)) problems.from = 'choose a day within the last year';
  if (!isDay(input.to)) problems.to = 'choose the day it is expected back';
  else if (isDay(input.from) && input.to < input.from)
    problems.to = 'the day back must be on or after the day it goes in';
  else if (isDay(input.from) && input.to > addDays(input.from, LONGEST_HIRE_CAP_DAYS)) {
    problems.to = 'choose a day back within a year of the day it goes in';
  }
  if (!input.reason.trim()) problems.reason = 'say what is wrong with it';
  else if (input.reason.length > 500) problems.reason = 'at most 500 characters';
  if (Object.keys(problems).length > 0) return { kind: 'invalid', problems };
  const id = randomUUID();
  await tx.insert(stockDowntimes).values({
    id,
    productId: input.productId,
    quantity: input.quantity,
    fromDay: input.from,
    toDay: input.to,
    reason: input.reason.trim(),
    createdBy: input.by,
  });
  // Read in this transaction, the repair counted: what is promised beyond the stock on its days.
  const shortfalls = (
    await checkStockChange(
      tx,
      new Map([[input.productId, product.stock]]),
      now,
      input.from > today ? input.from : today,
    )
  ).filter((short) => short.from <= input.to);
  if (shortfalls.length > 0 && !input.evenSo) {
    await tx.delete(stockDowntimes).where(eq(stockDowntimes.id, id));
    return { kind: 'short', shortfalls };
  }
  return { kind: 'recorded', id, shortfalls };
}

export type BackOutcome = { kind: 'back'; repair: Repair } | { kind: 'not_found' } | { kind: 'already' };

/** Puts a repair's units back in stock from `today`: it ends the day before (none, if it had not begun). */
export async function backInStock(tx: Tx, id: string, today: string, by: string, now: Date): Promise<BackOutcome> {
  const [repair] = await tx.select().from(stockDowntimes).where(eq(stockDowntimes.id, id));
  if (!repair) return { kind: 'not_found' };
  if (repair.endedAt) return { kind: 'already' };
  const toDay = repair.toDay < today ? repair.toDay : addDays(today, -1);
  const moved = await tx
    .update(stockDowntimes)
    .set({ toDay, endedAt: now.toISOString(), endedBy: by })
    .where(and(eq(stockDowntimes.id, id), isNull(stockDowntimes.endedAt)))
    .returning();
  return moved[0] ? { kind: 'back', repair: moved[0] } : { kind: 'already' };
}

/** The repairs of these products not yet put back, and those still to come, oldest first. */
export async function openRepairs(db: Reader, productIds: readonly string[], today: string): Promise<Repair[]> {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(stockDowntimes)
    .where(
      and(
        inArray(stockDowntimes.productId, [...productIds]),
        isNull(stockDowntimes.endedAt),
        gte(stockDowntimes.toDay, addDays(today, -30)),
      ),
    )
    .orderBy(asc(stockDowntimes.fromDay), asc(stockDowntimes.createdAt));
}

/** The most units of a product in repair on any one day of a range. */
async function inRepairAtMost(db: Reader, productId: string, from: string, to: string): Promise<number> {
  if (!isDay(from) || !isDay(to) || to < from) return 0;
  const rows = await db
    .select({ from: stockDowntimes.fromDay, to: stockDowntimes.toDay, quantity: stockDowntimes.quantity })
    .from(stockDowntimes)
    .where(
      and(
        eq(stockDowntimes.productId, productId),
        sql`${stockDowntimes.fromDay} <= ${to}`,
        gte(stockDowntimes.toDay, from),
        sql`${stockDowntimes.toDay} >= ${stockDowntimes.fromDay}`,
      ),
    );
  let most = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const count = rows.reduce((sum, row) => (day >= row.from && day <= row.to ? sum + row.quantity : sum), 0);
    if (count > most) most = count;
    if (day >= addDays(from, LONGEST_HIRE_CAP_DAYS)) break;
  }
  return most;
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
