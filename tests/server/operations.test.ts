import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createServices } from '../../server/app-services';
import { createHttpServer } from '../../server/http-server';
import { createLogger, log, maskPersonal } from '../../server/observability/logger';
import { createMetrics } from '../../server/observability/metrics';
import { routeLabel } from '../../server/observability/route-label';
import { ROOT } from '../fixtures/test-db';
import { makeTestApp, placeOrder, type TestApp } from './helpers';

/** The schema migrations, in order, as the journal lists them. */
const TAGS: string[] = JSON.parse(
  readFileSync(path.join(ROOT, 'server', 'db', 'migrations', 'meta', '_journal.json'), 'utf8'),
).entries.map((entry: { tag: string }) => entry.tag);
const LAST = TAGS.at(-1);

const run = promisify(execFile);

/** Log lines written by the app, parsed. */
function collectLines() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: createLogger({ level: 'info', destination }) };
}

let t: TestApp;
let base: string;
let stopServer: () => Promise<void>;
const collected = collectLines();
const metrics = createMetrics();
const CONTACT = {
  name: 'Ava Chen',
  email: 'ava.chen@example.com',
  phone: '0412 345 678',
  subject: 'Hi',
  message: 'Hello',
};

beforeAll(async () => {
  t = await makeTestApp({ rateLimits: { contact: { limit: 1, windowMs: 600_000 } } });
  const app = createApp(
    createServices({ db: t.db, config: t.config, catalogue: t.cache, logger: collected.logger, metrics }),
  );
  // A route that fails, naming a customer, as a bug deep in a service would.
  app.get('/test-failure', () => {
    log().warn('not the request logger');
    throw new Error('Could not send to ava.chen@example.com on 0412 345 678');
  });
  const server = await createHttpServer(app, t.cache, { logger: collected.logger, metrics });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stopServer = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(async () => {
  await stopServer?.();
  await t?.close();
});

describe('logs', () => {
  it('writes one JSON line per request, with the id the answer carries in X-Request-Id', async () => {
    const response = await fetch(`${base}/api/product_groups?per_page=2`);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await expect
      .poll(() => collected.lines.find((line) => line.reqId === id && line.msg === 'request'))
      .toMatchObject({ level: 'info', method: 'GET', route: '/api/product_groups', status: 200 });
  });

  it("keeps a proxy's request id, and refuses one that is not sane", async () => {
    const kept = await fetch(`${base}/api/health`, { headers: { 'X-Request-Id': '0123456789abcdef0123456789abcdef' } });
    expect(kept.headers.get('x-request-id')).toBe('0123456789abcdef0123456789abcdef');
    const replaced = await fetch(`${base}/api/health`, { headers: { 'X-Request-Id': 'a"b' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("masks emails and phones, and an error logged inside a request names the request's id", async () => {
    const response = await fetch(`${base}/test-failure`);
    expect(response.status).toBe(500);
    const id = response.headers.get('x-request-id');
    await expect.poll(() => collected.lines.filter((line) => line.reqId === id).length).toBe(2);
    const failure = collected.lines.find((line) => line.reqId === id && line.level === 'error');
    const text = JSON.stringify(failure);
    expect(text).toContain('a***@example.com');
    expect(text).toContain('***78');
    expect(text).not.toContain('ava.chen@');
    expect(text).not.toContain('345 678');
    expect(failure).toMatchObject({ method: 'GET', path: '/test-failure' });
  });

  it('masks what people write in, and leaves ids, times and addresses of the shop readable', () => {
    expect(maskPersonal('from ava.chen@example.com, +61 412 345 678')).toBe('from a***@example.com, ***78');
    const readable = 'order 51234567-8901-2345-6789-0123456789ab at 2026-11-25T19:22:31.123Z on 127.0.0.1:8080';
    expect(maskPersonal(readable)).toBe(readable);
  });

  it('labels routes so that ids and tags do not make new series', () => {
    expect(routeLabel('/api/products/9f1c0b5e-1')).toBe('/api/products/:id');
    expect(routeLabel('/hire/plinths/page/3')).toBe('/hire/:tag/page/:page');
    expect(routeLabel('/photos/abc/large_1.webp')).toBe('/photos/*');
    expect(routeLabel('/team/requests/1042/confirm')).toBe('/team/requests/:id/confirm');
    expect(routeLabel('/api/customers/search')).toBe('/api/customers/:id');
  });
});

describe('GET /api/ready', () => {
  it('reports the database, its migrations, the mail queue and free disk', async () => {
    const before = await (await fetch(`${base}/api/ready`)).json();
    await fetch(`${base}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(CONTACT),
    });
    const response = await fetch(`${base}/api/ready`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.json();
    expect(body).toMatchObject({
      ready: true,
      problems: [],
      database: { reachable: true, migrations: { pending: [] } },
      disk: { path: t.config.dataDir },
    });
    expect(body.database.migrations.applied).toBeGreaterThanOrEqual(12);
    expect(body.mail.waiting).toBe(before.mail.waiting + 1);
    expect(body.mail.oldestWaitingSeconds).toBeGreaterThanOrEqual(0);
    expect(body.disk.freeBytes).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toContain('ava');
  });

  it('answers 503, saying why, when a migration is not applied or the disk is too full', async () => {
    const short = await makeTestApp({ readyMinFreeBytes: Number.MAX_SAFE_INTEGER });
    try {
      await short.db.$client.execute(
        'DELETE FROM __drizzle_migrations WHERE created_at = (SELECT MAX(created_at) FROM __drizzle_migrations)',
      );
      const response = await short.request('/api/ready');
      expect(response.status).toBe(503);
      const body = await response.json();
      expect(body.ready).toBe(false);
      expect(body.database.migrations.pending).toEqual([LAST]);
      expect(body.problems).toEqual([
        `migrations not applied: ${LAST}`,
        expect.stringMatching(/^the data folder's disk has \d+ bytes free$/),
      ]);
    } finally {
      await short.close();
    }
  });
});

describe('GET /metrics', () => {
  it('serves Prometheus metrics on loopback: requests, latency, caches, renders, mail, holds, refusals', async () => {
    await placeOrder(t, 'metrics@example.com');
    await fetch(`${base}/api/product_groups?per_page=3`);
    await fetch(`${base}/api/product_groups?per_page=3`);
    // The contact limit here is 1: the message of the ready test used it up.
    const refused = await fetch(`${base}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(CONTACT),
    });
    expect(refused.status).toBe(429);
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toMatch(
      /storefront_http_requests_total\{method="GET",route="\/api\/product_groups",status="200",lane="app"\} [1-9]/,
    );
    expect(text).toMatch(
      /storefront_http_request_duration_seconds_count\{method="GET",route="\/api\/product_groups"\} [1-9]/,
    );
    expect(text).toMatch(/storefront_catalogue_cache_requests_total\{outcome="hit"\} [1-9]/);
    expect(text).toMatch(/storefront_mail_emails\{status="queued"\} [1-9]/);
    expect(text).toMatch(/storefront_mail_oldest_waiting_seconds \d/);
    expect(text).toMatch(/storefront_holding_requests [1-9]/);
    expect(text).toMatch(/storefront_rate_limited_total\{bucket="contact"\} 1/);
    expect(text).not.toContain('example.com');
  });

  it('refuses a request that came through a proxy, unless it carries METRICS_TOKEN', async () => {
    const forwarded = await fetch(`${base}/metrics`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(forwarded.status).toBe(403);
    expect((await forwarded.json()).error).toBe(
      'Metrics are served on loopback, or with the METRICS_TOKEN as a Bearer token',
    );
    const tokened = await makeTestApp({ metricsToken: 'a-token-of-twenty-chars' });
    try {
      const server = await createHttpServer(
        createApp(createServices({ db: tokened.db, config: tokened.config })),
        tokened.cache,
      );
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
      const headers = { 'X-Forwarded-For': '203.0.113.9' };
      expect(
        (await fetch(url, { headers: { ...headers, Authorization: 'Bearer a-token-of-twenty-chars' } })).status,
      ).toBe(200);
      expect(
        (await fetch(url, { headers: { ...headers, Authorization: 'Bearer a-token-of-twenty-charz' } })).status,
      ).toBe(403);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    } finally {
      await tokened.close();
    }
  });
});

describe('npm run migrate -- --check', () => {
  it('lists the migrations a database lacks and changes nothing; says so when it is up to date', async () => {
    // A database as the release before passkeys left it: its migrations up to 0010_team.
    const dir = await mkdtemp(path.join(tmpdir(), 'storefront-migrate-'));
    const folder = path.join(dir, 'migrations');
    await mkdir(path.join(folder, 'meta'), { recursive: true });
    const migrations = path.join(ROOT, 'server', 'db', 'migrations');
    const journal = JSON.parse(await readFile(path.join(migrations, 'meta', '_journal.json'), 'utf8'));
    journal.entries = journal.entries.filter((entry: { tag: string }) => entry.tag <= '0010_team');
    await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
    for (const { tag } of journal.entries)
      await copyFile(path.join(migrations, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    const file = path.join(dir, 'old.db');
    const client = createClient({ url: `file:${file}` });
    await migrate(drizzle(client), { migrationsFolder: folder });
    const count = async () =>
      Number((await client.execute('SELECT COUNT(*) AS n FROM __drizzle_migrations')).rows[0]?.n);
    try {
      const env = { ...process.env, DATABASE_URL: file, DATA_DIR: dir };
      const cli = path.join(ROOT, 'server', 'cli', 'ops.ts');
      const pending = await run(process.execPath, ['--import', 'tsx', cli, 'migrate', '--check'], {
        env,
        cwd: ROOT,
      }).then(
        () => null,
        (error: { code: number; stdout: string }) => error,
      );
      expect(pending?.code).toBe(1);
      expect(pending?.stdout).toContain(
        TAGS.slice(11)
          .map((tag) => `Pending: ${tag}`)
          .join('\n'),
      );
      expect(pending?.stdout).toContain(`Applied: 11 of ${TAGS.length} schema migrations.`);
      expect(pending?.stdout).toContain('Pending data migration: 0009_demo_site');
      expect(await count()).toBe(11);

      const applied = await run(process.execPath, ['--import', 'tsx', cli, 'migrate'], { env, cwd: ROOT });
      expect(applied.stdout).toContain('The database is up to date.');
      const clean = await run(process.execPath, ['--import', 'tsx', cli, 'migrate', '--check'], { env, cwd: ROOT });
      expect(clean.stdout).toContain('Pending: none. The database is up to date.');
      expect(await count()).toBe(TAGS.length);
    } finally {
      client.close();
    }
  }, 60_000);
});
