import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { holdRequests, hydration, newPage, pageErrors, sharedBrowser } from './browser';

const browser = sharedBrowser();

/** Which element the page's largest paint was. */
const largestPaint = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ photo: boolean }>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as LargestContentfulPaint;
          resolve({ photo: last.element?.tagName === 'IMG' });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );

/**
 * When the page's main photos (those marked for Element Timing) reached the screen: the last of them.
 * The largest paint may come later and be another photo of the same size, which the page does not wait for.
 */
const mainPhotosPainted = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        new PerformanceObserver((list) => {
          resolve(
            (list.getEntries() as (PerformanceEntry & { identifier: string; renderTime: number })[])
              .filter((entry) => entry.identifier === 'main-photo')
              .map((entry) => entry.renderTime),
          );
        }).observe({ type: 'element', buffered: true });
      }),
  );

/** When the browser asked for a file whose path starts with `prefix`; null when it never did. */
const requestedAt = (page: Page, prefix: string) =>
  page.evaluate(
    (prefix) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname.startsWith(prefix))
        .map((entry) => entry.startTime)
        .sort((a, b) => a - b)[0] ?? null,
    prefix,
  );

/** Each heading's box: the face's arrival must not change how many lines any of them takes. */
const headingBoxes = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('h1, h2, h3')).map((heading) => {
      const box = heading.getBoundingClientRect();
      return { text: heading.textContent, top: Math.round(box.top), height: Math.round(box.height) };
    }),
  );

describe('the first paint', () => {
  it('shows the main photo before the app’s code or the heading face is asked for', async () => {
    // A fresh browser profile per page: a page the service worker controls gets the face at once.
    for (const address of ['/hire/decor', '/']) {
      const { context, page } = await newPage(browser(), { width: 390, height: 844 });
      await page.goto(address);
      await hydration(page);
      const paint = await largestPaint(page);
      expect(paint.photo).toBe(true);
      const shown = await mainPhotosPainted(page);
      expect(shown.length).toBeGreaterThan(0);
      const photosAt = Math.max(...shown);
      const code = await requestedAt(page, '/assets/entry-client-');
      const face = await requestedAt(page, '/assets/cormorant-garamond-');
      expect(code).not.toBeNull();
      expect(face).not.toBeNull();
      expect(code).toBeGreaterThanOrEqual(photosAt);
      expect(face).toBeGreaterThanOrEqual(photosAt);
      // Once started, the face is on.
      await expect
        .poll(() => page.evaluate(() => document.fonts.check('600 1em "Cormorant Garamond"')), { timeout: 20_000 })
        .toBe(true);
      expect(pageErrors(page)).toEqual([]);
      await context.close();
    }
  });

  it('presses again, once hydrated, a button pressed before the app took over the page', async () => {
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    // The app's code is held back until the shopper has pressed the cart button.
    const release = await holdRequests(page, '**/assets/entry-client-*.js');
    await page.goto('/hire/decor', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: /^Cart, / }).click();
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    release();
    await hydration(page);
    await page.getByRole('dialog', { name: 'Your Cart' }).waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-early-click]').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  for (const width of [390, 1440]) {
    it(`keeps every heading's lines when the heading face replaces its stand-in, at ${width} px`, async () => {
      const { context, page } = await newPage(browser(), { width, height: 900 });
      // Without its start-up script the page stays on the stand-in serif until this test turns the face on.
      await page.route('**/hire/decor', async (route) => {
        const response = await route.fetch();
        const html = await response.text();
        const body = html.replace(/<script id="start-up">[\s\S]*?<\/script>/, '');
        expect(body.length).toBeLessThan(html.length);
        await route.fulfill({ response, body });
      });
      await page.goto('/hire/decor', { waitUntil: 'domcontentloaded' });
      await page.waitForLoadState('load');
      await page.evaluate(() => document.fonts.ready);
      // The stand-in's stack (fonts.css) does not name the face itself.
      const family = () => page.evaluate(() => getComputedStyle(document.querySelector('h1') as Element).fontFamily);
      expect(await family()).toMatch(/^"Cormorant Fallback"/);
      const before = await headingBoxes(page);
      expect(before.length).toBeGreaterThan(30);

      await page.evaluate(() => document.documentElement.setAttribute('data-fonts', ''));
      expect(await family()).toMatch(/^"Cormorant Garamond"/);
      await expect
        .poll(() => page.evaluate(() => document.fonts.check('600 1em "Cormorant Garamond"')), { timeout: 20_000 })
        .toBe(true);
      await page.evaluate(() => document.fonts.ready);
      const after = await headingBoxes(page);
      expect(after.map((box) => [box.text, box.height])).toEqual(before.map((box) => [box.text, box.height]));
      expect(after.map((box) => box.top)).toEqual(before.map((box) => box.top));
      await context.close();
    });
  }
});
