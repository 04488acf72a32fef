import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/* A booking's money (issue 49): what the customer paid and was paid back. */

/**
 * A payment received for a request, or a refund paid back: recorded by the team (bank transfer, cash,
 * card in store) or applied from a payment provider's event, once by its id (`externalId`). Cents,
 * always positive: `kind` says which way the money went, `towards` whether it is the hire or the bond.
 */
export const payments = sqliteTable(
  'payments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    kind: text('kind', { enum: ['payment', 'refund'] }).notNull(),
    towards: text('towards', { enum: ['hire', 'bond'] }).notNull(),
    method: text('method', { enum: ['bank_transfer', 'cash', 'card_in_store', 'card_online'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The day the money moved (YYYY-MM-DD, the business's). */
    paidOn: text('paid_on').notNull(),
    /** Who recorded it: a member's email address, or the provider ('stripe'). */
    recordedBy: text('recorded_by').notNull(),
    recordedAt: text('recorded_at').notNull(),
    /** The provider's id of the event or payment: a second delivery of it adds nothing. */
    externalId: text('external_id'),
    note: text('note'),
  },
  (t) => [index('payments_order').on(t.orderId), uniqueIndex('payments_external').on(t.externalId)],
);
