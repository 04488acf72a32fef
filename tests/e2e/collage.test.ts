import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, holdRequests, hydration, newPage, newTouchPage, pageErrors, sharedBrowser } from './browser';

/** The home collage (issue 10), against the built app and the real server. */
const browser = sharedBrowser();

/** Waits for the collage to render, then for its loading overlay to leave. */
async function collageReady(page: Page) {
  await page.locator('.collage').waitFor();
  await expect
    .poll(() => page.getByRole('progressbar', { name: 'Loading Treasures' }).count(), { timeout: 15_000 })
    .toBe(0);
}

const SPEC_LINKS = [
  '/hire/tableware',
  '/hire/ghost_range',
  '/hire/servingware',
  '/search?q=silver+mirror+plinth',
  '/search?q=silver%20goblet%20cups',
  '/search?q=natural%20urn%20large',
  '/search?q=natural%20scallop%20clam%20bowl',
  '/search?q=seashell%20glass',
  '/hire/pots_vases',
  '/hire/trays',
];

/** The collage's photos (large variant URLs) as the shop's settings list them. */
async function collagePhotos(page: Page): Promise<string[]> {
  const body = (await (await page.request.get('/api/business')).json()) as { data: { collage: { url: string }[] } };
  return body.data.collage.map((entry) => entry.url);
}

describe('home collage', () => {
  it('shows Loading Treasures with its progress, then 11 images and the 10 spec links', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    // Hold the photos until the overlay has been seen counting (the page's load waits for them too).
    const photos = new Set((await collagePhotos(page)).map((url) => url.replace(/\/(small|large|xlarge)_/, '/')));
    const release = await holdRequests(context, (url) =>
      photos.has(url.pathname.replace(/\/(small|large|xlarge)_/, '/')),
    );
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await hydration(page);
    const overlay = page.getByRole('progressbar', { name: 'Loading Treasures' });
    await expect.poll(() => overlay.isVisible()).toBe(true);
    expect(Number(await overlay.getAttribute('aria-valuenow'))).toBeLessThan(100);
    release();
    await expect.poll(() => overlay.count(), { timeout: 15_000 }).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.locator('.collage__item img:not([width="56"])').count()).toBe(11);
    const links = await page
      .locator('a.collage__item')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(links).toEqual(SPEC_LINKS);
    expect(await page.locator('[data-collage-id="logo"]').evaluate((element) => element.tagName)).toBe('DIV');
    const eager = await page
      .locator('.collage__item > img')
      .evaluateAll((images) => images.map((image) => image.getAttribute('loading')));
    expect(eager.slice(0, 5)).toEqual(Array(5).fill('eager'));
    expect(await page.locator('[data-collage-id="logo"] > img').getAttribute('fetchpriority')).toBe('high');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('lets the overlay leave when an image fails, logging "Failed to load image"', async () => {
    const { context, page } = await newPage(browser());
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // On the context, so requests the service worker makes are caught too.
    // The third photo (Servingware) in every size.
    const third = ((await collagePhotos(page))[2] as string).replace(/.*\/large_/, '');
    await context.route(
      (url) => url.pathname.endsWith(third),
      (route) => route.fulfill({ status: 404, body: '' }),
    );
    await page.goto('/');
    await expect.poll(() => errors.some((text) => text.includes('Failed to load image'))).toBe(true);
    await collageReady(page);
    await context.close();
  });

  it('follows a photo to its search, and the search finds the item', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await page.goto('/');
    await collageReady(page);
    await page.getByRole('link', { name: 'Silver Mirror Plinth' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/search');
    await page.getByText(/Found \d+ item\(s\) for “silver mirror plinth”/).waitFor();
    expect(await page.getByRole('heading', { name: 'Silver Mirror Plinth' }).isVisible()).toBe(true);
    await page.goBack();
    await page.getByRole('link', { name: 'Trays' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/hire/trays');
    await context.close();
  });

  it.each([
    [390, 'mobile'],
    [768, 'smallTablet'],
    [1024, 'tablet'],
    [1440, 'desktop'],
  ])('uses the %i px layout (%s) with every image inside the page width', async (width, variant) => {
    const { context, page } = await newPage(browser(), { width, height: 900 });
    await page.goto('/');
    const collage = page.locator('.collage');
    await expect.poll(() => collage.getAttribute('data-variant')).toBe(variant);
    const outside = await page.locator('.collage__item').evaluateAll(
      (items, limit) =>
        items.filter((item) => {
          const box = item.getBoundingClientRect();
          return box.left < -1 || box.right > limit + 1;
        }).length,
      width,
    );
    expect(outside).toBe(0);
    expect(await collage.evaluate((element) => element.classList.contains('collage--mobile'))).toBe(width <= 768);
    await context.close();
  });

  it.each([390, 1440])('has no axe violations on / at %i px', async (width) => {
    const { context, page } = await newPage(browser(), { width, height: 900 });
    await page.goto('/');
    await collageReady(page);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('serves the home search preview from the header: up to 4 results, none asked for blank text, outside click closes', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/boomerang/items?query')) searches.push(request.url());
    });
    await page.goto('/');
    await collageReady(page);
    const box = page.getByRole('search', { name: 'Site search' }).getByRole('combobox');
    await box.fill('   ');
    await page.waitForTimeout(900);
    expect(searches).toEqual([]);
    await box.fill('  plinth ');
    const options = page.getByRole('listbox').getByRole('option');
    await expect.poll(() => options.count()).toBe(4);
    expect(searches.at(-1)).toMatch(/query=plinth&page=1&per_page=4/);
    await page.mouse.click(20, 500);
    await expect.poll(() => page.getByRole('listbox').isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });
});

describe('the collage’s look (issue 23)', () => {
  it('keeps its tools quiet: two icon buttons over its corner, named, with a tooltip, taking no row of their own', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await page.goto('/');
    await collageReady(page);
    const header = await page.locator('header.site-header').boundingBox();
    const collage = await page.locator('.collage').boundingBox();
    expect(collage && header && collage.y - (header.y + header.height)).toBeLessThanOrEqual(1);
    for (const name of ['Arrange', 'Reset layout']) {
      const box = await page.getByRole('button', { name, exact: true }).boundingBox();
      expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([44, 44]);
      expect(box && collage && box.y >= collage.y && box.x + box.width <= collage.x + collage.width).toBe(true);
    }
    const arrange = page.getByRole('button', { name: 'Arrange', exact: true });
    await arrange.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => arrange.evaluate((button) => getComputedStyle(button, '::after').opacity)).toBe('1');
    expect(await arrange.evaluate((button) => getComputedStyle(button, '::after').content)).toBe(
      '"Arrange the photos"',
    );
    await context.close();
  });

  it('names every photo on a touch screen, inside its print, and leaves out the 6 px logo line', async () => {
    const { context, page } = await newTouchPage(browser());
    await page.goto('/');
    await collageReady(page);
    const labels = await page.locator('a.collage__item').evaluateAll((items) =>
      items.map((item) => {
        const label = item.querySelector('.collage__label') as HTMLElement;
        const box = item.getBoundingClientRect();
        const text = label.getBoundingClientRect();
        const inside =
          text.left >= box.left - 1 &&
          text.right <= box.right + 1 &&
          text.top >= box.top - 1 &&
          text.bottom <= box.bottom + 1;
        return { name: label.textContent, shown: getComputedStyle(label).opacity === '1', inside };
      }),
    );
    expect(labels).toHaveLength(10);
    for (const label of labels) expect(label, label.name ?? '').toMatchObject({ shown: true, inside: true });
    expect(await page.locator('.collage__logo small').isVisible()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
