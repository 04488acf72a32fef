import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isEmbedded, resolveDatabaseUrl } from '../../server/db/client';
import { makeTestApp } from './helpers';

describe('resolveDatabaseUrl', () => {
  it('passes libSQL server URLs through', () => {
    for (const url of [
      'libsql://db.example.turso.io',
      'http://127.0.0.1:8081',
      'https://db.example',
      'wss://db.example',
    ]) {
      expect(resolveDatabaseUrl(url)).toBe(url);
    }
  });

  it('turns a path into a file URL', () => {
    expect(resolveDatabaseUrl('/tmp/storefront-x/app.db')).toBe('file:/tmp/storefront-x/app.db');
    expect(resolveDatabaseUrl('file:/tmp/storefront-x/app.db')).toBe('file:/tmp/storefront-x/app.db');
  });
});

describe('openDb on an embedded file', () => {
  it('writes through one connection whose settings hold for every write, in and out of transactions', async () => {
    const t = await makeTestApp();
    try {
      if (!isEmbedded(t.db)) return; // A libSQL server keeps its own settings.
      // Many writes and transactions later, foreign keys are still enforced on the writing connection
      // (a per-connection setting the pooled connections used to lose after the first transaction).
      for (let i = 0; i < 5; i++) {
        await t.db.transaction(async (tx) => {
          await tx.run(sql`UPDATE catalogue_version SET version = version WHERE id = 1`);
        });
      }
      await expect(
        t.db.$client.execute(
          "INSERT INTO order_lines (id, order_id, position, item_type, item_id, title, quantity, price_in_cents, bundle_variations) VALUES ('x', 'no-such-order', 0, 'products', 'p', 't', 1, 100, '[]')",
        ),
      ).rejects.toThrow(/FOREIGN KEY/);
      // A read beside an open write transaction sees only what is committed.
      const before = await t.count('customers');
      let readInside = -1;
      await t.db.transaction(async (tx) => {
        await tx.run(
          sql`INSERT INTO customers (id, name, email, phone, created_at, updated_at) VALUES ('c-open', 'Open', 'open@example.com', '0400 000 000', '2026-11-23T00:00:00Z', '2026-11-23T00:00:00Z')`,
        );
        readInside = await t.count('customers');
      });
      expect(readInside).toBe(before);
      expect(await t.count('customers')).toBe(before + 1);
    } finally {
      await t.close();
    }
  });
});
