import { describe, expect, it } from 'vitest';
import { newPage, sharedBrowser } from './browser';

const browser = sharedBrowser();

describe('offline', () => {
  it('serves the app shell and a listing already seen with no network', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/hire/ghost_range');
    await page.getByRole('heading', { name: 'Ghost Chair' }).waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    // On this first visit the worker took control after the photos loaded: it is handed them then.
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open('photos-v1')).keys()).length), {
        timeout: 10_000,
      })
      .toBeGreaterThan(10);
    // Let the persister write the query cache to IndexedDB (it throttles writes by 1 s).
    await page.waitForTimeout(1500);

    // setOffline alone does not cut the service worker's requests: abort every request as well.
    await context.route('**/*', (route) => route.abort('internetdisconnected'));
    await context.setOffline(true);

    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Ghost Range');
    await expect.poll(() => page.getByRole('heading', { name: 'Ghost Chair' }).isVisible()).toBe(true);
    // The photos seen before come from the service worker's cache.
    const firstPhoto = page.getByRole('list', { name: 'Hire items' }).locator('img').first();
    await expect
      .poll(() => firstPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: 15_000,
      })
      .toBe(true);
    await page.goto('/terms');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Terms & Conditions of Hire');
    await context.close();
  });
});
