import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { nextSaturday } from '../fixtures/hire-dates';
import { ensureServerBuilt, GENEROUS_LIMITS, SERVER_ENTRY, startServerProcess } from '../fixtures/server-process';
import { copyTemplateDb, ROOT, TEST_PHOTOS_DIR } from '../fixtures/test-db';

/**
 * The server as production runs it: built, under plain node, stopping gracefully. Runs on the embedded
 * file only (one run is enough: nothing here depends on where the database lives).
 */
const onSqld = Boolean(inject('sqldPath'));

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

async function startWithOrderReady(env: Record<string, string> = {}) {
  const databaseFile = await copyTemplateDb(inject('templateDb'));
  const server = await startServerProcess({
    DATABASE_URL: databaseFile,
    DIST_DIR: 'no-such-dist',
    ...GENEROUS_LIMITS,
    ...env,
  });
  stops.push(server.stop);
  const customer = await fetch(`${server.url}/api/customers`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      data: { type: 'customers', attributes: { name: 'Ava Chen', email: 'stop@example.com', phone: '0400 111 222' } },
    }),
  });
  const customerId = ((await customer.json()) as { data: { id: string } }).data.id;
  const db = createClient({ url: `file:${databaseFile}` });
  const product = String(
    (await db.execute('SELECT id FROM products WHERE archived = 0 AND stock_count > 2 LIMIT 1')).rows[0]?.id,
  );
  const orders = async () => Number((await db.execute('SELECT COUNT(*) AS n FROM orders')).rows[0]?.n);
  const body = JSON.stringify({
    customer_id: customerId,
    starts_at: nextSaturday(),
    stops_at: nextSaturday(),
    fulfillment_type: 'pickup',
    lines: [{ id: product, quantity: 1, isBundle: false, bundleVariations: [] }],
  });
  return { server, db, orders, body };
}

/**
 * An order request whose headers the server has taken (it answered 100 Continue, so the request is in
 * flight) and whose body is sent only when the test says.
 */
function orderInFlight(base: string, body: string) {
  const request = http.request(`${base}/api/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Expect: '100-continue' },
  });
  const continued = new Promise<void>((resolve) => request.once('continue', () => resolve()));
  const answer = new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    request.once('response', (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      response.on('error', (error) => resolve({ error: String(error) }));
    });
    request.once('error', (error) => resolve({ error: String(error) }));
  });
  request.flushHeaders();
  return { continued, answer, send: () => request.end(body) };
}

const waitFor = async (condition: () => boolean, what: string) => {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe.skipIf(onSqld)('graceful shutdown', () => {
  it('finishes an order in flight at SIGTERM: committed and answered, then exits 0', async () => {
    const { server, db, orders, body } = await startWithOrderReady();
    const before = await orders();
    const order = orderInFlight(server.url, body);
    await order.continued;
    process.kill(server.pid, 'SIGTERM');
    await waitFor(() => server.output().includes('SIGTERM: stopping, 1 requests in flight'), 'the stop to begin');
    // No new connection is taken while the order finishes.
    await expect(fetch(`${server.url}/api/product_groups`)).rejects.toThrow();
    order.send();
    const answer = await order.answer;
    expect(answer).toMatchObject({ status: 201 });
    const id = JSON.parse((answer as { body: string }).body).order.data.id;
    expect(await server.exited).toBe(0);
    expect(await orders()).toBe(before + 1);
    expect(
      (await db.execute({ sql: 'SELECT COUNT(*) AS n FROM order_lines WHERE order_id = ?', args: [id] })).rows[0]?.n,
    ).toBe(1);
    db.close();
  });

  it('cuts an order still unsent at the deadline: nothing committed, the client told by a closed connection', async () => {
    const { server, db, orders, body } = await startWithOrderReady({ SHUTDOWN_TIMEOUT_MS: '300' });
    const before = await orders();
    const order = orderInFlight(server.url, body);
    await order.continued;
    process.kill(server.pid, 'SIGTERM');
    const answer = await order.answer;
    expect(answer).toHaveProperty('error');
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('1 requests cut at the deadline');
    expect(await orders()).toBe(before);
    db.close();
  });
});

/** The processes under a process id, from /proc. */
function descendants(root: number): { pid: number; command: string }[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // ended meanwhile
    }
  }
  const found: { pid: number; command: string }[] = [];
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      try {
        found.push({
          pid: child,
          command: readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').join(' ').trim(),
        });
      } catch {
        // ended meanwhile
      }
      visit(child);
    }
  };
  visit(root);
  return found;
}

describe.skipIf(onSqld || process.platform !== 'linux')('npm start', () => {
  it('builds the server too and serves with plain node: no tsx process, source maps on', async () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.scripts.start).toBe('npm run build && npm run serve');
    expect(pkg.scripts.build).toContain('--config server/vite.config.ts');
    expect(pkg.dependencies.tsx).toBeUndefined();
    ensureServerBuilt();
    const map = JSON.parse(readFileSync(`${SERVER_ENTRY}.map`, 'utf8')) as { sources: string[] };
    expect(map.sources.some((source) => source.endsWith('server/app.ts'))).toBe(true);

    const databaseFile = await copyTemplateDb(inject('templateDb'));
    const child = spawn('npm', ['run', 'serve', '--silent'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        DATABASE_URL: databaseFile,
        PHOTOS_DIR: TEST_PHOTOS_DIR,
        DIST_DIR: 'no-such-dist',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    stops.push(async () => {
      if (child.exitCode === null) {
        process.kill(-(child.pid ?? 0), 'SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    });
    await waitFor(() => /Storefront ready on http/.test(output), 'the server to start');
    const url = /Storefront ready on (http:\/\/[\d.:]+)/.exec(output)?.[1];
    expect((await fetch(`${url}/api/product_groups?per_page=1`)).status).toBe(200);
    const processes = descendants(child.pid ?? 0);
    expect(processes.filter((p) => /\btsx\b/.test(p.command))).toEqual([]);
    expect(processes.map((p) => p.command)).toContainEqual(
      expect.stringMatching(/node --enable-source-maps dist-server\/index\.js$/),
    );
  });

  it('names the TypeScript line in a stack trace of the built server', () => {
    ensureServerBuilt();
    // A database that cannot be made (its folder is a file) fails at start: the trace names the source.
    const trace = (() => {
      try {
        execFileSync(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
          cwd: ROOT,
          env: { ...process.env, PORT: '0', DATABASE_URL: '/dev/null/storefront.db' },
          stdio: 'pipe',
        });
        return '';
      } catch (error) {
        return String((error as { stderr?: Buffer }).stderr ?? error);
      }
    })();
    expect(trace).toContain('/dev/null');
    expect(trace).toMatch(/server\/db\/client\.ts:\d+/);
  });

  it('refuses to start with SMTP_URL set and its mail settings missing, naming each one and a wrong value at once', () => {
    ensureServerBuilt();
    const run = () =>
      execFileSync(process.execPath, [SERVER_ENTRY], {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: '0',
          SMTP_URL: 'smtp://127.0.0.1:1',
          BUSINESS_EMAIL: '',
          MAIL_FROM: '',
          PUBLIC_URL: '',
          // Issue 47: a wrong value beside them is named in the same run, not after they are fixed.
          HOLD_DAYS: 'three',
        },
        stdio: 'pipe',
      });
    let stderr = '';
    let status = 0;
    try {
      run();
    } catch (error) {
      stderr = String((error as { stderr?: Buffer }).stderr);
      status = Number((error as { status?: number }).status);
    }
    for (const name of ['BUSINESS_EMAIL', 'MAIL_FROM', 'PUBLIC_URL']) {
      expect(stderr).toContain(`${name} is required when SMTP_URL is set`);
    }
    expect(stderr).toMatch(/^ {2}HOLD_DAYS: /m);
    // One line each, and no stack trace: nothing in it is a bug.
    expect(stderr.trim().split('\n')).toHaveLength(5);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(status).toBe(78);
    expect(stderr).not.toContain('Storefront ready');
  });
});

describe.skipIf(onSqld)('CATALOGUE_DIR', () => {
  it("fills a new database from the business's folder instead of the demo", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'storefront-byo-'));
    const server = await startServerProcess({
      DATABASE_URL: path.join(dir, 'new.db'),
      PHOTOS_DIR: path.join(dir, 'photos'),
      CATALOGUE_DIR: path.join(ROOT, 'examples', 'catalogue'),
      DIST_DIR: 'no-such-dist',
    });
    stops.push(server.stop);
    expect(server.output()).toContain('Seeded the catalogue of');
    const groups = (await (await fetch(`${server.url}/api/product_groups?per_page=50`)).json()) as {
      data: { attributes: { name: string } }[];
    };
    expect(groups.data.map((g) => g.attributes.name)).toEqual(['Gold Taper Holder', 'Ghost Plinth', 'Stone Urn']);
    const bundles = (await (await fetch(`${server.url}/api/bundles`)).json()) as { meta: { total_items: number } };
    expect(bundles.meta.total_items).toBe(1);
  });
});
