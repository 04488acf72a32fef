/**
 * The stored order request's shape as a zod schema: the one definition of its type (order-request.ts
 * reads the type from here, so the page's code carries no zod for it).
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
  /** Whether the shop's prices included GST when it was sent (issue 60); absent in older entries. */
  pricesIncludeGst: z.optional(z.boolean()),
  form: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    hireDate: z.string(),
    /** A longer hire's last day of use (issue 60); absent or '' for a one-day event (and in older entries). */
    lastDay: z.optional(z.string()),
    deliveryOption: z.enum(['pickup', 'delivery']),
    deliveryAddress: z.string(),
    /** The delivery's postcode and after-hours wish (issue 60); absent in older entries. */
    deliveryPostcode: z.optional(z.string()),
    afterHours: z.optional(z.boolean()),
    orderNotes: z.string(),
    wantsSignage: z.boolean(),
    /** The shopper took the damage waiver (issue 61); absent in older entries. */
    damageWaiver: z.optional(z.boolean()),
  }),
  lines: z.array(orderRequestLineSchema).check(z.minLength(1)),
  /**
   * The subtotal before GST the shopper was shown (issue 60): the server refuses a request it prices
   * otherwise (409), and the checkout shows its price. Absent in older entries.
   */
  shownSubtotalCents: z.optional(z.int().check(z.nonnegative())),
  /**
   * The delivery fee the shopper was shown, before GST, and its line's words (issue 60): in the
   * receipt's and the confirmation email's totals. The server prices it again by the postcode's zone.
   */
  deliveryFeeCents: z.optional(z.int().check(z.nonnegative())),
  deliveryFeeLabel: z.optional(z.string()),
  /** The damage waiver the shopper was shown (issue 61), before GST, and its line's words. */
  waiverCents: z.optional(z.int().check(z.nonnegative())),
  waiverLabel: z.optional(z.string()),
});

export type OrderRequest = z.infer<typeof orderRequestSchema>;
export type OrderRequestLine = z.infer<typeof orderRequestLineSchema>;
