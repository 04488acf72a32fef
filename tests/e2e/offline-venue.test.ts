import type { BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CACHE_NAMES } from '../../src/lib/sw-messages';
import {
  addToCart,
  axeViolations,
  baseUrl,
  cutNetwork,
  findItem,
  newPage,
  openCart,
  pageErrors,
  sharedBrowser,
  waitForWorker,
} from './browser';

const browser = sharedBrowser();
const BANNER = 'You are offline: showing saved items';

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

/**
 * Requests for the server that got an answer from the network (not from the service worker), from the
 * page or the worker, from now on.
 */
function networkAnswers(context: BrowserContext): () => Promise<string[]> {
  const finished: Request[] = [];
  context.on('requestfinished', (request) => finished.push(request));
  return async () => {
    const fromNetwork: string[] = [];
    for (const request of finished) {
      const response = await request.response();
      if (request.url().startsWith(baseUrl()) && response && !response.fromServiceWorker()) {
        fromNetwork.push(request.url());
      }
    }
    return fromNetwork;
  };
}

async function saveCatalogue(page: Page): Promise<string> {
  await page.goto('/hire');
  await page.getByRole('main').getByRole('button', { name: 'Save catalogue for offline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save catalogue for offline' });
  await expect.poll(() => dialog.getByText(/^About [\d.]+ MB \(\d+ items, \d+ photos\)$/).isVisible()).toBe(true);
  await dialog.getByRole('button', { name: 'Save catalogue', exact: true }).click();
  await dialog.getByRole('progressbar', { name: 'Saving the catalogue' }).waitFor();
  const result = dialog.getByText(/^Saved \d+ files \([\d.]+ MB\)\. The store now uses [\d.]+ MB on this device\.$/);
  await result.waitFor({ timeout: 120_000 });
  return (await result.textContent()) ?? '';
}

describe('offline at a venue', () => {
  it('renders every kind of page seen once with the network cut, under the offline banner', async () => {
    const { context, page } = await newPage(browser());
    const urn = await findItem('Natural Urn');
    // Vases by name and description, and the items of Pots & Vases (search reads category names).
    const vases = (await (await page.request.get('/api/boomerang/items?query=vase&per_page=1')).json()).meta
      .total_items as number;
    expect(vases).toBeGreaterThan(4);
    const paths: [string, (page: Page) => Promise<unknown>][] = [
      ['/', () => expect.poll(() => heading(page)).toBe('Tan & Tassel: event styling & prop hire in Sydney')],
      ['/hire/pots_vases', () => expect.poll(() => heading(page)).toBe('Pots & Vases')],
      [
        `/hire/pots_vases?type=product-group&id=${urn.id}`,
        () => expect.poll(() => page.getByRole('dialog', { name: 'Natural Urn' }).isVisible()).toBe(true),
      ],
      [
        '/search?q=vase',
        () => expect.poll(() => page.getByText(`Found ${vases} item(s) for “vase”`).isVisible()).toBe(true),
      ],
      ['/checkout', () => expect.poll(() => heading(page)).toBe('Checkout')],
    ];
    await page.goto('/');
    await waitForWorker(page);
    for (const [path, check] of paths) {
      await page.goto(path);
      await check(page);
    }
    // The query cache persister writes at most once a second.
    await page.waitForTimeout(1500);
    expect(await page.getByText(BANNER).count()).toBe(0);

    await cutNetwork(context);
    for (const [path, check] of paths) {
      await page.goto(path);
      await check(page);
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: BANNER }).isVisible(), { timeout: 10_000 })
        .toBe(true);
    }
    // A category never opened: a friendly offline state, not a blank page or a raw error.
    await page.goto('/hire/neon_signs');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Not saved on this device' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await page.getByRole('link', { name: 'Browse saved items' }).getAttribute('href')).toBe('/hire');
    expect(await axeViolations(page)).toEqual([]);
    // A search never made, with nothing saved: one message, the true one (not a red error above it).
    await page.goto('/search?q=flamingo');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Not saved on this device' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await page.getByText('Failed to load search results. Please try again.').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('after Save for offline, browses, picks bundle items, searches and opens the moodboard with no network', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await page.goto('/hire');
    await waitForWorker(page);
    await addToCart(page, 'Natural Urn');
    const result = await saveCatalogue(page);
    const saved = Number(/Saved (\d+) files/.exec(result)?.[1]);
    expect(saved).toBeGreaterThan(300);
    // Stored once: in the saved copy, not again in the worker's own caches (the save bypasses them).
    const cachedUrls = (name: string) =>
      page.evaluate(async (cacheName) => (await (await caches.open(cacheName)).keys()).map((r) => r.url), name);
    const neverVisited = (urls: string[]) => urls.filter((url) => url.includes('metal_backdrops'));
    expect(neverVisited(await cachedUrls(CACHE_NAMES.savedCatalogue)).length).toBeGreaterThan(0);
    expect(neverVisited(await cachedUrls(CACHE_NAMES.catalogue))).toEqual([]);
    const dialog = page.getByRole('dialog', { name: 'Save catalogue for offline' });
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await cutNetwork(context);
    const reachedServer = networkAnswers(context);

    // Three categories never visited, each with its photos.
    for (const [tag, title] of [
      ['candle_holders', 'Candle Holders'],
      ['cake_stands', 'Cake Stands'],
      ['metal_backdrops', 'Metal Backdrops'],
    ]) {
      await page.goto(`/hire/${tag}`);
      await expect.poll(() => heading(page)).toBe(title);
      const photo = page.getByRole('list', { name: 'Hire items' }).locator('img').first();
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    }
    // The popup of an item never opened: its large photo was never loaded, the saved variant stands in.
    await page.getByRole('list', { name: 'Hire items' }).getByRole('heading').first().click();
    const itemPhoto = page.getByRole('dialog').locator('img').first();
    // The listing's photo shows first; the item's own photo list (saved) then swaps in its xlarge one.
    await expect.poll(() => itemPhoto.getAttribute('src'), { timeout: 10_000 }).toContain('/xlarge_');
    await expect
      .poll(() => itemPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: 10_000,
      })
      .toBe(true);
    await page.keyboard.press('Escape');

    // A bundle's pickers, with their variations.
    const bundle = await findItem('Ghost Ceremony Package');
    await page.goto(`/hire?type=bundle&id=${bundle.id}`);
    const popup = page.getByRole('dialog', { name: 'Ghost Ceremony Package' });
    const chairs = popup.getByLabel(/Ghost Chair/);
    await expect.poll(async () => (await chairs.locator('option').allTextContents()).join('|')).toMatch(/Armless/);
    await chairs.selectOption({ index: 1 });
    await popup.getByLabel(/Round Metal Arch/).selectOption({ index: 1 });
    expect(await popup.getByRole('button', { name: 'Add Bundle to Cart' }).isEnabled()).toBe(true);
    await page.keyboard.press('Escape');

    // Two searches: the suggestions and the search page, from the saved copy.
    await page.goto('/search?q=ghost%20chair');
    await expect.poll(() => page.getByText(/^Found \d+ item\(s\) for “ghost chair”$/).isVisible()).toBe(true);
    expect(
      await page.getByText('these results come from the catalogue saved on this device', { exact: false }).isVisible(),
    ).toBe(true);
    const search = page.getByRole('combobox', { name: 'Search products' });
    await search.fill('plinth');
    await expect.poll(() => page.getByRole('option').count()).toBeGreaterThan(0);
    expect(await page.getByText('From the catalogue saved on this device', { exact: true }).isVisible()).toBe(true);

    // The moodboard of the cart.
    const drawer = await openCart(page);
    await drawer.getByRole('button', { name: 'Create Moodboard' }).click();
    const board = page.getByRole('dialog', { name: 'Your Moodboard' });
    await board.locator('.moodboard-card').first().waitFor({ timeout: 20_000 });
    const cards = board.locator('.moodboard-card img');
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.evaluateAll((images) => images.every((i) => (i as HTMLImageElement).naturalWidth > 0))).toBe(
      true,
    );

    expect(await reachedServer()).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('cancels a save, reports a full device, and removes a saved copy', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/hire');
    await waitForWorker(page);
    const main = page.getByRole('main');
    const dialog = page.getByRole('dialog', { name: 'Save catalogue for offline' });
    const savedCacheExists = () => page.evaluate((name) => caches.has(name), CACHE_NAMES.savedCatalogue);

    // Cancel part-way: nothing is left behind and nothing claims to be saved.
    await main.getByRole('button', { name: 'Save catalogue for offline' }).click();
    await dialog.getByRole('button', { name: 'Save catalogue', exact: true }).click();
    await expect.poll(() => main.getByRole('button', { name: /^Saving catalogue… \d+%$/ }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByText('Saving cancelled.', { exact: true }).waitFor();
    expect(await savedCacheExists()).toBe(false);
    expect(await dialog.getByText('None yet').isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // A device that fills up after 20 files: said so, in the dialog.
    await page.evaluate(() => {
      const put = Cache.prototype.put;
      let calls = 0;
      (window as unknown as { restorePut: () => void }).restorePut = () => {
        Cache.prototype.put = put;
      };
      Cache.prototype.put = function (...args) {
        calls += 1;
        return calls > 20 ? Promise.reject(new DOMException('Full', 'QuotaExceededError')) : put.apply(this, args);
      };
    });
    await dialog.getByRole('button', { name: 'Save catalogue', exact: true }).click();
    const full = dialog.getByRole('alert');
    await full.waitFor();
    expect(await full.textContent()).toMatch(
      /^There is not enough storage on this device: \d+ of \d+ files were saved\. Free some space and try again\.$/,
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() => (window as unknown as { restorePut: () => void }).restorePut());

    // A full save, then Remove: the copy goes and the button says so.
    await dialog.getByRole('button', { name: 'Save catalogue', exact: true }).click();
    await dialog.getByText(/^Saved \d+ files/).waitFor({ timeout: 120_000 });
    expect(await main.getByRole('button', { name: 'Catalogue saved for offline' }).isVisible()).toBe(true);
    // The saved copy says when it was made, as the shopper's clock reads it, and what it holds
    // (its day: today's, or yesterday's for a save that began before midnight).
    const days = await page.evaluate(() => {
      const day = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium' });
      return [day.format(new Date()), day.format(new Date(Date.now() - 10 * 60_000))];
    });
    const copy = dialog.getByText(/^\d{1,2} \w{3} \d{4}, \d{1,2}:\d{2}\s?[ap]m: \d+ files, [\d.]+ [KM]B$/i);
    expect(days).toContain((await copy.textContent())?.split(',')[0]);
    await dialog.getByRole('button', { name: 'Remove saved catalogue' }).click();
    await dialog.getByText('None yet').waitFor();
    expect(await savedCacheExists()).toBe(false);
    expect(await dialog.getByRole('button', { name: 'Save catalogue', exact: true }).isVisible()).toBe(true);
    expect(await main.getByRole('button', { name: 'Save catalogue for offline' }).isVisible()).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});

describe('what a page load asks the server', () => {
  it('asks for the offline size only when the save dialog opens, and probes connectivity with /api/health', async () => {
    const { context, page } = await newPage(browser());
    const asked: string[] = [];
    context.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto('/');
    await waitForWorker(page);
    await page.goto('/hire');
    await page.getByRole('main').getByRole('button', { name: 'Save catalogue for offline' }).waitFor();
    // The start-up check (2 s after start) has gone out by the time the probe is seen.
    await expect.poll(() => asked.filter((p) => p === '/api/health').length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(asked.filter((p) => p === '/api/offline-size')).toEqual([]);
    await page.getByRole('main').getByRole('button', { name: 'Save catalogue for offline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save catalogue for offline' });
    await expect.poll(() => dialog.getByText(/^About [\d.]+ MB/).isVisible()).toBe(true);
    expect(asked.filter((p) => p === '/api/offline-size').length).toBeGreaterThan(0);
    await context.close();
  });
});
