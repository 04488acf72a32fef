import * as z from 'zod/mini';
import { CART_RECORD_VERSION, CART_TTL_MS } from './cart-rules';

/**
 * The stored cart's record and its checks (zod/mini). A module of its own, fetched only when a cart
 * is stored: a first visit, which has none, never builds these schemas while its page starts.
 */
// zod/mini: the same checks as zod at a fraction of the bundle size.
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
  categories: z.optional(z.array(z.string())),
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
