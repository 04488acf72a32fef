import { createStore, del, get, set } from 'idb-keyval';
import * as z from 'zod/mini';
import type { CartItem } from './cart-rules';

/** Spec section 4: the cart expires 12 hours after its last change. */
export const CART_TTL_MS = 12 * 60 * 60 * 1000;
export const CART_RECORD_VERSION = 2;
const KEY = 'cart';

// zod/mini: the same checks as zod at a fraction of the bundle size (this module loads on every page).
const variationSchema = z.object({
  bundleItemId: z.string(),
  productId: z.string(),
  displayName: z.string(),
  displayPhotoUrl: z.optional(z.nullable(z.string())),
});

const itemSchema = z.object({
  id: z.string(),
  name: z.string(),
  priceCents: z.int().check(z.nonnegative()),
  photo_url: z.nullable(z.string()),
  stock_count: z.int().check(z.nonnegative()),
  quantity: z.int().check(z.positive()),
  isBundle: z.boolean(),
  bundleVariations: z.array(variationSchema),
  productGroupId: z.nullable(z.string()),
  cartId: z.string(),
});

const recordSchema = z.object({
  version: z.literal(CART_RECORD_VERSION),
  updatedAt: z.number(),
  items: z.array(itemSchema),
});
export type CartRecord = z.infer<typeof recordSchema>;

/** Version 1 kept the spec's dollar prices: migrate them to cents. */
const legacySchema = z.object({
  version: z.optional(z.literal(1)),
  updatedAt: z.number(),
  items: z.array(z.extend(z.omit(itemSchema, { priceCents: true }), { price: z.number().check(z.nonnegative()) })),
});

/** Parses a stored record: the current shape, a migrated older one, or null (with a warning). */
export function parseCartRecord(raw: unknown): CartRecord | null {
  if (raw === undefined || raw === null) return null;
  const current = recordSchema.safeParse(raw);
  if (current.success) return current.data;
  const legacy = legacySchema.safeParse(raw);
  if (legacy.success) {
    return {
      version: CART_RECORD_VERSION,
      updatedAt: legacy.data.updatedAt,
      items: legacy.data.items.map(({ price, ...item }) => ({ ...item, priceCents: Math.round(price * 100) })),
    };
  }
  console.warn('Dropped a stored cart that could not be read', current.error.issues.slice(0, 3));
  return null;
}

export function isExpired(record: CartRecord, now: number): boolean {
  return now - record.updatedAt > CART_TTL_MS;
}

const cartStore = typeof indexedDB === 'undefined' ? undefined : createStore('storefront-cart', 'cart');

/** Reads the stored cart; a stale, unreadable or empty record is removed and yields []. */
export async function loadCartItems(now = Date.now()): Promise<CartItem[]> {
  let raw: unknown;
  try {
    raw = await get(KEY, cartStore);
  } catch (error) {
    console.warn('Could not read the stored cart', error);
    return [];
  }
  const record = parseCartRecord(raw);
  if (!record || isExpired(record, now) || record.items.length === 0) {
    if (raw !== undefined) await del(KEY, cartStore).catch(() => {});
    return [];
  }
  return record.items;
}

/** Stores the cart with the time of this change; an empty cart removes the record. */
export async function saveCartItems(items: CartItem[], now = Date.now()): Promise<void> {
  if (items.length === 0) {
    await del(KEY, cartStore);
    return;
  }
  const record: CartRecord = { version: CART_RECORD_VERSION, updatedAt: now, items };
  await set(KEY, record, cartStore);
}
