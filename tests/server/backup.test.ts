import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Client, createClient } from '@libsql/client';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { MANIFEST, scheduledBackup, sha256Of, verifyBackup } from '../../server/ops/backup';
import { daysFromToday } from '../fixtures/hire-dates';
import { freePort, GENEROUS_LIMITS, type ServerProcess, startServerProcess } from '../fixtures/server-process';
import { type RunningSqld, startSqld } from '../fixtures/sqld';
import { copyTemplateDb, copyTestPhotos, ROOT } from '../fixtures/test-db';

const run = promisify(execFile);
const sqldPath = inject('sqldPath');
const stops: (() => Promise<void>)[] = [];
const clients: Client[] = [];
afterAll(async () => {
  for (const client of clients) client.close();
  for (const stop of stops.reverse()) await stop();
});

const CLI = path.join(ROOT, 'server', 'cli', 'ops.ts');
const cli = (args: string[], env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', CLI, ...args], { cwd: ROOT, env: { ...process.env, ...env } });

/** Rows of a table, by id, as JSON: what a restore must give back unchanged. */
async function rowsOf(client: Client, table: string): Promise<Map<string, string>> {
  const result = await client.execute(`SELECT * FROM ${table}`);
  return new Map(result.rows.map((row) => [String(row.id ?? JSON.stringify(row)), JSON.stringify(row)]));
}

/**
 * Shoppers keep ordering while the backup runs: each loop a new customer's request for one unit
 * on a day of its own, and a contact message now and then. Answers how many were stored.
 */
function orderLoad(base: string, product: string) {
  let stopped = false;
  let stored = 0;
  let n = 0;
  const one = async () => {
    const i = n++;
    const post = (url: string, body: unknown) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const customer = await post('/api/customers', {
      data: {
        type: 'customers',
        attributes: { name: `Shopper ${i}`, email: `backup-${i}@example.com`, phone: '0400 111 222' },
      },
    });
    const id = ((await customer.json()) as { data: { id: string } }).data.id;
    const date = daysFromToday(21 + (i % 400));
    const order = await post('/api/orders', {
      customer_id: id,
      starts_at: date,
      stops_at: date,
      fulfillment_type: 'pickup',
      lines: [{ id: product, quantity: 1, isBundle: false, bundleVariations: [] }],
    });
    if (order.status === 201) stored++;
    if (i % 5 === 0) {
      await post('/api/contact', {
        name: 'Ava',
        email: `backup-${i}@example.com`,
        phone: '0400 111 222',
        subject: 'Hi',
        message: 'Hello',
      });
    }
  };
  const errors: string[] = [];
  const workers = [0, 1, 2].map(async () => {
    while (!stopped) await one().catch((error) => errors.push(String(error)));
  });
  return {
    stored: () => stored,
    errors,
    stop: async () => {
      stopped = true;
      await Promise.all(workers);
      return stored;
    },
  };
}

describe('backup and restore', () => {
  it('backs up while orders arrive; the restored shop has every order, hold, customer, queued email and photo', async () => {
    // The shop: its own database (a file, or a libSQL server in the sqld run) and its own photos. Its
    // SMTP server never answers, so every email stays queued: the restored shop must send each once.
    let sqld: RunningSqld | null = null;
    if (sqldPath) {
      sqld = await startSqld(sqldPath, inject('templateDb'));
      stops.push(sqld.stop);
    }
    const databaseUrl = sqld ? sqld.url : await copyTemplateDb(inject('templateDb'));
    const photosDir = await copyTestPhotos();
    const shopEnv = {
      DATABASE_URL: databaseUrl,
      PHOTOS_DIR: photosDir,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'storefront-shop-data-')),
      DIST_DIR: 'no-such-dist',
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      BUSINESS_EMAIL: 'team@example.com',
      MAIL_FROM: 'Shop <shop@example.com>',
      PUBLIC_URL: 'https://shop.example.com',
      ...GENEROUS_LIMITS,
    };
    const shop: ServerProcess = await startServerProcess(shopEnv);
    stops.push(shop.stop);
    const source = createClient({ url: sqld ? sqld.url : `file:${databaseUrl}` });
    clients.push(source);
    // The test writes beside the running shop: it waits its turn as the shop's own connection does.
    if (!sqld) await source.execute('PRAGMA busy_timeout = 10000');
    const product = String(
      (await source.execute('SELECT id FROM products WHERE archived = 0 AND stock_count > 2 ORDER BY id LIMIT 1'))
        .rows[0]?.id,
    );

    const load = orderLoad(shop.url, product);
    stops.push(async () => void (await load.stop()));
    await expect.poll(() => load.stored(), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    const storedBefore = load.stored();
    // One email waits hours for its next try (the old machine's mail server kept refusing it), and one
    // is held by a sender of the old machine for an hour: the restored shop tries both at once.
    const later = new Date(Date.now() + 3_600_000).toISOString();
    for (const set of ['attempts = 9, next_attempt_at = ?', "lease_owner = 'gone', lease_until = ?"]) {
      await source.execute({
        sql: `UPDATE email_outbox SET ${set}
                WHERE id = (SELECT id FROM email_outbox WHERE status = 'queued' AND lease_owner IS NULL
                              AND attempts < 9 ORDER BY created_at DESC LIMIT 1)`,
        args: [later],
      });
    }
    const backupDir = path.join(mkdtempSync(path.join(tmpdir(), 'storefront-backup-')), 'snapshot');
    const made = await cli(['backup', backupDir], shopEnv);
    expect(made.stdout).toMatch(/^Backed up into .*: \d+ orders, \d+ emails, \d+ files/);
    const storedAfter = load.stored();
    await expect.poll(() => load.stored(), { timeout: 30_000 }).toBeGreaterThan(storedAfter + 2);
    await load.stop();
    expect(load.errors).toEqual([]);

    // The snapshot is of one instant: every order in it has its lines, its holds or its reason not to
    // hold, and its emails, written in the same transaction.
    const manifest = JSON.parse(await readFile(path.join(backupDir, MANIFEST), 'utf8'));
    const snapshot = createClient({ url: `file:${path.join(backupDir, 'database.db')}` });
    clients.push(snapshot);
    const orders = await rowsOf(snapshot, 'orders');
    expect(orders.size).toBe(manifest.rows.orders);
    expect(orders.size).toBeGreaterThanOrEqual(storedBefore);
    expect(orders.size).toBeLessThanOrEqual(storedAfter + 3);
    const orphans = await snapshot.execute(
      `SELECT o.id FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)
        OR NOT EXISTS (SELECT 1 FROM email_outbox e WHERE e.order_id = o.id)`,
    );
    expect(orphans.rows).toEqual([]);
    const queued = (await snapshot.execute("SELECT id FROM email_outbox WHERE status = 'queued'")).rows.map((r) =>
      String(r.id),
    );
    expect(queued.length).toBeGreaterThan(orders.size);

    // Restore into an empty data folder: an embedded file, or an empty libSQL server in the sqld run.
    const restoredDir = mkdtempSync(path.join(tmpdir(), 'storefront-restored-'));
    let target: RunningSqld | null = null;
    if (sqldPath) {
      target = await startSqld(sqldPath);
      stops.push(target.stop);
    }
    const restoredEnv = {
      DATABASE_URL: target ? target.url : path.join(restoredDir, 'storefront.db'),
      PHOTOS_DIR: path.join(restoredDir, 'photos'),
      DATA_DIR: restoredDir,
    };
    const restored = await cli(['restore', backupDir], restoredEnv);
    expect(restored.stdout).toContain(`Restored the backup of ${manifest.createdAt}: ${orders.size} orders`);
    // A second restore into the same folder is refused and changes nothing.
    const again = await cli(['restore', backupDir], restoredEnv).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(again?.code).toBe(1);
    expect(again?.stderr).toMatch(
      /^Restore needs an empty data folder, and the (database|photo folder) .* nothing was changed/,
    );

    const copy = createClient({ url: target ? target.url : `file:${restoredEnv.DATABASE_URL}` });
    clients.push(copy);
    for (const table of ['orders', 'order_lines', 'order_holds', 'customers', 'contact_messages']) {
      expect(await rowsOf(copy, table), table).toEqual(await rowsOf(snapshot, table));
    }
    // Emails are as they were, except that waits for a next try and the old machine's leases ended.
    const emails = async (client: Client) =>
      new Map(
        [...(await rowsOf(client, 'email_outbox'))].map(([id, row]) => [
          id,
          { ...JSON.parse(row), next_attempt_at: 0, lease_owner: 0, lease_until: 0 },
        ]),
      );
    expect(await emails(copy)).toEqual(await emails(snapshot));
    const waitingLater = await copy.execute({
      sql: "SELECT id FROM email_outbox WHERE status = 'queued' AND (lease_owner IS NOT NULL OR next_attempt_at > ?)",
      args: [new Date().toISOString()],
    });
    expect(waitingLater.rows).toEqual([]);
    expect(restored.stdout).toContain(`${queued.length} emails waiting to be sent as soon as the server starts`);
    for (const file of manifest.files.filter((f: { path: string }) => f.path.startsWith('photos/'))) {
      expect(await sha256Of(path.join(restoredEnv.PHOTOS_DIR, file.path.slice('photos/'.length)))).toBe(file.sha256);
    }
    expect((await readFile(path.join(restoredDir, 'action-secret'), 'utf8')).trim()).toBe(
      (await readFile(path.join(backupDir, 'action-secret'), 'utf8')).trim(),
    );

    // The restored shop starts, serves the photos, and sends every email that was waiting, once.
    const second = await startServerProcess({ ...restoredEnv, DIST_DIR: 'no-such-dist', ...GENEROUS_LIMITS });
    stops.push(second.stop);
    const photo = (await snapshot.execute('SELECT large_url FROM photos WHERE large_url IS NOT NULL LIMIT 1')).rows[0];
    const photoPath = new URL(String(photo?.large_url), second.url).pathname;
    expect((await fetch(`${second.url}${photoPath}`)).status).toBe(200);
    const sent = async () =>
      (await readdir(path.join(restoredDir, 'mail')).catch(() => [])).filter((file) => file.endsWith('.eml')).length;
    // Each email is written, then marked sent: wait for the marks (on a busy machine the last few
    // lagged their files), then count the files once more, so none went out twice.
    const statuses = async () =>
      Object.fromEntries(
        (await copy.execute('SELECT status, COUNT(*) AS n FROM email_outbox GROUP BY status')).rows.map((r) => [
          r.status,
          Number(r.n),
        ]),
      );
    await expect.poll(statuses, { timeout: 120_000 }).toEqual({ recorded: queued.length });
    expect(await sent()).toBe(queued.length);
  }, 300_000);
});

describe('scheduled backups (BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP)', () => {
  it('reads the schedule from the environment, and refuses one it cannot keep', () => {
    expect(loadConfig({ BACKUP_DIR: '/backups', BACKUP_EVERY: '6h', BACKUP_KEEP: '3' }, '/srv/shop').backup).toEqual({
      dir: '/backups',
      everyMs: 6 * 3_600_000,
      keep: 3,
    });
    expect(loadConfig({}).backup).toBeUndefined();
    expect(() => loadConfig({ BACKUP_DIR: 'b', BACKUP_EVERY: '2m' })).toThrow(
      'BACKUP_EVERY: scheduled backups are at least 5 minutes apart',
    );
    expect(() => loadConfig({ BACKUP_DIR: 'b', BACKUP_EVERY: 'daily' })).toThrow(
      'BACKUP_EVERY: a duration is written as minutes, hours or days, e.g. 30m, 6h or 1d',
    );
  });

  it('makes a folder per backup, named by its time, keeps the newest BACKUP_KEEP and drops unfinished ones', async () => {
    const databaseFile = await copyTemplateDb(inject('templateDb'));
    const root = mkdtempSync(path.join(tmpdir(), 'storefront-scheduled-'));
    const sources = {
      databaseUrl: databaseFile,
      photosDir: await copyTestPhotos(),
      actionSecret: 'a-secret-of-at-least-thirty-two-characters',
    };
    // A backup the process did not finish (it stopped mid-way): no manifest.
    mkdirSync(path.join(root, 'storefront-2026-01-01T00-00-00-000Z'));
    const at = (hour: number) => new Date(Date.UTC(2030, 0, 1, hour));
    const names: string[] = [];
    for (const hour of [1, 2, 3]) names.push(path.basename((await scheduledBackup(sources, root, 2, at(hour))).dir));
    expect(names).toEqual([
      'storefront-2030-01-01T01-00-00-000Z',
      'storefront-2030-01-01T02-00-00-000Z',
      'storefront-2030-01-01T03-00-00-000Z',
    ]);
    expect((await readdir(root)).sort()).toEqual(names.slice(1));
    await expect(verifyBackup(path.join(root, names[2] ?? ''))).resolves.toMatchObject({ source: 'file' });
  });
});
