/** The catalogue's reads for the API: lists, a category's items, single items and photos. */
import { and, asc, count, eq, getTableColumns as getColumns, inArray } from 'drizzle-orm';
import type {
  BundleItemResource,
  BundleResource,
  PhotoResource,
  ProductGroupResource,
  ProductResource,
} from '../../src/lib/api-contract';
import type { Db } from '../db/client';
import { bundleItems, bundles, itemTags, photos, productGroups, products } from '../db/schema';
import {
  type BundleRow,
  bundlesToResources,
  type GroupRow,
  groupColumns,
  groupResource,
  groupsToResources,
  productResource,
  tagsOf,
  visibleBundle,
  visibleGroup,
} from './catalogue-resources';
import { tagsUnder } from './categories';

export async function listProductGroups(db: Db, page: number, perPage: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select(groupColumns)
      .from(productGroups)
      .where(visibleGroup)
      .orderBy(asc(productGroups.position))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(productGroups).where(visibleGroup),
  ]);
  return { data: await groupsToResources(db, rows), total: total?.n ?? 0 };
}

export async function listBundles(db: Db, page: number, perPage: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(bundles)
      .where(visibleBundle)
      .orderBy(asc(bundles.position))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(bundles).where(visibleBundle),
  ]);
  return { data: await bundlesToResources(db, rows), total: total?.n ?? 0 };
}

/**
 * Product groups first, then bundles, each in catalogue order: those tagged with the category or one
 * of its children (a parent lists its children's items too), each once.
 */
export async function listByTag(db: Db, tag: string, page: number, perPage: number) {
  const tags = await tagsUnder(db, tag);
  const tagged = db.select({ id: itemTags.ownerId }).from(itemTags).where(inArray(itemTags.tag, tags));
  const [groupRows, bundleRows] = await Promise.all([
    db
      .select(groupColumns)
      .from(productGroups)
      .where(and(visibleGroup, inArray(productGroups.id, tagged)))
      .orderBy(asc(productGroups.position)),
    db
      .select(getColumns(bundles))
      .from(bundles)
      .where(and(visibleBundle, inArray(bundles.id, tagged)))
      .orderBy(asc(bundles.position)),
  ]);
  const all = [
    ...groupRows.map((row) => ({ kind: 'group' as const, row })),
    ...bundleRows.map((row) => ({ kind: 'bundle' as const, row })),
  ];
  return { ...(await pageOfMixed(db, all, page, perPage)), total: all.length };
}

type Mixed =
  | { kind: 'group'; row: GroupRow & { stock: number; priceVaries: number } }
  | { kind: 'bundle'; row: BundleRow };

export async function pageOfMixed(db: Db, all: Mixed[], page: number, perPage: number) {
  const slice = all.slice((page - 1) * perPage, page * perPage);
  const groups = await groupsToResources(
    db,
    slice.flatMap((item) => (item.kind === 'group' ? [item.row] : [])),
  );
  const bundleList = await bundlesToResources(
    db,
    slice.flatMap((item) => (item.kind === 'bundle' ? [item.row] : [])),
  );
  const byId = new Map<string, ProductGroupResource | BundleResource>(
    [...groups, ...bundleList].map((resource) => [resource.id, resource]),
  );
  return { data: slice.map((item) => byId.get(item.row.id)).filter((r) => r !== undefined) };
}

export async function findVisibleGroupsAndBundles(db: Db) {
  const [groupRows, bundleRows] = await Promise.all([
    db.select(groupColumns).from(productGroups).where(visibleGroup),
    db.select().from(bundles).where(visibleBundle),
  ]);
  return { groupRows, bundleRows };
}

export async function getProductGroup(db: Db, id: string) {
  const [row] = await db
    .select(groupColumns)
    .from(productGroups)
    .where(and(eq(productGroups.id, id), eq(productGroups.showInStore, true)));
  if (!row) return null;
  const [groupProducts, tags] = await Promise.all([
    db.select().from(products).where(eq(products.productGroupId, id)).orderBy(asc(products.position)),
    tagsOf(db, [id]),
  ]);
  return {
    data: groupResource(
      row,
      Number(row.stock),
      tags.get(id) ?? [],
      groupProducts.map((p) => p.id),
    ),
    included: groupProducts.map((p) => productResource(p, row.photoUrl)),
  };
}

export async function getProduct(db: Db, id: string) {
  const [row] = await db
    .select({ product: products, photoUrl: productGroups.photoUrl })
    .from(products)
    .innerJoin(productGroups, eq(productGroups.id, products.productGroupId))
    .where(eq(products.id, id));
  return row ? { data: productResource(row.product, row.photoUrl) } : null;
}

export async function getBundle(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(bundles)
    .where(and(eq(bundles.id, id), eq(bundles.showInStore, true)));
  if (!row) return null;
  const [resource] = await bundlesToResources(db, [row]);
  const items = await db
    .select({ item: bundleItems, product: products, photoUrl: productGroups.photoUrl })
    .from(bundleItems)
    .innerJoin(productGroups, eq(productGroups.id, bundleItems.productGroupId))
    .leftJoin(products, eq(products.id, bundleItems.productId))
    .where(eq(bundleItems.bundleId, id))
    .orderBy(asc(bundleItems.position));
  const included: (BundleItemResource | ProductResource)[] = items.map(({ item }) => ({
    id: item.id,
    type: 'bundle_items',
    attributes: {
      product_group_id: item.productGroupId,
      product_id: item.productId,
      quantity: item.quantity,
      name: item.name,
      discount_percentage: item.discountPercentage,
    },
  }));
  const seen = new Set<string>();
  for (const { product, photoUrl } of items) {
    if (product && !seen.has(product.id)) {
      seen.add(product.id);
      included.push(productResource(product, photoUrl));
    }
  }
  return { data: resource as BundleResource, included };
}

export async function listPhotos(db: Db, ownerId: string): Promise<PhotoResource[]> {
  const rows = await db.select().from(photos).where(eq(photos.ownerId, ownerId)).orderBy(asc(photos.position));
  return rows.map((row) => ({
    id: row.id,
    type: 'photos',
    attributes: {
      owner_id: row.ownerId,
      large_url: row.largeUrl,
      xlarge_url: row.xlargeUrl,
      original_url: row.xlargeUrl,
      position: row.position,
    },
  }));
}
