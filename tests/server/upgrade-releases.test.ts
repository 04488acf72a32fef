import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { type Client, createClient } from '@libsql/client';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../server/app';
import { createServices } from '../../server/app-services';
import { loadConfig } from '../../server/config';
import { type Db, migrationsFolder } from '../../server/db/client';
import { migrationStatus } from '../../server/db/migration-status';
import demoBusiness from '../../server/seed/demo-business.json';
import { openDb } from '../../server/upgrades/open-db';
import { ROOT, TEST_PHOTOS_DIR } from '../fixtures/test-db';

/**
 * Databases written by earlier releases themselves: each fixture was made by that release's own
 * server, built from its commit (tests/fixtures/releases/make-fixtures.sh), seeding the demo and taking
 * three order requests and a contact message through its API. Upgraded by this release, each keeps
 * every request, its holds, its customers and its emails. The clock is the fixture's own time plus an
 * hour, so the holds it made are live whatever day the test runs.
 */
const RELEASES = ['before-bookings', 'before-settings', 'before-team'] as const;
const FIXTURES = path.join(ROOT, 'tests', 'fixtures', 'releases');
const onSqld = Boolean(inject('sqldPath'));
const open: (Client | Db)[] = [];
afterAll(() => {
  for (const db of open) ('$client' in db ? db.$client : db).close();
});

async function fixture(name: string) {
  const made = JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as { madeAt: string };
  const file = path.join(await mkdtemp(path.join(tmpdir(), `storefront-${name}-`)), 'old.db');
  await writeFile(file, gunzipSync(readFileSync(path.join(FIXTURES, `${name}.db.gz`))));
  return { file, now: new Date(Date.parse(made.madeAt) + 3_600_000) };
}

const rows = async (client: Client, sql: string) => (await client.execute(sql)).rows.map((row) => ({ ...row }));

describe.skipIf(onSqld)('upgrades of databases written by earlier releases', () => {
  it.each(RELEASES)('%s: every request keeps its holds, customers and emails, and the shop serves it', async (name) => {
    const { file, now } = await fixture(name);
    const old = createClient({ url: `file:${file}` });
    open.push(old);
    const orders = await rows(old, 'SELECT id, number, status, customer_id FROM orders ORDER BY id');
    const customers = await rows(old, 'SELECT id, email, phone FROM customers ORDER BY id');
    const emails = await rows(old, 'SELECT id, kind, status FROM email_outbox ORDER BY id');
    const messages = await rows(old, 'SELECT id FROM contact_messages ORDER BY id');
    expect(orders).toHaveLength(3);
    expect((await migrationStatus(old, migrationsFolder)).pending.length).toBeGreaterThan(0);

    const db = await openDb({ url: file, now });
    open.push(db);
    expect((await migrationStatus(db.$client, migrationsFolder)).pending).toEqual([]);
    expect(await rows(db.$client, 'SELECT id, number, status, customer_id FROM orders ORDER BY id')).toEqual(orders);
    expect(await rows(db.$client, 'SELECT id, email, phone FROM customers ORDER BY id')).toEqual(customers);
    expect(await rows(db.$client, 'SELECT id, kind, status FROM email_outbox ORDER BY id')).toEqual(emails);
    expect(await rows(db.$client, 'SELECT id FROM contact_messages ORDER BY id')).toEqual(messages);

    // Every request still holds its items: the booking module counts them against stock.
    const config = { ...loadConfig({}), databaseUrl: file, photosDir: TEST_PHOTOS_DIR, distDir: undefined };
    const services = createServices({ db, config, clock: () => now });
    const { booking } = services;
    const live = await booking.liveHolds(db);
    expect([...live.keys()].sort()).toEqual(orders.map((order) => String(order.id)));
    const held = await rows(
      db.$client,
      "SELECT order_id, quantity FROM order_holds WHERE state = 'held' ORDER BY order_id",
    );
    expect(held.map((hold) => Number(hold.quantity))).toEqual([2, 1, 3]);

    // And the upgraded shop answers: its catalogue, and its settings (the demo's, from business.json).
    const app = createApp(services);
    expect((await app.request('/api/product_groups?per_page=1')).status).toBe(200);
    const business = await (await app.request('/api/business')).json();
    expect(business.data.name).toBe(demoBusiness.name);
    expect(await rows(db.$client, 'SELECT COUNT(*) AS n FROM categories')).toEqual([{ n: 44 }]);
  });
});
