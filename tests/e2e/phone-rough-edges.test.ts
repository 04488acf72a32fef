import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addToCart, pageAtWidth, sharedBrowser, waitForWorker } from './browser';

const browser = sharedBrowser();

const open = (width: number) => pageAtWidth(browser(), width);

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of the collage's photos in the first screen. */
const photoBoxes = (page: Page) =>
  page.locator('.collage img').evaluateAll((images) =>
    images
      .map((image) => {
        const box = image.getBoundingClientRect();
        return { x: box.x, y: box.y, width: box.width, height: box.height };
      })
      .filter((box) => box.y < window.innerHeight && box.width > 0),
  );

describe.each([390, 1440])('rough edges at %i px', (width) => {
  const phone = width < 600;

  it('the Arrange hint covers no photo, and the top photos take a touch or a click', async () => {
    const { context, page } = await open(width);
    await page.goto('/');
    await expect.poll(() => page.getByRole('progressbar').count(), { timeout: 15_000 }).toBe(0);
    const arrange = page.getByRole('button', { name: 'Arrange' });
    if (phone) await arrange.tap();
    else await arrange.click();
    const hint = page.locator('.collage-tools__hint');
    await expect.poll(() => hint.isVisible()).toBe(true);
    const hintBox = (await hint.boundingBox()) as Box;
    const photos = await photoBoxes(page);
    expect(photos.length).toBeGreaterThan(2);
    for (const photo of photos) expect(overlap(hintBox, photo)).toBe(false);
    // The two highest photos answer at their own centres, not the hint.
    const top = [...photos].sort((a, b) => a.y - b.y).slice(0, 2);
    for (const photo of top) {
      const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('.collage') !== null, {
        x: photo.x + photo.width / 2,
        y: photo.y + photo.height / 2,
      });
      expect(hit).toBe(true);
    }
    await context.close();
  });

  it('says nothing of working offline on a first visit', async () => {
    const { context, page } = await open(width);
    await page.goto('/hire');
    await waitForWorker(page);
    // The worker controls the page: the old notice came with its install, before this.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.getByText(/work offline/i).count()).toBe(0);
    await context.close();
  });

  it("lists search suggestions across the screen's width, a name on a line or two", async () => {
    const { context, page } = await open(width);
    await page.goto('/hire');
    await page.getByRole('banner').getByRole('combobox', { name: 'Search products' }).fill('silver mirror');
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await expect.poll(() => list.getByRole('option').count()).toBeGreaterThan(0);
    const box = (await page.locator('.header-search__popup').boundingBox()) as Box;
    expect(box.width).toBeGreaterThanOrEqual(phone ? width - 2 * 16 - 1 : 420);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    const lineHeights = await list
      .locator('.suggestion__name')
      .evaluateAll((names) =>
        names.map((name) => name.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(name).lineHeight)),
      );
    for (const lines of lineHeights) expect(Math.round(lines)).toBeLessThanOrEqual(2);
    await context.close();
  });

  it('"Link copied" leaves the moodboard where it was', async () => {
    const { context, page } = await open(width);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await addToCart(page, 'Natural Urn');
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    await page.getByRole('button', { name: 'Create Moodboard' }).click();
    const board = page.locator('.moodboard-board');
    await board.locator('.moodboard-card').first().waitFor();
    const before = (await board.boundingBox()) as Box;
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied. Anyone with it sees this board.').waitFor();
    expect((await board.boundingBox())?.y).toBe(before.y);
    await context.close();
  });
});
