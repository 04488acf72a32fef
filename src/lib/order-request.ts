/**
 * The serialisable order request: everything a checkout submission needs (form, a snapshot of the
 * cart and one attempt id), so it can be stored and replayed later without a page. Shared by the page
 * and the service worker.
 */
import * as z from 'zod/mini';

export const orderRequestLineSchema = z.object({
  id: z.string(),
  name: z.string(),
  priceCents: z.int().check(z.nonnegative()),
  quantity: z.int().check(z.positive()),
  photo_url: z.nullable(z.string()),
  isBundle: z.boolean(),
  productGroupId: z.nullable(z.string()),
  bundleVariations: z.array(
    z.object({
      bundleItemId: z.string(),
      productId: z.string(),
      displayName: z.string(),
      displayPhotoUrl: z.optional(z.nullable(z.string())),
    }),
  ),
});

export const orderRequestSchema = z.object({
  version: z.literal(1),
  /** One id per checkout attempt: every write derives its Idempotency-Key from it. */
  attemptId: z.string().check(z.minLength(8)),
  createdAt: z.string(),
  /** The shop's GST rate when the shopper sent it (the email payload's total); 0.1 when not stored. */
  gstRate: z.optional(z.number().check(z.gte(0), z.lte(1))),
  form: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    hireDate: z.string(),
    deliveryOption: z.enum(['pickup', 'delivery']),
    deliveryAddress: z.string(),
    orderNotes: z.string(),
    wantsSignage: z.boolean(),
  }),
  lines: z.array(orderRequestLineSchema).check(z.minLength(1)),
});

export type OrderRequest = z.infer<typeof orderRequestSchema>;
export type OrderRequestLine = z.infer<typeof orderRequestLineSchema>;

/** Idempotency-Key of one write of an attempt, e.g. "<attempt>:order". */
export const idempotencyKeyFor = (
  attemptId: string,
  step: 'customer' | 'customer-phone' | 'order' | 'email' | 'fallback-email',
) => `order-${attemptId}:${step}`;
