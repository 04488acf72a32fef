import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cutNetwork,
  hydration,
  newPage,
  pageErrors,
  sharedBrowser,
  waitForWorker,
  workerKeepsPage,
} from './browser';

const browser = sharedBrowser();

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first().textContent();
const cards = (page: Page) => page.getByRole('list', { name: 'Hire items' }).getByRole('listitem');

describe('pages rendered on the server', () => {
  it('hydrates with no console error and no second fetch of what the server sent', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const catalogueReads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/^\/api\/(boomerang|product_groups|product-groups|bundles|products|photos)/.test(url.pathname))
        catalogueReads.push(url.pathname + url.search);
    });
    for (const address of ['/hire/decor', '/search?q=vase', '/']) {
      await page.goto(address);
      await hydration(page);
      // The overlays and the offline work load when the browser is idle: wait for them too.
      await page.waitForLoadState('networkidle');
    }
    expect(catalogueReads).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('fetches nothing again on hydrating a page the server rendered minutes before (from its page cache)', async () => {
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    // The server renders it now; the browser opens it as if ten minutes had passed since.
    await (await page.request.get('/hire/decor')).text();
    await page.clock.install({ time: Date.now() + 10 * 60_000 });
    const catalogueReads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/boomerang')) catalogueReads.push(url.pathname + url.search);
    });
    await page.goto('/hire/decor');
    await hydration(page);
    await page.waitForLoadState('networkidle');
    expect(catalogueReads).toEqual([]);
    await context.close();
  });

  it('shows the badge of a cart kept in IndexedDB once hydrated; the server sends none', async () => {
    const { context, page } = await newPage(browser());
    await addToCart(page, 'Neon Heart', { variation: 'Pink', quantity: 2 });
    const html = await (await page.request.get('/terms')).text();
    expect(html).toContain('aria-label="Cart, 0 items"');
    expect(html).not.toContain('<span class="cart-button__badge"');
    await page.goto('/terms');
    await hydration(page);
    await expect.poll(() => page.locator('.cart-button__badge').textContent()).toBe('2');
    expect(await page.getByRole('button', { name: 'Cart, 2 items' }).isVisible()).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('shows items and follows links with JavaScript turned off', async () => {
    const context = await browser().newContext({
      baseURL: (await import('./browser')).baseUrl(),
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto('/hire/decor');
    expect(await heading(page)).toBe('Decor');
    expect(await cards(page).count()).toBe(30);
    // Every card's photo is there, named by the card's heading.
    const first = cards(page).first();
    expect(await first.locator('img').getAttribute('src')).toMatch(/^\/photos\/.+\.webp$/);
    expect(await first.getByRole('heading', { level: 2 }).textContent()).toBeTruthy();
    await page.locator('.pagination').getByRole('link', { name: 'Next' }).click();
    await page.waitForURL('**/hire/decor/page/2');
    expect(await heading(page)).toBe('Decor');
    expect(await cards(page).count()).toBeGreaterThan(0);
    // The header's links are plain links.
    await page.goto('/hire/decor');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms & Conditions of Hire' }).click();
    await page.waitForURL('**/terms');
    expect(await heading(page)).toBe('Terms & Conditions of Hire');
    // The home collage: no overlay waits for a script to count its photos; they show and link.
    await page.goto('/');
    expect(await page.locator('.collage-loader').isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Trays' }).isVisible()).toBe(true);
    await context.close();
  });

  it('navigates offline to a page seen, a page never seen, and a page of the saved catalogue', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/hire/decor');
    await waitForWorker(page);
    // The worker keeps the page this first visit loaded before it took control.
    await expect.poll(() => workerKeepsPage(page)).toBe(true);
    // The query cache persister writes at most once a second.
    await page.waitForTimeout(1500);
    const restore = await cutNetwork(context);
    await page.goto('/hire/decor');
    expect(await heading(page)).toBe('Decor');
    expect(await cards(page).count()).toBe(30);
    // Never seen, nothing saved: the shell, which says so.
    await page.goto('/hire/plinths');
    await expect.poll(() => page.getByText('Not saved on this device').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-shell'))).toBe(true);
    await restore();

    // Saved for offline: a category never opened renders from the saved catalogue.
    await page.goto('/hire');
    await page.getByRole('main').getByRole('button', { name: 'Save catalogue for offline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save catalogue for offline' });
    await dialog.getByRole('button', { name: 'Save catalogue', exact: true }).click();
    await dialog.getByText(/^Saved \d+ files/).waitFor({ timeout: 120_000 });
    await cutNetwork(context);
    await page.goto('/hire/ghost_plinths');
    expect(await heading(page)).toBe('Ghost Plinths');
    await expect.poll(() => cards(page).count()).toBeGreaterThan(0);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
