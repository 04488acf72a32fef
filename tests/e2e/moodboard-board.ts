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
  return { name: file.suggestedFilename(), width: info.width, height: info.height, colours: colours.size };
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
