import type { Booking } from '../booking';
import type { Db } from '../db/client';
import { bundleItems, products } from '../db/schema';

/** Free units by product, product group and bundle on one day. */
export interface Availability {
  products: Map<string, number>;
  groups: Map<string, number>;
  bundles: Map<string, number>;
}

/**
 * What is free on `date` (on every day to `last`, the fewest): a product's stock less what active requests hold that day (never below 0);
 * a group the sum over its products in store; a bundle as many times as its scarcest item allows
 * (an item the shopper picks counts its whole group). The same rules as the undated figures.
 */
export async function availabilityOn(
  db: Db,
  booking: Pick<Booking, 'peakHeld'>,
  date: string,
  last = date,
): Promise<Availability> {
  const [held, productRows, itemRows] = await Promise.all([
    booking.peakHeld(db, { from: date, to: last }),
    db
      .select({
        id: products.id,
        groupId: products.productGroupId,
        stock: products.stockCount,
        archived: products.archived,
        inStore: products.showInStore,
      })
      .from(products),
    db
      .select({
        bundleId: bundleItems.bundleId,
        productId: bundleItems.productId,
        groupId: bundleItems.productGroupId,
        quantity: bundleItems.quantity,
      })
      .from(bundleItems),
  ]);
  const free = new Map<string, number>();
  const groups = new Map<string, number>();
  for (const row of productRows) {
    const units = row.archived ? 0 : Math.max(0, row.stock - (held.get(row.id) ?? 0));
    free.set(row.id, units);
    if (!row.archived && row.inStore) groups.set(row.groupId, (groups.get(row.groupId) ?? 0) + units);
  }
  const bundles = new Map<string, number>();
  for (const item of itemRows) {
    const units = item.productId === null ? (groups.get(item.groupId) ?? 0) : (free.get(item.productId) ?? 0);
    const times = Math.floor(units / Math.max(1, item.quantity));
    bundles.set(item.bundleId, Math.min(bundles.get(item.bundleId) ?? Number.POSITIVE_INFINITY, times));
  }
  return { products: free, groups, bundles };
}

interface Inventory {
  available: number;
  stock_count: number;
  plannable: number;
}
interface WithInventory {
  id: string;
  type: string;
  attributes: { inventory?: Inventory };
}

const isResource = (value: unknown): value is WithInventory =>
  typeof value === 'object' &&
  value !== null &&
  'attributes' in value &&
  typeof (value as WithInventory).attributes?.inventory === 'object';

/**
 * A catalogue answer with every resource's availability for the day: `available` (and `plannable`)
 * become what is free then; `stock_count` stays the total. Other fields are untouched.
 */
export function withAvailability<T>(answer: T, availability: Availability): T {
  const dated = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(dated);
    if (!isResource(value)) return value;
    const table =
      value.type === 'products'
        ? availability.products
        : value.type === 'product_groups'
          ? availability.groups
          : value.type === 'bundles'
            ? availability.bundles
            : null;
    const inventory = value.attributes.inventory as Inventory;
    const free = Math.min(inventory.stock_count, table?.get(value.id) ?? inventory.available);
    return {
      ...value,
      attributes: { ...value.attributes, inventory: { ...inventory, available: free, plannable: free } },
    };
  };
  if (typeof answer !== 'object' || answer === null) return answer;
  const copy: Record<string, unknown> = { ...(answer as Record<string, unknown>) };
  if ('data' in copy) copy.data = dated(copy.data);
  if ('included' in copy) copy.included = dated(copy.included);
  return copy as T;
}
