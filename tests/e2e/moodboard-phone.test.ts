import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addToCart, axeViolations, newPage, newTouchPage, pageAtWidth, sharedBrowser } from './browser';
import { pinchOut } from './gestures';
import { boardSizes, cardBoxes, fillCart, logoFitsPill, nth, openBoard, overlaps } from './moodboard-board';

/** The moodboard on a touch phone at 390 px: card sizes, pinch, the logo, a steady board while exporting. */
const browser = sharedBrowser();
const open = (width: number) => pageAtWidth(browser(), width);

describe('the moodboard on a phone', () => {
  it('on a phone: 300 px cards 10 px apart, two-finger pinch resizes keeping the aspect ratio, no axe violations', async () => {
    const { context, page } = await newTouchPage(browser());
    await fillCart(page);
    await page.getByRole('button', { name: /^Cart, / }).tap();
    await page.getByRole('button', { name: 'Create Moodboard' }).tap();
    await page.getByRole('dialog', { name: 'Your Moodboard' }).locator('.moodboard-card').first().waitFor();
    const stack = Object.values(await cardBoxes(page));
    expect(stack.every((box) => box.width === 300)).toBe(true);
    expect(nth(stack, 1).x - nth(stack, 0).x).toBe(10);
    expect(await axeViolations(page)).toEqual([]);
    // The logo's words stay inside its cream pill on a phone (the downloaded image shows it too).
    expect(await logoFitsPill(page)).toBe(true);
    // Nothing moves while the image is made: the toolbar and the board keep their size.
    const before = await boardSizes(page);
    const next = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Download' }).tap();
    await page.getByRole('button', { name: 'Preparing image…' }).waitFor();
    expect(await boardSizes(page)).toEqual(before);
    await next;
    // A touch screen has no corner handle: the hint says pinch, and only pinch.
    const hint = await page.locator('.moodboard-toolbar__hint').innerText();
    expect(hint).toContain('pinch to resize');
    expect(hint).not.toContain('corner');

    // Downloading spread the opening stack out, on screen too: pinch the card where it comes to rest
    // (on a loaded machine the pinch once landed where the card had been mid-flight, and missed it).
    await expect.poll(() => page.getByRole('button', { name: 'Download' }).isEnabled()).toBe(true);
    const card = page.locator('.moodboard-card').last();
    const box = await settledBox(card);
    await pinchOut(context, page, box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(async () => (await card.boundingBox())?.width ?? 0).toBeGreaterThan(box.width * 1.5);
    const after = await card.boundingBox();
    expect((after?.width ?? 0) / (after?.height ?? 1)).toBeCloseTo(box.width / box.height, 2);
    await context.close();
  });
});

type Box = { x: number; y: number; width: number; height: number };

/** An element's box once it holds still for two frames running (its springs at rest). */
async function settledBox(element: Locator): Promise<Box> {
  return element.evaluate(async (node) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const read = () => {
      const { x, y, width, height } = node.getBoundingClientRect();
      return { x, y, width, height };
    };
    let last = read();
    for (;;) {
      await frame();
      await frame();
      const now = read();
      if (JSON.stringify(now) === JSON.stringify(last)) return now;
      last = now;
    }
  });
}

describe.each([390, 1440])('sharing a moodboard at %i px', (width) => {
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

  it('spreads the stack out on a phone, every photo whole and on the board', async () => {
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    await fillCart(page);
    const board = await openBoard(page);
    expect(overlaps(Object.values(await cardBoxes(page))).length).toBeGreaterThan(0);
    await board.getByRole('button', { name: 'Spread out' }).click();
    await expect.poll(async () => overlaps(Object.values(await cardBoxes(page)))).toEqual([]);
    const size = await page.locator('.moodboard-board').boundingBox();
    for (const box of Object.values(await cardBoxes(page))) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size?.width ?? 0);
      expect(box.y + box.height).toBeLessThanOrEqual(size?.height ?? 0);
    }
    await context.close();
  });
});
