import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/* What the server keeps for its own running: data migrations run, idempotent answers, rate limits. */

/** Data migrations that have run (server/db/data-migrations.ts): each runs once, in its own transaction. */
export const dataMigrations = sqliteTable('data_migrations', {
  name: text('name').primaryKey(),
  ranAt: text('ran_at').notNull(),
});

/** Stored responses of POST/PUT requests that carried an Idempotency-Key. */
export const idempotencyKeys = sqliteTable('idempotency_keys', {
  key: text('key').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  state: text('state', { enum: ['pending', 'done'] }).notNull(),
  statusCode: integer('status_code'),
  responseBody: text('response_body'),
  createdAt: integer('created_at').notNull(),
});

/**
 * Rate-limit counters: one row per bucket (what is limited), key (an IP or a recipient) and fixed
 * window. In the database so that every app process counts the same requests.
 */
export const rateLimitHits = sqliteTable(
  'rate_limit_hits',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    windowStart: integer('window_start').notNull(),
    expiresAt: integer('expires_at').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key, t.windowStart] }), index('rate_limit_hits_expiry').on(t.expiresAt)],
);
