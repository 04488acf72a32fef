import { describe, expect, it } from 'vitest';
import { newPage, sharedBrowser } from './browser';

const browser = sharedBrowser();

describe('catalogue revalidation', () => {
  it("revalidates the worker's copy of a listing with its ETag: a 304 from the server, the full answer on the page", async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/hire/ghost_range');
    await page.getByRole('heading', { name: 'Ghost Chair' }).waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 })
      .toBe(true);
    // The worker stores what the first visit loaded before it took control.
    const cached = async () =>
      page.evaluate(async () => {
        const cache = await caches.open('catalogue-api-v1');
        for (const request of await cache.keys()) {
          if (request.url.includes('tag=ghost_range')) {
            return { url: request.url, etag: (await cache.match(request))?.headers.get('etag') ?? '' };
          }
        }
        return null;
      });
    await expect.poll(cached, { timeout: 15_000 }).not.toBeNull();
    const copy = (await cached()) as { url: string; etag: string };
    expect(copy.etag).toMatch(/^W\/".+"$/);

    // Without the browser's HTTP cache, only the worker's copy can make the request conditional.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    const seen: { ifNoneMatch?: string; status: number }[] = [];
    await context.route('**/api/boomerang/items?*', async (route) => {
      const response = await route.fetch();
      seen.push({ ifNoneMatch: route.request().headers()['if-none-match'], status: response.status() });
      await route.fulfill({ response });
    });

    const answer = await page.evaluate(async (url) => {
      const response = await fetch(url);
      const body = await response.json();
      return { status: response.status, items: body.data.length as number, total: body.meta.total_items as number };
    }, copy.url);
    expect(seen).toEqual([{ ifNoneMatch: copy.etag, status: 304 }]);
    expect(answer.status).toBe(200);
    expect(answer.items).toBeGreaterThan(0);
    expect(answer.total).toBeGreaterThanOrEqual(answer.items);
    await context.close();
  });
});
