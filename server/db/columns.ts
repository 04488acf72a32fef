import { sql } from 'drizzle-orm';
import { text } from 'drizzle-orm/sqlite-core';

/** A row's creation time, ISO with milliseconds, filled in by the database. */
export const createdAt = () => text('created_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);
