import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { dayIn } from '../../src/lib/api-contract/dates';
import { totalsOf } from '../../src/lib/api-contract/money';
import { paymentSchedule } from '../../src/lib/api-contract/payment-terms';
import type { Db } from '../db/client';
import { bondHolds, formTokens, orders, payments } from '../db/schema';
import { storedCategoryKeysOf, storedOrderCategoryKeys } from '../services/order-categories';
import type { EntrySummary, Money, MoneySettings, PaymentInput } from './ledger-types';

/**
 * A booking's money: the payments and refunds recorded against it, and what is owed. Every write
 * re-reads what was paid inside its own transaction, so two members recording at once cannot take more
 * than is owed; a provider's event is applied once by its id.
 */

export * from './ledger-types';

type Reader = Pick<Db, 'select' | 'selectDistinct'>;

const ORDER_MONEY = {
  id: orders.id,
  subtotal: orders.subtotalInCents,
  pricesIncludeGst: orders.pricesIncludeGst,
  gstFree: orders.gstFreeInCents,
  startsAt: orders.startsAt,
  createdAt: orders.createdAt,
  decidedAt: orders.decidedAt,
};
type OrderMoneyRow = {
  subtotal: number;
  /** Entered with GST (issue 60): the subtotal is the total. */
  pricesIncludeGst?: boolean;
  /** The GST-free part of the subtotal (issue 61). */
  gstFree?: number;
  startsAt: string;
  createdAt: string;
  decidedAt: string | null;
};

/** A booking's money from its row, its entries (oldest first) and its categories: the one computation. */
function moneyFrom<E extends EntrySummary>(
  order: OrderMoneyRow,
  entries: E[],
  categoryKeys: readonly string[],
  settings: MoneySettings,
  bondHeldCents = 0,
): Money<E> {
  const totalCents = totalsOf(
    order.subtotal,
    { gstRate: settings.gstRate, pricesIncludeGst: order.pricesIncludeGst ?? false },
    order.gstFree ?? 0,
  ).totalCents;
  const schedule = paymentSchedule(
    {
      totalCents,
      hireDate: order.startsAt.slice(0, 10),
      today: dayIn(new Date(order.decidedAt ?? order.createdAt), settings.timeZone),
      categoryKeys,
    },
    settings.terms,
  );
  const sum = (towards: 'hire' | 'bond') =>
    entries
      .filter((entry) => entry.towards === towards)
      .reduce((cents, entry) => cents + (entry.kind === 'payment' ? entry.amountCents : -entry.amountCents), 0);
  const paidCents = sum('hire');
  const bondPaidCents = sum('bond');
  const depositOwedCents = Math.max(0, schedule.deposit.cents - paidCents);
  return {
    totalCents,
    schedule,
    paidCents,
    bondPaidCents,
    bondHeldCents,
    depositOwedCents,
    balanceOwedCents: Math.max(0, totalCents - paidCents) - depositOwedCents,
    bondOwedCents: Math.max(0, schedule.bond.cents - bondPaidCents - bondHeldCents),
    overpaidCents: {
      hire: Math.max(0, paidCents - totalCents),
      bond: Math.max(0, bondPaidCents - schedule.bond.cents),
    },
    entries,
  };
}

export async function moneyOf(db: Reader, orderId: string, settings: MoneySettings): Promise<Money | null> {
  const [order] = await db.select(ORDER_MONEY).from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const entries = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.paidOn), asc(payments.recordedAt));
  const [held] = await db
    .select({ cents: sql<number>`coalesce(sum(${bondHolds.amountCents}), 0)` })
    .from(bondHolds)
    .where(and(eq(bondHolds.orderId, orderId), inArray(bondHolds.status, ACTIVE_HOLDS)));
  return moneyFrom(order, entries, await storedOrderCategoryKeys(db, orderId), settings, Number(held?.cents ?? 0));
}

/** A bond hold still on the card: not yet taken from, released or lapsed. */
export const ACTIVE_HOLDS = ['held', 'capture_due', 'release_due'] as const;

/**
 * The money of many bookings at once, for lists (the Money page): a few set-wise reads per 500
 * bookings instead of several per booking, the same computation as `moneyOf`.
 */
export async function moneyOfMany(
  db: Reader,
  orderIds: readonly string[],
  settings: MoneySettings,
): Promise<Map<string, Money<EntrySummary>>> {
  const found = new Map<string, Money<EntrySummary>>();
  if (orderIds.length === 0) return found;
  const byCategory = Object.keys(settings.terms.balanceDueDaysByCategory).length > 0;
  // The ids as one JSON parameter: one query each, however many (thousands of bound parameters, in
  // chunks, took twice as long to read the same rows).
  const ids = JSON.stringify(orderIds);
  const [rows, entries, keys, holds] = await Promise.all([
    db.select(ORDER_MONEY).from(orders).where(sql`${orders.id} IN (SELECT value FROM json_each(${ids}))`),
    // Only what the sums read: whole rows (notes, references, who recorded) took twice as long.
    db
      .select({
        orderId: payments.orderId,
        kind: payments.kind,
        towards: payments.towards,
        amountCents: payments.amountCents,
        recordedAt: payments.recordedAt,
      })
      .from(payments)
      .where(sql`${payments.orderId} IN (SELECT value FROM json_each(${ids}))`)
      .orderBy(asc(payments.paidOn), asc(payments.recordedAt)),
    // A booking's categories matter only to a business whose balance falls due by category.
    byCategory ? storedCategoryKeysOf(db, orderIds) : new Map<string, string[]>(),
    db
      .select({ orderId: bondHolds.orderId, cents: bondHolds.amountCents })
      .from(bondHolds)
      .where(
        and(
          sql`${bondHolds.orderId} IN (SELECT value FROM json_each(${ids}))`,
          inArray(bondHolds.status, ACTIVE_HOLDS),
        ),
      ),
  ]);
  const heldOf = new Map<string, number>();
  for (const hold of holds) heldOf.set(hold.orderId, (heldOf.get(hold.orderId) ?? 0) + hold.cents);
  const byOrder = new Map<string, EntrySummary[]>();
  for (const entry of entries) {
    const list = byOrder.get(entry.orderId);
    if (list) list.push(entry);
    else byOrder.set(entry.orderId, [entry]);
  }
  for (const row of rows) {
    found.set(row.id, moneyFrom(row, byOrder.get(row.id) ?? [], keys.get(row.id) ?? [], settings, heldOf.get(row.id)));
  }
  return found;
}

export type RecordOutcome =
  | { kind: 'recorded'; id: string; ids: string[] }
  | { kind: 'duplicate'; id: string }
  | { kind: 'not_found' }
  | { kind: 'too_much'; maxCents: number };

/**
 * Records a payment or a refund, re-checking inside its transaction what is owed (a payment) or was
 * paid (a refund) towards the hire or the bond. An entry with the id of one applied already adds nothing.
 */
export function recordPayment(
  db: Db,
  orderId: string,
  input: PaymentInput,
  recordedBy: string,
  settings: MoneySettings,
  now: Date,
  /** More to write with it, in its transaction (the activity log). */
  alongside?: (tx: Pick<Db, 'insert' | 'select'>, paymentId: string) => Promise<unknown>,
  options: RecordOptions = {},
): Promise<RecordOutcome> {
  return recordPayments(db, orderId, [input], recordedBy, settings, now, alongside, options);
}

export interface RecordOptions {
  /** Recorded as a provider reported it (never refused for going past what is owed). */
  received?: boolean;
  /** The one-time token of the form it came from: a second submit of that form records nothing. */
  formToken?: string;
}

type Writer = Pick<Db, 'insert' | 'select' | 'selectDistinct' | 'update'>;

/**
 * Several entries of one event in one transaction (a card payment of the balance and the bond): all
 * or none. The first entry's `externalId` names the event: a second delivery of it adds nothing. Money
 * a provider says it took (`received`) is recorded even past what is owed: it was paid, and the team
 * sees it to pay back; what the team records never goes past it.
 */
export function recordPayments(
  db: Db,
  orderId: string,
  inputs: PaymentInput[],
  recordedBy: string,
  settings: MoneySettings,
  now: Date,
  alongside?: (tx: Pick<Db, 'insert' | 'select'>, paymentId: string) => Promise<unknown>,
  options: RecordOptions = {},
): Promise<RecordOutcome> {
  return db.transaction((tx) => recordEntries(tx, orderId, inputs, recordedBy, settings, now, alongside, options));
}

/**
 * `recordPayments` in the caller's transaction. Every entry is checked against what is owed or was
 * paid before any is written, so a refused batch writes nothing.
 */
export async function recordEntries(
  tx: Writer,
  orderId: string,
  inputs: PaymentInput[],
  recordedBy: string,
  settings: MoneySettings,
  now: Date,
  alongside?: (tx: Pick<Db, 'insert' | 'select'>, paymentId: string) => Promise<unknown>,
  { received = false, formToken }: RecordOptions = {},
): Promise<RecordOutcome> {
  if (formToken) {
    const [used] = await tx.select().from(formTokens).where(eq(formTokens.token, formToken));
    if (used) return { kind: 'duplicate', id: '' };
  }
  const eventId = inputs[0]?.externalId;
  if (eventId) {
    const [known] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.externalId, eventId));
    if (known) return { kind: 'duplicate', id: known.id };
  }
  const money = await moneyOf(tx, orderId, settings);
  if (!money) return { kind: 'not_found' };
  if (!received) {
    const taken = { hire: 0, bond: 0, surcharge: 0 };
    for (const input of inputs) {
      // A surcharge is only ever charged with a card payment, as Stripe reports it (received).
      const paid = { hire: money.paidCents, bond: money.bondPaidCents, surcharge: 0 }[input.towards];
      // A bond held on a card is not owed again (issue 61).
      const due = { hire: money.totalCents, bond: money.schedule.bond.cents - money.bondHeldCents, surcharge: 0 }[
        input.towards
      ];
      const sign = input.kind === 'payment' ? 1 : -1;
      const maxCents =
        input.kind === 'payment' ? Math.max(0, due - paid - taken[input.towards]) : paid + taken[input.towards];
      if (input.amountCents > maxCents) return { kind: 'too_much', maxCents };
      taken[input.towards] += sign * input.amountCents;
    }
  }
  // A second submit of the same form, racing this one, fails here on the token's key and rolls back.
  if (formToken) await tx.insert(formTokens).values({ token: formToken, usedAt: now.toISOString() });
  const ids: string[] = [];
  for (const input of inputs) {
    const id = randomUUID();
    await tx.insert(payments).values({
      id,
      orderId,
      kind: input.kind,
      towards: input.towards,
      method: input.method,
      amountCents: input.amountCents,
      paidOn: input.paidOn,
      recordedBy,
      recordedAt: now.toISOString(),
      externalId: input.externalId ?? null,
      providerRef: input.providerRef ?? null,
      note: input.note ?? null,
    });
    await alongside?.(tx, id);
    ids.push(id);
  }
  return { kind: 'recorded', id: ids[0] as string, ids };
}
