import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { addToCart, openCart } from './browser';

/** What the moodboard tests share: a cart to board, the board's card boxes, drags and downloads. */

/** Three products and a bundle with two choices: 3 + 1 + 2 photos. */
export const LINES = ['Tiffany Chair - Gold', 'Neon Heart - Pink', 'Velvet Armchair - Navy', 'Champagne Tower'];
export const CARDS = 6;

export async function fillCart(page: Page) {
  await addToCart(page, 'Tiffany Chair', { variation: 'Gold' });
  await addToCart(page, 'Neon Heart', { variation: 'Pink' });
  await addToCart(page, 'Velvet Armchair', { variation: 'Navy' });
  await addToCart(page, 'Champagne Tower');
}

export async function openBoard(page: Page) {
  const drawer = await openCart(page);
  await drawer.getByRole('button', { name: 'Create Moodboard' }).click();
  const board = page.getByRole('dialog', { name: 'Your Moodboard' });
  await board.locator('.moodboard-card').first().waitFor({ timeout: 20_000 });
  // The gesture code arrives on its own: drags count once it is bound.
  await board.locator('.moodboard-board[data-gestures="ready"]').waitFor({ timeout: 20_000 });
  return board;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  z: number;
}

/** Every card's box relative to the board, by its label, with its stacking order. */
export const cardBoxes = (page: Page) =>
  page.locator('.moodboard-board').evaluate((board) => {
    const origin = board.getBoundingClientRect();
    return Object.fromEntries(
      [...board.querySelectorAll<HTMLElement>('.moodboard-card')].map((card) => {
        const box = card.getBoundingClientRect();
        return [
          card.textContent ?? '',
          {
            x: Math.round(box.x - origin.x),
            y: Math.round(box.y - origin.y),
            width: Math.round(box.width),
            height: Math.round(box.height),
            z: Number(card.style.zIndex),
          },
        ];
      }),
    ) as Record<string, Box>;
  });

export const pick = (boxes: Record<string, Box>, label: string): Box => {
  const box = boxes[label];
  if (!box) throw new Error(`No card labelled ${label} among ${Object.keys(boxes).join(', ')}`);
  return box;
};
export const nth = (boxes: Box[], index: number): Box => {
  const box = boxes[index];
  if (!box) throw new Error(`No card ${index}`);
  return box;
};

/** Drags the card labelled `label` by (dx, dy) with the mouse. */
export async function dragCard(page: Page, label: string, dx: number, dy: number) {
  const card = page.locator('.moodboard-card', { hasText: label });
  const box = await card.boundingBox();
  if (!box) throw new Error(`No card ${label}`);
  // The top-left corner of a card is not covered by the cards stacked after it.
  const x = box.x + 8;
  const y = box.y + 8;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++) await page.mouse.move(x + (dx * step) / 8, y + (dy * step) / 8);
  await page.mouse.up();
}

/** Saves the next download and returns its name and image size, and how many colours it holds. */
export async function download(page: Page) {
  const next = page.waitForEvent('download', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Download' }).click();
  const file = await next;
  const path = await file.path();
  const { data, info } = await sharp(path).raw().toBuffer({ resolveWithObject: true });
  const colours = new Set<number>();
  for (let i = 0; i < data.length; i += info.channels * 7) colours.add(data.readUIntBE(i, 3));
  return { name: file.suggestedFilename(), path, width: info.width, height: info.height, colours: colours.size };
}

/** The pairs of cards (by their boxes' order) that cover part of each other. */
export function overlaps(boxes: Box[]): [number, number][] {
  const found: [number, number][] = [];
  boxes.forEach((a, i) => {
    boxes.slice(i + 1).forEach((b, j) => {
      const apart =
        a.x + a.width <= b.x + 1 || b.x + b.width <= a.x + 1 || a.y + a.height <= b.y + 1 || b.y + b.height <= a.y + 1;
      if (!apart) found.push([i, i + 1 + j]);
    });
  });
  return found;
}

/**
 * How far a downloaded picture is from a screenshot of the same board: both brought down to a tenth
 * of the board's size (where what is where counts, not a pixel's rounding or a glyph's edge), then the
 * mean difference of every colour channel (0 to 255): about 1 for the same board.
 */
export async function meanDifference(picture: string, screenshot: Buffer): Promise<number> {
  const { width = 0, height = 0 } = await sharp(screenshot).metadata();
  const small = { width: Math.round(width / 10), height: Math.round(height / 10), fit: 'fill' as const };
  const read = (input: string | Buffer) =>
    sharp(input).flatten({ background: '#c8a27c' }).resize(small).removeAlpha().raw().toBuffer();
  const [drawn, shown] = await Promise.all([read(picture), read(screenshot)]);
  let total = 0;
  for (let i = 0; i < drawn.length; i++) total += Math.abs((drawn[i] ?? 0) - (shown[i] ?? 0));
  return total / drawn.length;
}

/** Whether every part of the board's logo (mark, name, tagline) lies inside its cream pill. */
export function logoFitsPill(page: Page): Promise<boolean> {
  return page.locator('.moodboard-board__logo').evaluate((pill) => {
    const box = pill.getBoundingClientRect();
    return [...pill.querySelectorAll('img, span, small')].every((part) => {
      const inner = part.getBoundingClientRect();
      return inner.left >= box.left - 0.5 && inner.right <= box.right + 0.5;
    });
  });
}

/** The sizes of the toolbar, the board and the Download button, in whole pixels. */
export function boardSizes(page: Page) {
  return page.evaluate(() => {
    const size = (selector: string) => {
      const box = document.querySelector(selector)?.getBoundingClientRect();
      return box ? [Math.round(box.width), Math.round(box.height)] : null;
    };
    return {
      toolbar: size('.moodboard-toolbar'),
      board: size('.moodboard-board'),
      button: size('.moodboard-download'),
    };
  });
}
