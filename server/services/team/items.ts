import { createHash } from 'node:crypto';
import { asc, eq, like, or } from 'drizzle-orm';
import type { Booking, StockShortfall } from '../../booking';
import type { Db } from '../../db/client';
import { bundles, itemTags, productGroups, products } from '../../db/schema';
import { markEdited, productFieldsChanged } from '../workspace-edits';
import { type Acting, actorName, logActivity } from './activity';
import type { parseBundleForm, parseGroupForm } from './items-forms';

export { parseBundleForm, parseGroupForm } from './items-forms';

type Kind = 'product_groups' | 'bundles';

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Products (by their group) and bundles whose name or SKU has the words typed; all when none. */
export async function findItems(db: Db, q: string | undefined) {
  const text = q?.trim().slice(0, 100);
  const [groups, sets] = await Promise.all([
    db
      .selectDistinct({
        id: productGroups.id,
        name: productGroups.name,
        archived: productGroups.archived,
        show: productGroups.showInStore,
      })
      .from(productGroups)
      .leftJoin(products, eq(products.productGroupId, productGroups.id))
      .where(
        text
          ? or(
              like(productGroups.name, likeText(text)),
              like(products.sku, likeText(text)),
              like(products.name, likeText(text)),
            )
          : undefined,
      )
      .orderBy(asc(productGroups.name))
      .limit(60),
    db
      .select({ id: bundles.id, name: bundles.name, archived: bundles.archived, show: bundles.showInStore })
      .from(bundles)
      .where(text ? or(like(bundles.name, likeText(text)), like(bundles.sku, likeText(text))) : undefined)
      .orderBy(asc(bundles.name))
      .limit(60),
  ]);
  return { groups, bundles: sets };
}

async function tagsOf(db: Pick<Db, 'select'>, ownerId: string) {
  const rows = await db
    .select({ tag: itemTags.tag })
    .from(itemTags)
    .where(eq(itemTags.ownerId, ownerId))
    .orderBy(asc(itemTags.tag));
  return rows.map((r) => r.tag);
}

/** A product group as the team edits it: its own fields, tags and products. */
export async function readGroup(db: Pick<Db, 'select'>, id: string) {
  const [group] = await db.select().from(productGroups).where(eq(productGroups.id, id));
  if (!group) return null;
  const rows = await db.select().from(products).where(eq(products.productGroupId, id)).orderBy(asc(products.position));
  return {
    id: group.id,
    slug: group.slug,
    name: group.name,
    description: group.description,
    showInStore: group.showInStore,
    archived: group.archived,
    photoUrl: group.photoUrl,
    tags: await tagsOf(db, id),
    products: rows.map((p) => ({
      id: p.id,
      name: p.name,
      sku: p.sku,
      priceInCents: p.basePriceInCents,
      stock: p.stockCount,
      turnaroundDays: p.turnaroundDays,
      showInStore: p.showInStore,
      archived: p.archived,
    })),
  };
}
export type EditableGroup = NonNullable<Awaited<ReturnType<typeof readGroup>>>;

export async function readBundle(db: Pick<Db, 'select'>, id: string) {
  const [bundle] = await db.select().from(bundles).where(eq(bundles.id, id));
  if (!bundle) return null;
  return {
    id: bundle.id,
    slug: bundle.slug,
    name: bundle.name,
    description: bundle.description,
    showInStore: bundle.showInStore,
    archived: bundle.archived,
    photoUrl: bundle.photoUrl,
    tags: await tagsOf(db, id),
  };
}
export type EditableBundle = NonNullable<Awaited<ReturnType<typeof readBundle>>>;

/** What the item was when its form was drawn: a save made against anything else is refused. */
export const fingerprint = (item: unknown) =>
  createHash('sha256').update(JSON.stringify(item)).digest('base64url').slice(0, 22);

export type SaveOutcome =
  | { kind: 'saved'; changed: string[] }
  | { kind: 'conflict' }
  | { kind: 'short'; shortfalls: StockShortfall[] }
  | { kind: 'not_allowed' }
  | { kind: 'not_found' };

const LABELS: Record<string, string> = {
  priceInCents: 'price (cents)',
  showInStore: 'shown in the shop',
  turnaroundDays: 'turnaround days',
};

/** The fields that differ, with their values before and after, by their names in words. */
function diff(before: Record<string, unknown>, after: Record<string, unknown>, prefix = '') {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[`${prefix}${LABELS[key] ?? key}`] = before[key];
      now[`${prefix}${LABELS[key] ?? key}`] = after[key];
    }
  }
  return { was, now };
}

async function replaceTags(tx: Pick<Db, 'delete' | 'insert'>, ownerId: string, ownerType: Kind, list: string[]) {
  await tx.delete(itemTags).where(eq(itemTags.ownerId, ownerId));
  if (list.length) await tx.insert(itemTags).values(list.map((tag) => ({ ownerId, ownerType, tag })));
}

/**
 * Saves a group and its products in one write transaction: refused when the item changed since its
 * form was drawn (someone else saved first), or when new stock would fall below what is promised on
 * some day (the booking module checks, in this transaction). The shop shows it on its next read
 * (the data version moves with the rows), and the log keeps what changed.
 */
export async function saveGroup(
  db: Db,
  booking: Booking,
  id: string,
  input: Extract<ReturnType<typeof parseGroupForm>, { ok: true }>,
  by: Acting,
  now: Date,
  limits: { mayChangePrices: boolean } = { mayChangePrices: true },
): Promise<SaveOutcome> {
  return db.transaction(async (tx) => {
    const current = await readGroup(tx, id);
    if (!current) return { kind: 'not_found' };
    if (fingerprint(current) !== input.group.was) return { kind: 'conflict' };
    const repriced = input.products.some((p) => current.products.find((c) => c.id === p.id)?.priceInCents !== p.price);
    if (repriced && !limits.mayChangePrices) return { kind: 'not_allowed' };
    // A lower stock, or a longer turnaround (each hold then keeps its units longer), is checked
    // against what is promised from today on.
    const guarded = input.products.filter((p) => {
      const was = current.products.find((c) => c.id === p.id);
      return was?.stock !== p.stock || (p.turnaroundDays ?? was.turnaroundDays) > was.turnaroundDays;
    });
    if (guarded.length) {
      const shortfalls = await booking.checkStock(
        tx,
        new Map(guarded.map((p) => [p.id, p.stock])),
        new Map(guarded.flatMap((p) => (p.turnaroundDays === undefined ? [] : [[p.id, p.turnaroundDays] as const]))),
      );
      if (shortfalls.length) return { kind: 'short', shortfalls };
    }
    const { was: groupWas, now: groupNow } = diff(current, {
      name: input.group.name,
      description: input.group.description,
      tags: input.group.tags,
      showInStore: input.group.showInStore,
      archived: input.group.archived,
    });
    const before: Record<string, unknown> = { ...groupWas };
    const after: Record<string, unknown> = { ...groupNow };
    for (const p of input.products) {
      const old = current.products.find((c) => c.id === p.id);
      if (!old) continue;
      const turnaroundDays = p.turnaroundDays ?? old.turnaroundDays;
      const { was, now: next } = diff(
        old,
        {
          name: p.name,
          priceInCents: p.price,
          stock: p.stock,
          turnaroundDays,
          showInStore: p.showInStore,
          archived: p.archived,
        },
        `${old.name} `,
      );
      if (Object.keys(next).length === 0) continue;
      Object.assign(before, was);
      Object.assign(after, next);
      // What the catalogue folder also says, kept by a re-import (its stored field names).
      const edited = productFieldsChanged(old, { ...p, turnaroundDays });
      await markEdited(tx, `product:${p.id}`, edited, actorName(by), now);
      await tx
        .update(products)
        .set({
          name: p.name,
          basePriceInCents: p.price,
          stockCount: p.stock,
          turnaroundDays,
          showInStore: p.showInStore,
          archived: p.archived,
        })
        .where(eq(products.id, p.id));
    }
    if (Object.keys(after).length === 0) return { kind: 'saved', changed: [] };
    const prices = input.products.map((p) => p.price);
    await tx
      .update(productGroups)
      .set({
        name: input.group.name,
        description: input.group.description,
        showInStore: input.group.showInStore,
        archived: input.group.archived,
        ...(prices.length ? { basePriceInCents: Math.min(...prices) } : {}),
      })
      .where(eq(productGroups.id, id));
    if ('tags' in groupNow) await replaceTags(tx, id, 'product_groups', input.group.tags);
    await markEdited(tx, `group:${id}`, Object.keys(groupNow), actorName(by), now);
    const changed = Object.keys(after);
    await logItemEdit(tx, by, id, input.group.name, before, after, now);
    return { kind: 'saved', changed };
  });
}

/** An item's edit in the activity log: what changed, from what to what. */
function logItemEdit(
  tx: Parameters<typeof logActivity>[0],
  by: Acting,
  id: string,
  name: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  now: Date,
) {
  const summary = `Edited ${name}: ${Object.keys(after).join(', ')}`;
  return logActivity(tx, by, { kind: 'item_edit', subjectType: 'item', subjectId: id, summary, before, after }, now);
}

export async function saveBundle(
  db: Db,
  id: string,
  input: Extract<ReturnType<typeof parseBundleForm>, { ok: true }>['bundle'],
  by: Acting,
  now: Date,
): Promise<SaveOutcome> {
  return db.transaction(async (tx) => {
    const current = await readBundle(tx, id);
    if (!current) return { kind: 'not_found' };
    if (fingerprint(current) !== input.was) return { kind: 'conflict' };
    const { was, now: next } = diff(current, {
      name: input.name,
      description: input.description,
      tags: input.tags,
      showInStore: input.showInStore,
      archived: input.archived,
    });
    const changed = Object.keys(next);
    if (changed.length === 0) return { kind: 'saved', changed };
    await tx
      .update(bundles)
      .set({
        name: input.name,
        description: input.description,
        showInStore: input.showInStore,
        archived: input.archived,
      })
      .where(eq(bundles.id, id));
    if ('tags' in next) await replaceTags(tx, id, 'bundles', input.tags);
    await markEdited(tx, `bundle:${id}`, changed, actorName(by), now);
    await logItemEdit(tx, by, id, input.name, was, next, now);
    return { kind: 'saved', changed };
  });
}

/** Ids of a group's products (the form's product fields). */
export const productIdsOf = async (db: Db, groupId: string) =>
  (await db.select({ id: products.id }).from(products).where(eq(products.productGroupId, groupId))).map((r) => r.id);
