import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  addToCart,
  axeViolations,
  findItem,
  newPage,
  newTouchPage,
  openCart,
  pageAtWidth,
  sharedBrowser,
} from './browser';
import { fillCart, openBoard } from './moodboard-board';

/** Issue 23 (#7): toasts on phones, one at a time and clear of the controls around them. */
const browser = sharedBrowser();

/** The visible toasts' texts. */
const visibleToasts = (page: Page) =>
  page
    .locator('.toast')
    .evaluateAll((toasts) =>
      toasts.filter((toast) => toast.checkVisibility()).map((toast) => toast.querySelector('span')?.textContent ?? ''),
    );

/**
 * The controls the visible toast overlaps: in an open dialog, any of its controls; on a page, those that
 * stay put on screen (the header's search and menu, the cart button), as a page's content scrolls
 * from under a toast.
 */
const coveredControls = (page: Page) =>
  page.evaluate(() => {
    const toast = [...document.querySelectorAll<HTMLElement>('.toast')].find((element) => element.checkVisibility());
    if (!toast) throw new Error('No toast on screen');
    const box = toast.getBoundingClientRect();
    const dialog = [...document.querySelectorAll('dialog[open]')].at(-1);
    const controls = (dialog ?? document.body).querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, [role="button"]',
    );
    const staysPut = (element: HTMLElement | null): boolean =>
      element !== null &&
      (['fixed', 'sticky'].includes(getComputedStyle(element).position) || staysPut(element.parentElement));
    return [...controls]
      .filter((control) => !control.closest('.toaster') && control.checkVisibility())
      .filter((control) => dialog !== undefined || staysPut(control))
      .filter((control) => {
        const other = control.getBoundingClientRect();
        if (other.width === 0 || other.height === 0) return false;
        return other.left < box.right && other.right > box.left && other.top < box.bottom && other.bottom > box.top;
      })
      .map((control) => control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName);
  });

/** Whether the visible toast overlaps the open dialog's title (a dialog's name stays readable). */
const coversTitle = (page: Page) =>
  page.evaluate(() => {
    const toast = [...document.querySelectorAll<HTMLElement>('.toast')].find((element) => element.checkVisibility());
    const title = [...document.querySelectorAll('dialog[open]')].at(-1)?.querySelector('h2');
    if (!toast || !title) throw new Error('No toast, or no dialog title, on screen');
    const a = toast.getBoundingClientRect();
    const b = title.getBoundingClientRect();
    return a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
  });

/** A share link of the four-line board, read without the clipboard. */
async function boardLink(): Promise<string> {
  const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
  await fillCart(page);
  await openBoard(page);
  const link = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        navigator.clipboard.writeText = async (text: string) => resolve(text);
        (document.querySelector('.moodboard-toolbar button:nth-child(2)') as HTMLButtonElement).click();
      }),
  );
  await context.close();
  return link;
}

describe('toasts on a phone', () => {
  it("adding a shared board's four items shows one toast that says so, over no control", async () => {
    const link = await boardLink();
    const { context, page } = await newTouchPage(browser());
    await page.goto(link);
    await page.getByRole('dialog', { name: 'Your Moodboard' }).locator('.moodboard-card').first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add these items to cart' }).click();
    await page.getByText('4 items were added to your cart.').waitFor();
    await expect.poll(() => visibleToasts(page)).toEqual(['4 items have been added to your cart.']);
    expect(await coveredControls(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('the added toast stays clear of the search box, then of the open drawer’s controls', async () => {
    const { context, page } = await newTouchPage(browser());
    await addToCart(page, 'Neon Heart', { variation: 'White' });
    await expect.poll(() => visibleToasts(page)).toEqual(['Neon Heart - White has been added to your cart.']);
    expect(await coveredControls(page)).toEqual([]);
    await openCart(page);
    await expect.poll(() => visibleToasts(page)).toEqual(['Neon Heart - White has been added to your cart.']);
    expect(await coveredControls(page)).toEqual([]);
    await context.close();
  });
});

describe.each([390, 1440])('toasts in dialogs at %i px', (width) => {
  it('cover neither the title nor a control of the popup, the cart drawer or the moodboard', async () => {
    const { context, page } = await pageAtWidth(browser(), width);
    const text = 'Neon Heart - White has been added to your cart.';
    // The shopper's clock runs until the toast is up, then stands still: the toast stays while the
    // drawer and the moodboard open, however busy the machine.
    await page.clock.install();
    const item = await findItem('Neon Heart');
    await page.goto(`/hire?type=${item.type}&id=${item.id}`);
    const popup = page.getByRole('dialog', { name: 'Neon Heart' });
    await popup.getByRole('radio', { name: 'White' }).check();
    await popup.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => visibleToasts(page)).toEqual([text]);
    await page.clock.pauseAt(Date.now() + 1000);
    expect(await coveredControls(page)).toEqual([]);
    expect(await coversTitle(page)).toBe(false);

    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'hidden' });
    const drawer = await openCart(page);
    await expect.poll(() => visibleToasts(page)).toEqual([text]);
    expect(await coveredControls(page)).toEqual([]);
    expect(await coversTitle(page)).toBe(false);

    await drawer.getByRole('button', { name: 'Create Moodboard' }).click();
    const board = page.getByRole('dialog', { name: /Moodboard/ });
    // The board's own timers run, a twentieth of a second at a time, only until its toolbar is up.
    const download = board.getByRole('button', { name: 'Download' });
    const boardReady = async () => {
      if (await download.isVisible()) return true;
      await page.clock.runFor(50);
      return false;
    };
    await expect.poll(boardReady, { timeout: 30_000 }).toBe(true);
    await expect.poll(() => visibleToasts(page)).toEqual([text]);
    expect(await coveredControls(page)).toEqual([]);
    expect(await coversTitle(page)).toBe(false);
    await context.close();
  });
});
