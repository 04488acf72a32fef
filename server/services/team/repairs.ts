import { asc, eq } from 'drizzle-orm';
import { longDate } from '../../../src/lib/api-contract/dates';
import type { Booking, Repair, RepairOutcome, StockShortfall } from '../../booking';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { actingRole, mayChangeRequests } from './acting-role';
import { type Acting, logActivity } from './activity';

/**
 * Units in repair from an item's page (issue 62): put in by staff and owners (a viewer, or a removed
 * member, changes nothing: read inside the transaction), each with its line in the activity log; put
 * back in stock the same way.
 */

export interface RepairForm {
  productId: string;
  quantity: string;
  from: string;
  to: string;
  reason: string;
  evenSo: boolean;
}

export type RepairAnswer =
  | Exclude<RepairOutcome, { kind: 'recorded' }>
  | { kind: 'recorded'; shortfalls: StockShortfall[] }
  | { kind: 'not_allowed' };

/** A whole number of pieces as typed: digits only (no "1e3", "0x10" or empty field read as a number). */
const wholeNumber = (text: string) => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

export async function putInRepair(
  deps: { db: Db; booking: Booking; clock: () => Date },
  form: RepairForm,
  by: Acting & { email: string },
): Promise<RepairAnswer> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    if (!mayChangeRequests(await actingRole(tx, by))) return { kind: 'not_allowed' as const };
    const outcome = await deps.booking.putInRepair(tx, {
      productId: form.productId,
      quantity: wholeNumber(form.quantity),
      from: form.from.trim(),
      to: form.to.trim(),
      reason: form.reason,
      evenSo: form.evenSo,
      by: by.email,
    });
    if (outcome.kind !== 'recorded') return outcome;
    const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, form.productId));
    await logActivity(
      tx,
      by,
      {
        kind: 'repair',
        subjectType: 'item',
        subjectId: form.productId,
        summary: `Put ${form.quantity.trim()} of ${product?.name ?? form.productId} in repair, ${longDate(form.from.trim())} to ${longDate(form.to.trim())}: ${form.reason.trim()}${outcome.shortfalls.length ? ' (bookings left short)' : ''}`,
        after: { repair: outcome.id, shortfalls: outcome.shortfalls },
      },
      now,
    );
    return { kind: 'recorded' as const, shortfalls: outcome.shortfalls };
  });
}

export async function putBackInStock(
  deps: { db: Db; booking: Booking; clock: () => Date },
  id: string,
  by: Acting & { email: string },
): Promise<'back' | 'not_found' | 'already' | 'not_allowed'> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    if (!mayChangeRequests(await actingRole(tx, by))) return 'not_allowed' as const;
    const outcome = await deps.booking.backInStock(tx, id, by.email);
    if (outcome.kind !== 'back') return outcome.kind;
    await logActivity(
      tx,
      by,
      {
        kind: 'back_in_stock',
        subjectType: 'item',
        subjectId: outcome.repair.productId,
        summary: `Put ${outcome.repair.quantity} back in stock from repair (${outcome.repair.reason})`,
        after: { repair: id },
      },
      now,
    );
    return 'back' as const;
  });
}

/** A group's products with their open repairs, in the group's order. */
export async function repairsOfGroup(
  deps: { db: Db; booking: Booking },
  groupId: string,
): Promise<{ products: { id: string; name: string; stock: number }[]; repairs: (Repair & { name: string })[] }> {
  const list = await deps.db
    .select({ id: products.id, name: products.name, stock: products.stockCount })
    .from(products)
    .where(eq(products.productGroupId, groupId))
    .orderBy(asc(products.position));
  const names = new Map(list.map((product) => [product.id, product.name]));
  const repairs = await deps.booking.openRepairs(
    deps.db,
    list.map((product) => product.id),
  );
  return { products: list, repairs: repairs.map((repair) => ({ ...repair, name: names.get(repair.productId) ?? '' })) };
}
