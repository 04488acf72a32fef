import { and, eq, inArray, or } from 'drizzle-orm';
import { withParentCategories } from '../../src/lib/api-contract/hire-pricing';
import type { Db } from '../db/client';
import { categories, itemTags, orderLines, products } from '../db/schema';

/**
 * The categories an order's items are in, with the categories above them: the payment terms' notice
 * by category (`balance_due_days_by_category`) reads them. An item in a sub-category is in its parent too.
 */
export async function orderCategoryKeys(
  db: Pick<Db, 'select' | 'selectDistinct'>,
  lines: readonly { itemType: 'products' | 'bundles'; itemId: string }[],
): Promise<string[]> {
  return [...new Set((await lineCategoryKeys(db, lines)).flat())].sort();
}

/** The categories of a stored order's items (see orderCategoryKeys). */
export async function storedOrderCategoryKeys(
  db: Pick<Db, 'select' | 'selectDistinct'>,
  orderId: string,
): Promise<string[]> {
  const lines = await db
    .select({ itemType: orderLines.itemType, itemId: orderLines.itemId })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  return orderCategoryKeys(db, lines);
}

/**
 * The categories of many stored orders at once (see orderCategoryKeys): one read of their lines' tags
 * and one of the categories, for lists.
 */
export async function storedCategoryKeysOf(
  db: Pick<Db, 'select' | 'selectDistinct'>,
  orderIds: readonly string[],
): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (orderIds.length === 0) return found;
  const ids = [...orderIds];
  // Two joins, each on an index (an OR in one join's condition made SQLite compare every line with every tag).
  const [byGroup, byBundle, known] = await Promise.all([
    db
      .selectDistinct({ orderId: orderLines.orderId, tag: itemTags.tag })
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.itemId))
      .innerJoin(itemTags, and(eq(itemTags.ownerType, 'product_groups'), eq(itemTags.ownerId, products.productGroupId)))
      .where(and(inArray(orderLines.orderId, ids), eq(orderLines.itemType, 'products'))),
    db
      .selectDistinct({ orderId: orderLines.orderId, tag: itemTags.tag })
      .from(orderLines)
      .innerJoin(itemTags, and(eq(itemTags.ownerType, 'bundles'), eq(itemTags.ownerId, orderLines.itemId)))
      .where(and(inArray(orderLines.orderId, ids), eq(orderLines.itemType, 'bundles'))),
    db.select({ key: categories.key, parent: categories.parent }).from(categories),
  ]);
  const tagged = [...byGroup, ...byBundle];
  const parentOf = new Map(known.map((category) => [category.key, category.parent]));
  const sets = new Map<string, Set<string>>();
  for (const { orderId, tag } of tagged) {
    const keys = sets.get(orderId) ?? new Set<string>();
    keys.add(tag);
    const parent = parentOf.get(tag);
    if (parent) keys.add(parent);
    sets.set(orderId, keys);
  }
  for (const [orderId, keys] of sets) found.set(orderId, [...keys].sort());
  return found;
}

/**
 * Each line's categories (its group's or bundle's tags, with the categories above them), in the
 * lines' order: a category's own hire rule prices the line (issue 60). One read of the tags, one of
 * the categories.
 */
export async function lineCategoryKeys(
  db: Pick<Db, 'select' | 'selectDistinct'>,
  lines: readonly { itemType: 'products' | 'bundles'; itemId: string }[],
): Promise<string[][]> {
  const productIds = lines.filter((line) => line.itemType === 'products').map((line) => line.itemId);
  const groupOf = new Map(
    productIds.length
      ? (
          await db
            .select({ id: products.id, group: products.productGroupId })
            .from(products)
            .where(inArray(products.id, productIds))
        ).map((row) => [row.id, row.group])
      : [],
  );
  const owners = lines.map((line) =>
    line.itemType === 'products'
      ? { type: 'product_groups' as const, id: groupOf.get(line.itemId) ?? '' }
      : { type: 'bundles' as const, id: line.itemId },
  );
  const groupIds = owners.filter((o) => o.type === 'product_groups' && o.id).map((o) => o.id);
  const bundleIds = owners.filter((o) => o.type === 'bundles').map((o) => o.id);
  if (groupIds.length === 0 && bundleIds.length === 0) return lines.map(() => []);
  const tags = await db
    .select({ type: itemTags.ownerType, id: itemTags.ownerId, tag: itemTags.tag })
    .from(itemTags)
    .where(
      or(
        groupIds.length
          ? and(eq(itemTags.ownerType, 'product_groups'), inArray(itemTags.ownerId, groupIds))
          : undefined,
        bundleIds.length ? and(eq(itemTags.ownerType, 'bundles'), inArray(itemTags.ownerId, bundleIds)) : undefined,
      ),
    );
  const known = await db.select({ key: categories.key, parent: categories.parent }).from(categories);
  return owners.map((owner) =>
    withParentCategories(
      tags.filter((row) => row.type === owner.type && row.id === owner.id).map((row) => row.tag),
      known,
    ),
  );
}
