import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Client, createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../server/app';
import { createServices } from '../../server/app-services';
import { loadConfig } from '../../server/config';
import type { Db } from '../../server/db/client';
import { openDb } from '../../server/upgrades/open-db';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { daysFromToday, nextSaturday } from '../fixtures/hire-dates';
import { ROOT, TEST_PHOTOS_DIR } from '../fixtures/test-db';

/**
 * Issue 31: a database written by an earlier release, with requests in it, upgraded to this one. The
 * earlier release's schema is made by its own migrations (the files are never changed once released),
 * its catalogue copied from the seeded test database, its requests written as that release wrote them.
 */
const MIGRATIONS = path.join(ROOT, 'server', 'db', 'migrations');
const opened: (Client | Db)[] = [];
afterAll(() => {
  for (const db of opened) ('$client' in db ? db.$client : db).close();
});

/** A database file at the end of migration `last` (e.g. '0003_catalogue_skus'), with the test catalogue. */
async function databaseOf(last: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'storefront-upgrade-'));
  const folder = path.join(dir, 'migrations');
  await mkdir(path.join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8'));
  const upTo = journal.entries.findIndex((entry: { tag: string }) => entry.tag === last);
  expect(upTo).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, upTo + 1);
  await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) {
    await copyFile(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  const file = path.join(dir, 'old.db');
  const client = createClient({ url: `file:${file}` });
  await migrate(drizzle(client), { migrationsFolder: folder });
  // The catalogue, as that release had it: the columns its tables had then (later ones add columns).
  await client.execute(`ATTACH DATABASE '${inject('templateDb')}' AS seeded`);
  for (const table of ['product_groups', 'products', 'bundles', 'bundle_items', 'item_tags', 'photos']) {
    const columns = (await client.execute(`SELECT name FROM pragma_table_info('${table}')`)).rows
      .map((row) => `"${String(row.name)}"`)
      .join(', ');
    await client.execute(`INSERT INTO ${table} (${columns}) SELECT ${columns} FROM seeded.${table}`);
  }
  await client.execute('DETACH DATABASE seeded');
  opened.push(client);
  return file;
}

/** Writes a customer and a request as the earlier release did: the order row and its lines. */
async function oldRequest(
  client: Client,
  number: number,
  productId: string,
  quantity: number,
  date: string,
  status = 'reserved',
) {
  await client.execute({
    sql: `INSERT OR IGNORE INTO customers (id, name, email, phone, updated_at) VALUES ('c-old', 'Old Customer', 'old@example.com', '0400 000 000', '2026-01-01T00:00:00Z')`,
    args: [],
  });
  await client.execute({
    sql: `INSERT INTO orders (id, number, customer_id, starts_at, stops_at, fulfillment_type, status, subtotal_in_cents)
          VALUES (?, ?, 'c-old', ?, ?, 'pickup', ?, 1000)`,
    args: [String(number), number, date, date, status],
  });
  await client.execute({
    sql: `INSERT INTO order_lines (id, order_id, item_type, item_id, title, quantity, price_in_cents, bundle_variations, position)
          VALUES (?, ?, 'products', ?, 'Old line', ?, 1000, '[]', 0)`,
    args: [`line-${number}`, String(number), productId, quantity],
  });
}

async function appOn(file: string) {
  const db = await openDb({ url: file });
  opened.push(db);
  const config = { ...loadConfig({}), databaseUrl: file, photosDir: TEST_PHOTOS_DIR, distDir: undefined };
  const app = createApp(
    createServices({
      db,
      config: {
        ...config,
        dataDir: await mkdtemp(path.join(tmpdir(), 'storefront-upgrade-data-')),
        actionSecret: 'x'.repeat(40),
      },
    }),
  );
  const free = async (productId: string, date: string) =>
    ((await (await app.request(`/api/products/${productId}?date=${date}`)).json()) as any).data.attributes.inventory;
  const holds = async (orderId: string) =>
    (await db.$client.execute({ sql: 'SELECT state, expires_at FROM order_holds WHERE order_id = ?', args: [orderId] }))
      .rows;
  return { db, app, free, holds };
}

describe.skipIf(Boolean(inject('sqldPath')))('upgrading a database from an earlier release', () => {
  it('gives every open request from before holds its holds, so booked items stay booked', async () => {
    const file = await databaseOf('0003_catalogue_skus');
    const client = createClient({ url: `file:${file}` });
    opened.push(client);
    const [row] = (
      await client.execute(
        'SELECT id, stock_count FROM products WHERE archived = 0 AND stock_count >= 4 ORDER BY id LIMIT 1',
      )
    ).rows;
    const productId = String(row?.id);
    const stock = Number(row?.stock_count);
    const saturday = nextSaturday(2);
    // Three requests from before holds: two that fit (all of the stock), one more that no longer does,
    // and one whose hire is over.
    await oldRequest(client, 1001, productId, stock - 1, saturday);
    await oldRequest(client, 1002, productId, 1, addDays(saturday, 1));
    await oldRequest(client, 1003, productId, 1, saturday);
    await oldRequest(client, 1004, productId, 1, daysFromToday(-10));
    client.close();

    const { db, free, holds } = await appOn(file);
    // Before this release, every one of these units showed free again.
    expect((await free(productId, saturday)).available).toBe(0);
    expect((await free(productId, addDays(saturday, 7))).available).toBe(stock);
    const week = Date.now() + 7 * 86_400_000;
    for (const id of ['1001', '1002']) {
      const [hold] = await holds(id);
      expect(hold?.state).toBe('held');
      // Held for the hold days from the upgrade: the team can still answer them.
      expect(Math.abs(Date.parse(String(hold?.expires_at)) - week)).toBeLessThan(60_000);
    }
    expect((await holds('1003')).map((hold) => hold.state)).toEqual(['wanted']);
    expect(await holds('1004')).toEqual([]);
    const statuses = (await db.$client.execute('SELECT id, status, problem FROM orders ORDER BY id')).rows;
    expect(statuses.map((order) => order.status)).toEqual(['reserved', 'reserved', 'manual_review', 'reserved']);
    expect(String(statuses[2]?.problem)).toContain('1 requested, 0 free');
    const events = (await db.$client.execute('SELECT order_id, actor, kind FROM order_events ORDER BY order_id')).rows;
    expect(events.map((e) => `${e.order_id} ${e.actor} ${e.kind}`)).toEqual([
      '1001 system upgraded',
      '1002 system upgraded',
      '1003 system upgraded',
    ]);

    // Opening it again changes nothing: the data migration ran once.
    const again = await openDb({ url: file });
    opened.push(again);
    expect(Number((await again.$client.execute('SELECT COUNT(*) AS n FROM order_holds')).rows[0]?.n)).toBe(3);
  });

  it('records what a manual request of the previous release asked for, and marks its lapsed holds as lapsed', async () => {
    const file = await databaseOf('0005_order_holds_by_end');
    const client = createClient({ url: `file:${file}` });
    opened.push(client);
    const productId = String(
      (await client.execute('SELECT id FROM products WHERE archived = 0 AND stock_count >= 2 ORDER BY id LIMIT 1'))
        .rows[0]?.id,
    );
    const saturday = nextSaturday(3);
    await oldRequest(client, 2001, productId, 1, saturday, 'manual_review');
    await oldRequest(client, 2002, productId, 1, saturday);
    // That release released a lapsed hold, its request still undecided.
    await client.execute({
      sql: `INSERT INTO order_holds (id, order_id, product_id, quantity, hold_from, hold_to, state, expires_at)
            VALUES ('h-2002', '2002', ?, 1, ?, ?, 'released', '2026-01-01T00:00:00Z')`,
      args: [productId, addDays(saturday, -1), addDays(saturday, 2)],
    });
    client.close();
    const { holds } = await appOn(file);
    expect((await holds('2001')).map((hold) => hold.state)).toEqual(['wanted']);
    expect((await holds('2002')).map((hold) => hold.state)).toEqual(['lapsed']);
  });
});
