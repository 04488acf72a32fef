import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { GENEROUS_LIMITS, type ServerProcess, startServerProcess } from '../fixtures/server-process';
import { ROOT } from '../fixtures/test-db';
import { addToCart, sharedBrowser, waitForWorker } from './browser';

const browser = sharedBrowser();
let server: ServerProcess;
let dist: string;

// A server of its own, serving a copy of the build that the test can replace with a newer one.
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'storefront-dist-'));
  await cp(path.join(ROOT, 'dist'), dist, { recursive: true });
  server = await startServerProcess({ DATABASE_URL: inject('databaseFile'), DIST_DIR: dist, ...GENEROUS_LIMITS });
});
afterAll(async () => {
  await server?.stop();
  if (dist) await rm(dist, { recursive: true, force: true });
});

describe('updates never lose work', () => {
  it('build B waits behind the prompt; Reload keeps the cart and the half-typed checkout form', async () => {
    const context = await browser().newContext({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'allow',
    });
    const page = await context.newPage();
    await page.goto('/hire');
    await waitForWorker(page);
    await addToCart(page, 'Natural Urn');
    await page.goto('/checkout');
    const form = page.getByRole('form', { name: 'Your details' });
    await form.getByLabel('Name', { exact: true }).fill('Ava Chen');
    await form.getByLabel('Email', { exact: true }).fill('ava@exam');

    // Build B: a new service worker (a new build changes its precache manifest, so its bytes).
    await appendFile(path.join(dist, 'sw.js'), `\n// build B ${Date.now()}\n`);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const prompt = page.getByRole('status').filter({ hasText: 'A new version of the store is ready.' });
    await expect.poll(() => prompt.isVisible(), { timeout: 15_000 }).toBe(true);
    // The checks below must see the reloaded page, not the one still on screen.
    await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));
    const reloaded = page.waitForEvent('load', { timeout: 15_000 });
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(false);
    await expect
      .poll(() => page.getByRole('button', { name: 'Cart, 1 item' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('Ava Chen');
    expect(await form.getByLabel('Email', { exact: true }).inputValue()).toBe('ava@exam');
    // The new worker controls the reloaded page.
    const waiting = await page.evaluate(async () =>
      Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
    );
    expect(waiting).toBe(false);
    await context.close();
  });
});
