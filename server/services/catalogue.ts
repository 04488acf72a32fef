import { and, asc, count, eq, getTableColumns as getColumns, inArray, sql } from 'drizzle-orm';
import type {
  BundleItemResource,
  BundleResource,
  PhotoResource,
  ProductGroupResource,
  ProductResource,
} from '../../src/lib/api-contract';
import type { Db } from '../db/client';
import { bundleItems, bundles, itemTags, photos, productGroups, products } from '../db/schema';
import { tagsUnder } from './categories';

type GroupRow = typeof productGroups.$inferSelect;
type ProductRow = typeof products.$inferSelect;
type BundleRow = typeof bundles.$inferSelect;

const inventory = (stock: number) => ({ available: stock, stock_count: stock, plannable: stock });

/**
 * In-store stock of a group: the sum over its products that are neither archived nor hidden. Written
 * with explicit table names: Drizzle leaves columns unqualified in single-table selects, which would
 * make the inner "id" mean the product's.
 */
const groupStock = sql<number>`(SELECT COALESCE(SUM(p.stock_count), 0) FROM products p
  WHERE p.product_group_id = "product_groups"."id" AND p.archived = 0 AND p.show_in_store = 1)`;

/** Whether the group's products in store differ in price: a card says 'From' only then. */
const groupPricesVary = sql<number>`(SELECT COUNT(DISTINCT p.base_price_in_cents) > 1 FROM products p
  WHERE p.product_group_id = "product_groups"."id" AND p.archived = 0 AND p.show_in_store = 1)`;

/** A group row with its stock and whether its prices vary. */
const groupColumns = { ...getColumns(productGroups), stock: groupStock, priceVaries: groupPricesVary };

const visibleGroup = and(eq(productGroups.archived, false), eq(productGroups.showInStore, true));
const visibleBundle = and(eq(bundles.archived, false), eq(bundles.showInStore, true));

async function tagsOf(db: Db, ids: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (ids.length === 0) return map;
  const rows = await db.select().from(itemTags).where(inArray(itemTags.ownerId, ids));
  for (const row of rows) map.set(row.ownerId, [...(map.get(row.ownerId) ?? []), row.tag]);
  return map;
}

function xlargeOf(url: string | null): string | null {
  return url ? url.replace(/\/large_([^/]+)$/, '/xlarge_$1') : null;
}

export function groupResource(
  row: GroupRow & { priceVaries?: number | boolean },
  stock: number,
  tags: string[],
  productIds: string[] = [],
): ProductGroupResource {
  return {
    id: row.id,
    type: 'product_groups',
    attributes: {
      name: row.name,
      description: row.description,
      photo_url: row.photoUrl,
      large_url: row.photoUrl,
      xlarge_url: xlargeOf(row.photoUrl),
      base_price_in_cents: row.basePriceInCents,
      price_varies: Boolean(row.priceVaries),
      archived: row.archived,
      show_in_store: row.showInStore,
      inventory: inventory(stock),
      variation_fields: row.variationFields,
      tags,
    },
    relationships: { products: { data: productIds.map((id) => ({ id, type: 'products' as const })) } },
  };
}

export function productResource(row: ProductRow, photoUrl: string | null): ProductResource {
  return {
    id: row.id,
    type: 'products',
    attributes: {
      name: row.name,
      description: '',
      photo_url: photoUrl,
      base_price_in_cents: row.basePriceInCents,
      archived: row.archived,
      show_in_store: row.showInStore,
      inventory: inventory(row.archived ? 0 : row.stockCount),
      product_group_id: row.productGroupId,
      variation_values: row.variationValues,
    },
  };
}

interface BundleFigures {
  priceInCents: number;
  available: number;
  itemIds: string[];
}

/**
 * Price and availability of bundles, from their items: each item costs its product's price (or the
 * group's base price when the visitor picks) x quantity, less its discount; a bundle is available as
 * many times as its scarcest item allows.
 */
export async function bundleFigures(db: Db, bundleIds: string[]): Promise<Map<string, BundleFigures>> {
  const figures = new Map<string, BundleFigures>();
  if (bundleIds.length === 0) return figures;
  const rows = await db
    .select({
      id: bundleItems.id,
      bundleId: bundleItems.bundleId,
      quantity: bundleItems.quantity,
      discount: bundleItems.discountPercentage,
      productPrice: products.basePriceInCents,
      productStock: products.stockCount,
      productArchived: products.archived,
      groupPrice: productGroups.basePriceInCents,
      groupStock,
    })
    .from(bundleItems)
    .innerJoin(productGroups, eq(productGroups.id, bundleItems.productGroupId))
    .leftJoin(products, eq(products.id, bundleItems.productId))
    .where(inArray(bundleItems.bundleId, bundleIds))
    .orderBy(asc(bundleItems.position));
  for (const row of rows) {
    const current = figures.get(row.bundleId) ?? { priceInCents: 0, available: Number.POSITIVE_INFINITY, itemIds: [] };
    const unit = row.productPrice ?? row.groupPrice;
    current.priceInCents += unit * row.quantity * (1 - row.discount / 100);
    const stock = row.productStock === null ? Number(row.groupStock) : row.productArchived ? 0 : row.productStock;
    current.available = Math.min(current.available, Math.floor(stock / row.quantity));
    current.itemIds.push(row.id);
    figures.set(row.bundleId, current);
  }
  for (const value of figures.values()) {
    value.priceInCents = Math.round(value.priceInCents);
    if (!Number.isFinite(value.available)) value.available = 0;
  }
  return figures;
}

export function bundleResource(row: BundleRow, figures: BundleFigures | undefined, tags: string[]): BundleResource {
  return {
    id: row.id,
    type: 'bundles',
    attributes: {
      name: row.name,
      description: row.description,
      photo_url: row.photoUrl,
      base_price_in_cents: figures?.priceInCents ?? 0,
      archived: row.archived,
      show_in_store: row.showInStore,
      inventory: inventory(figures?.available ?? 0),
      variation_fields: [],
      tags,
    },
    relationships: {
      bundle_items: { data: (figures?.itemIds ?? []).map((id) => ({ id, type: 'bundle_items' as const })) },
    },
  };
}

export async function groupsToResources(db: Db, rows: (GroupRow & { stock: number; priceVaries: number })[]) {
  const tags = await tagsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => groupResource(row, Number(row.stock), tags.get(row.id) ?? []));
}

export async function bundlesToResources(db: Db, rows: BundleRow[]) {
  const ids = rows.map((row) => row.id);
  const [figures, tags] = await Promise.all([bundleFigures(db, ids), tagsOf(db, ids)]);
  return rows.map((row) => bundleResource(row, figures.get(row.id), tags.get(row.id) ?? []));
}

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
