/**
 * Zod schemas of every request of spec section 7: the one definition the server validates with and
 * the client (page and service worker) builds its payloads against.
 */
import { z } from 'zod';
import { FIELD_LIMITS, phoneProblem } from './field-rules';

export { FIELD_LIMITS, phoneProblem } from './field-rules';

import { daysOfUse } from './hire-pricing';
import { isCalendarDay, LONGEST_HIRE_CAP_DAYS } from './hold-window';

export const MAX_PER_PAGE = 100;
export const MAX_BODY_BYTES = 64 * 1024;
/** Deepest nesting of objects and arrays any JSON body may have. */
export const MAX_JSON_DEPTH = 20;

const pageParam = z.coerce.number().int('page must be a whole number').min(1, 'page starts at 1').max(100_000);
const perPageParam = z.coerce
  .number()
  .int('per_page must be a whole number')
  .min(1, 'per_page must be at least 1')
  .max(MAX_PER_PAGE, `per_page must be at most ${MAX_PER_PAGE}`);

/** A hire date in a query: availability on that day (issue 24). */
export const dayParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be a day written YYYY-MM-DD, e.g. 2026-12-05')
  .refine(isCalendarDay, 'date must be a real calendar date');

/** The catalogue's detail reads: an optional date. */
export const dateQuerySchema = z.object({ date: dayParam.optional() });

/**
 * GET /api/availability: the free count on one day of some products (a cart's), or without
 * `products` of every product, product group and bundle (what a shopper browsing with a date sees).
 */
export const availabilityQuerySchema = z
  .object({
    date: dayParam,
    /** A longer hire's last day of use (issue 60): what is free on every day from `date` to it. */
    last: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'last must be a day written YYYY-MM-DD, e.g. 2026-12-07')
      .refine(isCalendarDay, 'last must be a real calendar date')
      .optional(),
    products: z
      .string()
      .max(6600)
      .transform((list) => [
        ...new Set(
          list
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(
        z
          .array(z.string().max(64, 'a product id is at most 64 characters'))
          .min(1, 'products lists product ids separated by commas')
          .max(100, 'at most 100 products at a time'),
      )
      .optional(),
  })
  .refine((q) => !q.last || q.last >= q.date, { message: 'last must be on or after date', path: ['last'] })
  .refine((q) => !q.last || daysOfUse(q.date, q.last) <= LONGEST_HIRE_CAP_DAYS, {
    message: `last must be at most ${LONGEST_HIRE_CAP_DAYS} days from date`,
    path: ['last'],
  });

/** GET /api/product_groups and /api/bundles. */
export const listQuerySchema = z.object({
  page: pageParam.default(1),
  per_page: perPageParam.default(20),
  date: dayParam.optional(),
});

/** GET /api/boomerang/items: by category tag, or by search text. */
export const itemsQuerySchema = z
  .object({
    tag: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[a-z0-9_-]+$/, 'tag is a lower-case key such as ghost_range')
      .optional(),
    query: z.string().max(200, 'query is at most 200 characters').optional(),
    page: pageParam.default(1),
    per_page: perPageParam.default(30),
    date: dayParam.optional(),
  })
  .refine((q) => q.tag !== undefined || q.query !== undefined, {
    message: 'give either tag or query',
    path: ['tag'],
  });

export const idParamSchema = z.object({ id: z.string().min(1).max(64) });

export const photosQuerySchema = z.object({ owner_id: z.string().min(1, 'owner_id is required').max(64) });

const email = z.string().trim().max(FIELD_LIMITS.email).pipe(z.email('email must be a valid email address'));
const phone = z
  .string()
  .trim()
  .superRefine((value, context) => {
    const problem = phoneProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
const requiredText = (field: string, max: number) =>
  z.string().trim().min(1, `${field} is required`).max(max, `${field} is at most ${max} characters`);

export const customerSearchQuerySchema = z.object({ email });

export const contactBodySchema = z.object({
  name: requiredText('name', FIELD_LIMITS.name),
  email,
  phone,
  subject: requiredText('subject', FIELD_LIMITS.subject),
  message: requiredText('message', FIELD_LIMITS.message),
});
export type ContactBody = z.infer<typeof contactBodySchema>;

const customerAttributes = z.object({
  name: requiredText('name', FIELD_LIMITS.name),
  email,
  phone: phone.optional(),
  properties: z.object({ phone: phone.optional() }).optional(),
});

export const customerCreateBodySchema = z.object({
  data: z.object({ type: z.literal('customers'), attributes: customerAttributes }),
});
export type CustomerCreateBody = z.infer<typeof customerCreateBodySchema>;

export const customerUpdateBodySchema = z.object({
  data: z.object({
    id: z.string().min(1).max(64),
    type: z.literal('customers'),
    attributes: customerAttributes.partial(),
  }),
});
export type CustomerUpdateBody = z.infer<typeof customerUpdateBodySchema>;

/** True for a real calendar date: 2026-02-30 is not one (Date would roll it over into March). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/, 'must be a date such as 2026-12-05')
  .refine((value) => {
    const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
    return isCalendarDate(year, month, day) && !Number.isNaN(Date.parse(value));
  }, 'must be a real calendar date');

export const bundleVariationSchema = z.object({
  bundleItemId: z.string().min(1).max(64),
  productId: z.string().min(1).max(64),
  displayName: z.string().max(300),
  displayPhotoUrl: z.string().max(2000).nullable().optional(),
});
export type BundleVariation = z.infer<typeof bundleVariationSchema>;

export const orderLineSchema = z.object({
  id: z.string().min(1).max(64),
  quantity: z.number().int('quantity must be a whole number').min(1, 'quantity must be at least 1').max(10_000),
  isBundle: z.boolean(),
  bundleVariations: z.array(bundleVariationSchema).max(50).default([]),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderBodySchema = z
  .object({
    customer_id: z.string().min(1, 'customer_id is required').max(64),
    starts_at: isoDate,
    stops_at: isoDate,
    fulfillment_type: z.enum(['pickup', 'delivery']),
    delivery_address: z.string().trim().max(500).optional(),
    /**
     * The delivery address's postcode (issue 60): the server prices delivery by its zone. Absent, the
     * last four-digit number of the address is taken; in no zone, the team quotes the fee.
     */
    delivery_postcode: z
      .string()
      .trim()
      .regex(/^\d{4}$/, 'delivery_postcode is four digits, such as 2210')
      .optional(),
    /** Delivered or collected outside opening hours, at the zone's surcharge. */
    delivery_after_hours: z.boolean().optional(),
    lines: z.array(orderLineSchema).min(1, 'an order needs at least one line').max(100),
    /** The checkout's notes and signage wish, kept with the order (the team sees them in its email). */
    order_notes: z.string().trim().max(2000, 'order_notes is at most 2000 characters').optional(),
    wants_signage: z.boolean().optional(),
    /**
     * The shopper took the damage waiver (issue 61), where the business offers it in the shop; a
     * required waiver is charged whatever this says, and none where the business has none.
     */
    damage_waiver: z.boolean().optional(),
    /**
     * The subtotal before GST the shopper was shown (issue 60). When the server prices the request
     * otherwise (the catalogue or the rule changed since), it stores nothing and answers 409 with its
     * price, so the shopper sees the new price before anything is sent. The lines only: a delivery
     * fee is the server's (by the postcode's zone) and is not compared.
     */
    expected_subtotal_in_cents: z.number().int().min(0).max(1_000_000_000).optional(),
  })
  .refine((o) => o.fulfillment_type !== 'delivery' || (o.delivery_address ?? '').length > 0, {
    message: 'delivery_address is required for delivery',
    path: ['delivery_address'],
  })
  .refine((o) => Date.parse(o.stops_at) >= Date.parse(o.starts_at), {
    message: 'stops_at must not be before starts_at',
    path: ['stops_at'],
  });
export type OrderBody = z.infer<typeof orderBodySchema>;

const money = z.union([
  z.string().regex(/^\d+\.\d{2}$/, 'order_total has two decimals, e.g. 120.00'),
  z.number().nonnegative(),
]);

export const emailItemSchema = z.object({
  name: z.string().max(300),
  quantity: z.number().int().min(0).max(10_000),
  price: money,
  image: z.string().max(2000).nullable().optional(),
  bundleVariations: z
    .array(z.object({ name: z.string().max(300), image: z.string().max(2000).nullable().optional() }))
    .max(50)
    .default([]),
});

/** POST /api/email: the confirmation email payload of spec section 3 (field names as the spec spells them). */
export const emailBodySchema = z.object({
  customer_email: email,
  customer_name: requiredText('customer_name', 200),
  customer_phone: z.string().trim().max(40).default(''),
  order_id: requiredText('order_id', 64),
  order_date: z.string().max(64),
  order_total: money,
  order_fufilment_type: z.enum(['pickup', 'delivery']),
  order_delivery_address: z.string().max(500).nullable().optional(),
  order_notes: z.string().max(2000).nullable().optional(),
  wantsSignage: z.boolean().default(false),
  items: z.array(emailItemSchema).max(100),
  hasError: z.boolean().optional(),
  errorMessage: z.string().max(2000).optional(),
  manualProcessingDetails: z
    .object({
      status: z.string().max(64).optional(),
      problems: z.array(z.string().max(500)).max(50).optional(),
      cause: z.string().max(2000).optional(),
    })
    .optional(),
});
export type EmailBody = z.infer<typeof emailBodySchema>;

/** `GET /api/moodboard/preview?board=…`: a shared board's link preview (MAX_SHARE_PARAM of moodboard-link). */
export const moodboardPreviewQuerySchema = z.object({
  board: z.string().min(1, 'board is required').max(8_000, 'board is longer than a share link can be'),
});

export const proxyImageQuerySchema = z.object({
  url: z.string().min(1, 'url is required').max(2048),
  /** Scale down to this width (a moodboard card at 2x); the full xlarge photo without it. */
  w: z.enum(['800'], { message: 'w must be 800' }).optional(),
});
