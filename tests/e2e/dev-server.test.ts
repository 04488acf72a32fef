import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../fixtures/server-process';
import { ROOT, TEST_PHOTOS_DIR } from '../fixtures/test-db';
import { e2eServer, hydration, sharedBrowser } from './browser';

/**
 * `npm run dev` as the next engineer uses it: Vite inside the server, pages rendered by the server
 * and hydrated, hot reload. It runs in a copy of the sources, which the test edits as a person
 * would; the repository's own files are never touched.
 */
const browser = sharedBrowser();
let copy: string;
let dev: ChildProcess;
let output = '';
let base: string;

beforeAll(async () => {
  copy = mkdtempSync(path.join(tmpdir(), 'storefront-dev-'));
  for (const entry of ['src', 'server', 'sw', 'public', 'vite.config.ts', 'tsconfig.json', 'package.json']) {
    cpSync(path.join(ROOT, entry), path.join(copy, entry), { recursive: true });
  }
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  // A database of its own, copied consistently from the browser tests' one.
  const database = path.join(copy, 'data', 'dev.db');
  mkdirSync(path.dirname(database));
  const source = createClient({ url: `file:${e2eServer().databaseFile}` });
  await source.execute({ sql: 'VACUUM INTO ?', args: [database] });
  source.close();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dev = spawn(process.execPath, ['--import', 'tsx', 'server/dev.ts'], {
    cwd: copy,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: database,
      PHOTOS_DIR: TEST_PHOTOS_DIR,
      DATA_DIR: path.join(copy, 'data'),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  dev.stdout?.on('data', (chunk) => (output += chunk));
  dev.stderr?.on('data', (chunk) => (output += chunk));
  // The first page waits for Vite to start and transform the app: up to two minutes on a busy machine.
  const deadline = Date.now() + 120_000;
  while ((await fetch(`${base}/hire`).catch(() => null))?.status !== 200) {
    if (dev.exitCode !== null || Date.now() > deadline) throw new Error(`npm run dev did not serve /hire:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}, 180_000);

afterAll(async () => {
  if (dev && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev.once('exit', resolve));
    dev.kill('SIGTERM');
    await exited;
  }
});

const edit = (file: string, from: string, to: string) => {
  const full = path.join(copy, file);
  const text = readFileSync(full, 'utf8');
  expect(text).toContain(from);
  writeFileSync(full, text.replace(from, to));
};

describe('npm run dev', () => {
  it('renders on the server with Vite, hydrates, and updates an edited component in place, keeping its state', async () => {
    const context = await browser().newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto('/hire');
    // Rendered on the server: the listing is in the HTML before any script runs.
    expect(await response?.text()).toContain('Our Collection');
    await hydration(page, 60_000);
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Hire catalogue', exact: true });
    await expect.poll(() => footerLink.isVisible()).toBe(true);
    const search = page.getByRole('banner').getByPlaceholder('Search products...');
    await search.fill('vase');
    await page.evaluate(() => Object.assign(window, { beforeEdit: true }));

    edit('src/routes/-components/site-footer.tsx', '>Hire catalogue<', '>Hire catalogue, edited<');
    const edited = page.getByRole('contentinfo').getByRole('link', { name: 'Hire catalogue, edited' });
    await expect.poll(() => edited.isVisible(), { timeout: 30_000 }).toBe(true);
    // Updated in place: the same document, with what was typed still there.
    expect(await page.evaluate(() => 'beforeEdit' in window)).toBe(true);
    expect(await search.inputValue()).toBe('vase');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('restarts the server when server code changes, and serves the new code', async () => {
    const message = 'Metrics are served on loopback, or with the METRICS_TOKEN as a Bearer token';
    const proxied = { headers: { 'X-Forwarded-For': '203.0.113.9' } };
    expect((await (await fetch(`${base}/metrics`, proxied)).json()).error).toBe(message);
    const readyLines = () => output.split('Storefront ready on').length - 1;
    const before = readyLines();
    edit('server/routes/operations.ts', `'${message}'`, `'${message} (edited)'`);
    await expect.poll(readyLines, { timeout: 60_000 }).toBe(before + 1);
    expect(output).toContain('server/routes/operations.ts changed: restarting the server');
    await expect
      .poll(async () => (await (await fetch(`${base}/metrics`, proxied).catch(() => null))?.json())?.error, {
        timeout: 30_000,
      })
      .toBe(`${message} (edited)`);
  });
});
