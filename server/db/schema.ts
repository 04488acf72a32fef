import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';

/** A hireable family of products that differ only by variation (colour, size, finish). */
export const productGroups = sqliteTable(
  'product_groups',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    photoUrl: text('photo_url'),
    basePriceInCents: integer('base_price_in_cents').notNull(),
    archived: integer('archived', { mode: 'boolean' }).notNull().default(false),
    showInStore: integer('show_in_store', { mode: 'boolean' }).notNull().default(true),
    /** JSON array of variation field names, e.g. ["Colour"]. */
    variationFields: text('variation_fields', { mode: 'json' }).$type<string[]>().notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('product_groups_slug').on(t.slug), index('product_groups_name').on(t.name)],
);

export const products = sqliteTable(
  'products',
  {
    id: text('id').primaryKey(),
    productGroupId: text('product_group_id')
      .notNull()
      .references(() => productGroups.id),
    name: text('name').notNull(),
    /** JSON array of values, one per variation field of the group. */
    variationValues: text('variation_values', { mode: 'json' }).$type<string[]>().notNull(),
    /**
     * This variation's own photo (its products.csv row's `photo`, stored with the group's photos),
     * or null to show the group's: the popup, the cart, the moodboard and the emails show it.
     */
    photoUrl: text('photo_url'),
    basePriceInCents: integer('base_price_in_cents').notNull(),
    archived: integer('archived', { mode: 'boolean' }).notNull().default(false),
    showInStore: integer('show_in_store', { mode: 'boolean' }).notNull().default(true),
    stockCount: integer('stock_count').notNull(),
    /**
     * Days after a hire's return before the item can go out again (cleaning, repair): every hold of it
     * counts that many days longer (products.csv `turnaround_days`, the item form).
     */
    turnaroundDays: integer('turnaround_days').notNull().default(0),
    position: integer('position').notNull(),
    /** The business's own code for the item (products.csv `sku`); the catalogue importer keys on it. */
    sku: text('sku'),
    createdAt: createdAt(),
  },
  (t) => [index('products_group').on(t.productGroupId), uniqueIndex('products_sku').on(t.sku)],
);

export const bundles = sqliteTable('bundles', {
  id: text('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  /** bundles.csv `bundle_sku`. */
  sku: text('sku').unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  photoUrl: text('photo_url'),
  archived: integer('archived', { mode: 'boolean' }).notNull().default(false),
  showInStore: integer('show_in_store', { mode: 'boolean' }).notNull().default(true),
  position: integer('position').notNull(),
  createdAt: createdAt(),
});

export const bundleItems = sqliteTable(
  'bundle_items',
  {
    id: text('id').primaryKey(),
    bundleId: text('bundle_id')
      .notNull()
      .references(() => bundles.id),
    productGroupId: text('product_group_id')
      .notNull()
      .references(() => productGroups.id),
    /** Null when the visitor picks the product of the group. */
    productId: text('product_id').references(() => products.id),
    quantity: integer('quantity').notNull(),
    name: text('name').notNull(),
    discountPercentage: integer('discount_percentage').notNull().default(0),
    position: integer('position').notNull(),
  },
  (t) => [index('bundle_items_bundle').on(t.bundleId)],
);

/** Category tags of product groups and bundles (spec section 2, Hire menu). */
export const itemTags = sqliteTable(
  'item_tags',
  {
    ownerId: text('owner_id').notNull(),
    ownerType: text('owner_type', { enum: ['product_groups', 'bundles'] }).notNull(),
    tag: text('tag').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.tag] }), index('item_tags_tag').on(t.tag)],
);

export const photos = sqliteTable(
  'photos',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    ownerType: text('owner_type', { enum: ['product_groups', 'bundles', 'collage', 'services'] }).notNull(),
    largeUrl: text('large_url').notNull(),
    xlargeUrl: text('xlarge_url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('photos_owner').on(t.ownerId)],
);

export const customers = sqliteTable('customers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Null for a customer taken by phone with no email address (the workspace's new request). */
  email: text('email').unique(),
  phone: text('phone'),
  createdAt: createdAt(),
  updatedAt: text('updated_at').notNull(),
});

/** A return as recorded: per product id, pieces not back and pieces back damaged. */
export interface ReturnReport {
  missing: Record<string, number>;
  damaged: Record<string, number>;
  note: string | null;
  /** Photos taken at the returns (file names in the photo folder's `.returns/<order id>/`), oldest first. */
  photos?: string[];
}

export const orders = sqliteTable(
  'orders',
  {
    id: text('id').primaryKey(),
    number: integer('number').notNull().unique(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    startsAt: text('starts_at').notNull(),
    stopsAt: text('stops_at').notNull(),
    fulfillmentType: text('fulfillment_type', { enum: ['pickup', 'delivery'] }).notNull(),
    deliveryAddress: text('delivery_address'),
    status: text('status', { enum: ['reserved', 'manual_review', 'fulfilment_failed'] }).notNull(),
    problem: text('problem'),
    subtotalInCents: integer('subtotal_in_cents').notNull(),
    createdAt: createdAt(),
    /** What the team decided from the email's links; null while the request waits. */
    decision: text('decision', { enum: ['confirmed', 'declined', 'cancelled'] }),
    decidedAt: text('decided_at'),
    /** The team's optional words to the customer with a decline or a cancellation. */
    decisionNote: text('decision_note'),
    /** The customer's order notes, as written at checkout. */
    notes: text('notes'),
    /** Whether the customer asked about signage or decals. */
    wantsSignage: integer('wants_signage', { mode: 'boolean' }).notNull().default(false),
    /** What no hold can be made for (a bundle item with no product chosen): confirming waits on it. */
    unplaced: text('unplaced', { mode: 'json' }).$type<string[]>(),
    /** The day (YYYY-MM-DD, the business's) the items were picked up or delivered; null until then. */
    handedOverOn: text('handed_over_on'),
    /** The day the items came back (the last return, when some came back later); null until then. */
    returnedOn: text('returned_on'),
    /** What the last return recorded: missing and damaged pieces per product, and the member's note. */
    returnReport: text('return_report', { mode: 'json' }).$type<ReturnReport>(),
    /**
     * The time agreed for the hand-over on the first day (a delivery slot, a pickup time), 'HH:MM'
     * in the business's time zone, both or neither; set by the team.
     */
    handOverFrom: text('hand_over_from'),
    handOverTo: text('hand_over_to'),
    /** A delivery's postcode, as the checkout sent it or read from the address; null when unknown. */
    deliveryPostcode: text('delivery_postcode'),
    /**
     * The delivery fee before GST, in cents, included in `subtotal_in_cents` (issue 60): its zone's fee,
     * or what the team set; null while the team is to quote it (and for a pickup).
     */
    deliveryFeeInCents: integer('delivery_fee_in_cents'),
    /** The fee's line as documents and emails print it: "Delivery to 2210 (Riverwood and nearby)". */
    deliveryFeeLabel: text('delivery_fee_label'),
    /**
     * Its prices were entered with GST (the business's `prices_include_gst` when it was made): its
     * subtotal and lines include GST, which is worked out of the total. Kept, whatever the setting becomes.
     */
    pricesIncludeGst: integer('prices_include_gst', { mode: 'boolean' }).notNull().default(false),
    /**
     * The GST-free part of `subtotal_in_cents` (issue 61): the lines of the team's own marked GST-free,
     * which bear no GST. Zero for a request with none.
     */
    gstFreeInCents: integer('gst_free_in_cents').notNull().default(0),
  },
  // The team's request lists: by decision and hire date.
  (t) => [index('orders_decision_starts').on(t.decision, t.startsAt), index('orders_starts').on(t.startsAt)],
);

/** The history of a request: what happened to it, when and by whom (the booking module writes it). */
export const orderEvents = sqliteTable(
  'order_events',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    at: text('at').notNull(),
    /** Who: 'customer', 'email link', 'system' (sweeps, upgrades), or a team member later. */
    actor: text('actor').notNull(),
    /** requested, confirmed, declined, cancelled, refused, lapsing, lapsed, upgraded. */
    kind: text('kind').notNull(),
    detail: text('detail', { mode: 'json' }),
  },
  (t) => [index('order_events_order').on(t.orderId, t.at)],
);

/**
 * What an order request asks for: each product (a bundle's too) for the days of its hire window. Only
 * the booking module (server/booking) reads or writes this table.
 * - held: counts against stock until `expiresAt`, unless the team confirms it first;
 * - confirmed: counts until the window ends;
 * - wanted: asked for but not held (the request went to manual processing): counts for nothing;
 * - lapsed: was held, the hold ran out before an answer; counts for nothing;
 * - released: declined or cancelled.
 * Every change bumps the catalogue version (dated answers depend on it).
 */
export const orderHolds = sqliteTable(
  'order_holds',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    productId: text('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    holdFrom: text('hold_from').notNull(),
    holdTo: text('hold_to').notNull(),
    state: text('state', { enum: ['held', 'confirmed', 'wanted', 'lapsed', 'released'] }).notNull(),
    /** ISO instant a 'held' hold lapses (kept once lapsed); null once confirmed and for wanted ones. */
    expiresAt: text('expires_at'),
    /**
     * Null for what a request booked. 'late' or 'missing': pieces out past their return day, held from
     * the day after it until a return records them back (to OPEN_END while still out).
     */
    stillOut: text('still_out', { enum: ['late', 'missing'] }),
  },
  // Reads ask for holds ending on or after a day: led by hold_to, an index skips the years of past holds
  // (with 20,000 holds, an order's check fell from 5 ms to under 1 ms, and a whole day's from 3 ms).
  (t) => [
    // Only the holds that can count against stock: a busy product's wanted, lapsed and released rows
    // (most of them, over time) are never read by an availability check.
    index('order_holds_counting_product_to').on(t.productId, t.holdTo).where(sql`state IN ('held', 'confirmed')`),
    index('order_holds_counting_to').on(t.holdTo, t.holdFrom).where(sql`state IN ('held', 'confirmed')`),
    index('order_holds_order').on(t.orderId),
  ],
);

export const orderLines = sqliteTable(
  'order_lines',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    itemType: text('item_type', { enum: ['products', 'bundles'] }).notNull(),
    itemId: text('item_id').notNull(),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull(),
    priceInCents: integer('price_in_cents').notNull(),
    bundleVariations: text('bundle_variations', { mode: 'json' }).$type<unknown[]>().notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('order_lines_order').on(t.orderId)],
);

/**
 * The catalogue data version: one row whose number changes whenever anything a catalogue read
 * returns can change. Bumped by triggers on every catalogue table (migration 0002), so every writer,
 * in this process or another on the same libSQL server, moves it without having to remember to.
 */
export const catalogueVersion = sqliteTable('catalogue_version', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull(),
});

export * from './schema-api';
export * from './schema-mail';
export * from './schema-money';
export * from './schema-quotes';
export * from './schema-shop';
export * from './schema-stock';
export * from './schema-team';
