/**
 * The catalogue's rows as the API's resources: group and bundle columns with their stock, and the
 * shaping of groups, products and bundles (their figures from their items) into JSON:API resources.
 */
import { and, asc, eq, getTableColumns as getColumns, inArray, sql } from 'drizzle-orm';
import type { BundleResource, ProductGroupResource, ProductResource } from '../../src/lib/api-contract';
import { bundlePriceInCents, type PricedBundleItem } from '../../src/lib/api-contract/money';
import type { Db } from '../db/client';
import { bundleItems, bundles, itemTags, productGroups, products } from '../db/schema';

export type GroupRow = typeof productGroups.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type BundleRow = typeof bundles.$inferSelect;

export const inventory = (stock: number) => ({ available: stock, stock_count: stock, plannable: stock });

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
export const groupColumns = { ...getColumns(productGroups), stock: groupStock, priceVaries: groupPricesVary };

export const visibleGroup = and(eq(productGroups.archived, false), eq(productGroups.showInStore, true));
export const visibleBundle = and(eq(bundles.archived, false), eq(bundles.showInStore, true));

export async function tagsOf(db: Db, ids: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (ids.length === 0) return map;
  const rows = await db.select().from(itemTags).where(inArray(itemTags.ownerId, ids));
  for (const row of rows) map.set(row.ownerId, [...(map.get(row.ownerId) ?? []), row.tag]);
  return map;
}

export function xlargeOf(url: string | null): string | null {
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

/** A product, with its own photo when it has one (a variation's), else its group's (`groupPhotoUrl`). */
export function productResource(row: ProductRow, groupPhotoUrl: string | null): ProductResource {
  const photoUrl = row.photoUrl ?? groupPhotoUrl;
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
  const items = new Map<string, PricedBundleItem[]>();
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
    const priced = items.get(row.bundleId) ?? [];
    priced.push({
      unitPriceInCents: row.productPrice ?? row.groupPrice,
      quantity: row.quantity,
      discountPercentage: row.discount,
    });
    items.set(row.bundleId, priced);
    const stock = row.productStock === null ? Number(row.groupStock) : row.productArchived ? 0 : row.productStock;
    current.available = Math.min(current.available, Math.floor(stock / row.quantity));
    current.itemIds.push(row.id);
    figures.set(row.bundleId, current);
  }
  for (const [id, value] of figures) {
    value.priceInCents = bundlePriceInCents(items.get(id) ?? []);
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
