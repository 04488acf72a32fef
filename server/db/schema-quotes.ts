import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';
import { orders } from './schema';

/* A request's lines of the team's own, the lines kept to use again, and its quotes (issue 61). */

/**
 * Lines of the team's own on a request (issue 61): a charge (setup labour, travel) or a discount,
 * taxed or GST-free. `cents` is the line as it stands in the subtotal (negative for a discount); a
 * percentage discount's is worked out again whenever its hire changes.
 */
export const orderOwnLines = sqliteTable(
  'order_own_lines',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    kind: text('kind', { enum: ['charge', 'discount'] }).notNull(),
    quantity: integer('quantity').notNull(),
    unitInCents: integer('unit_in_cents').notNull(),
    percentBasisPoints: integer('percent_basis_points'),
    gstFree: integer('gst_free', { mode: 'boolean' }).notNull(),
    cents: integer('cents').notNull(),
    /** Who put it there: the team, or the damage waiver the customer took (issue 61). */
    source: text('source', { enum: ['team', 'waiver'] })
      .notNull()
      .default('team'),
    createdAt: createdAt(),
  },
  (t) => [index('order_own_lines_order').on(t.orderId, t.position)],
);

/**
 * A quote as sent to the customer (issue 61): every version kept, with what it said (its lines,
 * totals and terms, in `content`) and their digest, the day it is valid until, and who sent it. The
 * booking page shows the newest; an acceptance names the version and digest it accepted.
 */
export const quoteVersions = sqliteTable(
  'quote_versions',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    version: integer('version').notNull(),
    sentAt: text('sent_at').notNull(),
    /** The last day (the business's) the quote can be accepted; its items are held until its end. */
    validUntil: text('valid_until').notNull(),
    digest: text('digest').notNull(),
    content: text('content', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    sentBy: text('sent_by').notNull(),
  },
  (t) => [uniqueIndex('quote_versions_order_version').on(t.orderId, t.version)],
);

/** Lines the team uses again (a delivery run, a setup hour), picked from a list on any request. */
export const savedOwnLines = sqliteTable('saved_own_lines', {
  id: text('id').primaryKey(),
  description: text('description').notNull(),
  kind: text('kind', { enum: ['charge', 'discount'] }).notNull(),
  quantity: integer('quantity').notNull(),
  unitInCents: integer('unit_in_cents').notNull(),
  percentBasisPoints: integer('percent_basis_points'),
  gstFree: integer('gst_free', { mode: 'boolean' }).notNull(),
  createdAt: createdAt(),
});
