import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, newPage, newTouchPage, pageAtWidth, sharedBrowser } from './browser';
import { pinchOut } from './gestures';

/** Arrange mode of the home collage (issue 10): drag, corner resize, pinch, keyboard, reset. */
const browser = sharedBrowser();
const open = (width: number) => pageAtWidth(browser(), width);

async function arrange(page: Page) {
  await page.goto('/');
  await page.locator('.collage').waitFor();
  await expect.poll(() => page.getByRole('progressbar').count(), { timeout: 15_000 }).toBe(0);
  await page.getByRole('button', { name: 'Arrange' }).click();
  // A toggle button keeps its name and says its state with aria-pressed (WAI-ARIA button pattern).
  await expect
    .poll(() => page.getByRole('button', { name: 'Arrange', exact: true }).getAttribute('aria-pressed'))
    .toBe('true');
  expect(await page.getByRole('button', { name: /arranging/i }).count()).toBe(0);
  // The gesture code arrives as its own chunk, and binds to the board.
  await page.locator('.collage[data-gestures="ready"]').waitFor();
  expect(await gestureCodeAskedFor(page)).toBe(true);
}

const gestureCodeAskedFor = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('arrange-gestures')));

/** A photo's box relative to the collage (so page scrolling does not count). */
const boxOf = (page: Page, id: string) =>
  page.locator(`[data-collage-id="${id}"]`).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const board = (element.closest('.collage') as HTMLElement).getBoundingClientRect();
    return { x: box.x - board.x, y: box.y - board.y, width: box.width, height: box.height };
  });
/** Where a photo is on screen now, for pointer input. */
const screenBox = (page: Page, id: string) =>
  page.locator(`[data-collage-id="${id}"]`).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { x: box.x, y: box.y, width: box.width, height: box.height };
  });

describe('arranging the collage', () => {
  it('asks for the gesture code only when arranging starts, never while the page starts', async () => {
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    await page.goto('/');
    await expect.poll(() => page.getByRole('progressbar').count(), { timeout: 15_000 }).toBe(0);
    // The page's own work after hydration is done (the dialogs came at an idle moment), and the
    // browser has been idle once more since.
    await page.locator('html[data-overlays]').waitFor({ state: 'attached' });
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
    expect(await gestureCodeAskedFor(page)).toBe(false);
    await page.getByRole('button', { name: 'Arrange' }).click();
    await page.locator('.collage[data-gestures="ready"]').waitFor();
    expect(await gestureCodeAskedFor(page)).toBe(true);
    await context.close();
  });

  it('moves a photo by dragging, and the click of the drag does not follow the link', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await arrange(page);
    expect(await page.locator('.collage-tools__hint').innerText()).toContain('drag its corner to resize');
    const before = await boxOf(page, 'tableware');
    const start = await screenBox(page, 'tableware');
    await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) {
      await page.mouse.move(start.x + start.width / 2 + step * 12, start.y + start.height / 2 + step * 6);
    }
    await page.mouse.up();
    // The photo follows the pointer's 120 x 60 px, less the few pixels that tell a drag from a tap.
    await expect.poll(async () => (await boxOf(page, 'tableware')).x - before.x).toBeGreaterThan(100);
    const moved = await boxOf(page, 'tableware');
    expect(moved.x - before.x).toBeLessThanOrEqual(121);
    expect(moved.y - before.y).toBeGreaterThan(45);
    expect(moved.width).toBeCloseTo(before.width, 0);
    expect(new URL(page.url()).pathname).toBe('/');
    // A plain click in arrange mode picks the photo up but does not navigate either.
    await page.locator('[data-collage-id="trays"]').click();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('resizes by the corner handle, keeping the aspect ratio', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await arrange(page);
    const before = await screenBox(page, 'ghost-range');
    const handle = page.locator('[data-collage-id="ghost-range"] [data-arrange-handle]');
    const grip = await handle.boundingBox();
    if (!grip) throw new Error('no handle');
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++)
      await page.mouse.move(grip.x + grip.width / 2 + step * 10, grip.y + grip.height / 2 + step * 4);
    await page.mouse.up();
    await expect.poll(async () => (await screenBox(page, 'ghost-range')).width).toBeGreaterThan(before.width * 1.2);
    const after = await screenBox(page, 'ghost-range');
    expect(after.width / after.height).toBeCloseTo(before.width / before.height, 2);
    await context.close();
  });

  it('resizes with a two-finger pinch, keeping the aspect ratio', async () => {
    const { context, page } = await newTouchPage(browser());
    await arrange(page);
    // No corner handle on a touch screen, so the hint speaks of pinching only.
    const hint = await page.locator('.collage-tools__hint').innerText();
    expect(hint).toContain('pinch with two fingers to resize');
    expect(hint).not.toContain('corner');
    const before = await screenBox(page, 'servingware');
    const cx = before.x + before.width / 2;
    const cy = before.y + before.height / 2;
    await pinchOut(context, page, cx, cy);
    await expect.poll(async () => (await screenBox(page, 'servingware')).width).toBeGreaterThan(before.width * 1.5);
    const after = await screenBox(page, 'servingware');
    expect(after.width / after.height).toBeCloseTo(before.width / before.height, 2);
    await context.close();
  });

  it('moves with the arrow keys, resizes with + and -, leaves with Escape, and Reset restores', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await arrange(page);
    const link = page.getByRole('link', { name: 'Natural Urn' });
    const before = await boxOf(page, 'natural-urn');
    await link.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Shift+ArrowUp');
    await expect.poll(async () => Math.round((await boxOf(page, 'natural-urn')).x - before.x)).toBeLessThan(0);
    expect((await boxOf(page, 'natural-urn')).y).toBeLessThan(before.y);
    await page.keyboard.press('+');
    await expect.poll(async () => (await boxOf(page, 'natural-urn')).width).toBeGreaterThan(before.width * 1.05);
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    await expect.poll(async () => (await boxOf(page, 'natural-urn')).width).toBeLessThan(before.width);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('button', { name: 'Arrange' }).getAttribute('aria-pressed')).toBe('false');
    await page.getByRole('button', { name: 'Reset layout' }).click();
    await page.mouse.move(0, 0);
    // To a hundredth of a pixel: the board moves up as the hint above it goes, and sub-pixel layout
    // can place it a few millionths of a pixel differently.
    const hundredths = (box: Record<string, number>) =>
      Object.fromEntries(Object.entries(box).map(([key, value]) => [key, Math.round(value * 100) / 100]));
    await expect.poll(async () => hundredths(await boxOf(page, 'natural-urn'))).toEqual(hundredths(before));
    expect(await page.getByRole('button', { name: 'Reset layout' }).isDisabled()).toBe(true);
    await context.close();
  });

  it.each([390, 1440])('has no axe violations in arrange mode at %i px', async (width) => {
    const { context, page } = await newPage(browser(), { width, height: 900 });
    await arrange(page);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

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

describe.each([390, 1440])('the Arrange hint at %i px', (width) => {
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
});
