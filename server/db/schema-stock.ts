import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';

/**
 * Units out of use for repair (issue 62): `quantity` pieces of a product from `from_day` to `to_day`
 * (the day expected back), out of the shop's and the team's availability on those days as a booking's
 * hold is. Put back in stock, it ends the day before (`ended_at` says when and by whom); one put back
 * the day it began covers no day at all.
 */
export const stockDowntimes = sqliteTable(
  'stock_downtimes',
  {
    id: text('id').primaryKey(),
    productId: text('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    fromDay: text('from_day').notNull(),
    toDay: text('to_day').notNull(),
    reason: text('reason').notNull(),
    /** A member's email address. */
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    endedAt: text('ended_at'),
    endedBy: text('ended_by'),
  },
  (t) => [index('stock_downtimes_product').on(t.productId, t.toDay), index('stock_downtimes_to').on(t.toDay)],
);
