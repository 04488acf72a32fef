import { describe, expect, it } from 'vitest';
import { axeViolations, baseUrl, cutNetwork, newPage, pageErrors, sharedBrowser, waitForWorker } from './browser';
import {
  CARDS,
  cardBoxes,
  download,
  dragCard,
  fillCart,
  LINES,
  meanDifference,
  nth,
  openBoard,
  overlaps,
  pick,
} from './moodboard-board';

/** The moodboard of issue 11: a board of the cart's photos, arranged, exported, shared, offline. */
const browser = sharedBrowser();

describe('the moodboard', () => {
  it('shows the loading screen, then one card per cart photo, stacked; a dialog that gives focus back', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await fillCart(page);
    // Slow photos, so the loading screen can be seen.
    await context.route('**/api/proxy-image**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.getByRole('button', { name: /^Cart, / }).click();
    const opener = page.getByRole('button', { name: 'Create Moodboard' });
    await opener.click();
    const loading = page.getByRole('dialog', { name: 'Creating Your Moodboard' });
    await loading.getByRole('progressbar', { name: 'Creating Your Moodboard' }).waitFor();
    expect(await loading.getByRole('button', { name: 'Download' }).isDisabled()).toBe(true);

    const board = page.getByRole('dialog', { name: 'Your Moodboard' });
    await board.locator('.moodboard-card').first().waitFor({ timeout: 20_000 });
    expect(await board.locator('.moodboard-card').count()).toBe(CARDS);
    const boxes = await cardBoxes(page);
    for (const line of LINES) expect(Object.keys(boxes)).toContain(line);
    const stack = Object.values(boxes);
    // 400 px cards above 1024 px, each 20 px further right and down than the one before.
    expect(stack.every((box) => box.width === 400)).toBe(true);
    for (let i = 1; i < stack.length; i++) {
      expect(nth(stack, i).x - nth(stack, i - 1).x).toBe(20);
      expect(nth(stack, i).y - nth(stack, i - 1).y).toBe(20);
    }
    // Every photo came through the image proxy, as its xlarge variant.
    const sources = await board
      .locator('.moodboard-card img')
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).getAttribute('src') ?? ''));
    expect(sources.every((src) => src.startsWith('/api/proxy-image?url=') && src.includes('xlarge_'))).toBe(true);
    // ... scaled to what a 400 px card shows at 2x: the export embeds no 1,200 px files (issue 23, #16).
    await expect
      .poll(() =>
        board
          .locator('.moodboard-card img')
          .evaluateAll((images) => (images as HTMLImageElement[]).map((image) => image.complete && image.naturalWidth)),
      )
      .toEqual(sources.map(() => 800));
    expect(await board.getByRole('button', { name: 'Download' }).isEnabled()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.classList.contains('scroll-locked'))).toBe(true);
    expect(await board.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await board.waitFor({ state: 'hidden' });
    await expect.poll(() => opener.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('moves a card by dragging, brings a clicked card to the front, and keeps the board after close and reload', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await fillCart(page);
    const board = await openBoard(page);
    const before = await cardBoxes(page);
    await dragCard(page, 'Champagne Tower', -300, 120);
    // The drag starts once the pointer has moved 3 px (so a click stays a click).
    await expect
      .poll(async () => pick(await cardBoxes(page), 'Champagne Tower').x - pick(before, 'Champagne Tower').x)
      .toBeLessThan(-295);
    const moved = await cardBoxes(page);
    expect(pick(moved, 'Champagne Tower').x - pick(before, 'Champagne Tower').x).toBeGreaterThanOrEqual(-300);
    expect(pick(moved, 'Champagne Tower').y - pick(before, 'Champagne Tower').y).toBeGreaterThan(115);
    // The others stay where they were.
    for (const label of Object.keys(before).filter((l) => l !== 'Champagne Tower'))
      expect(pick(moved, label)).toMatchObject({ x: pick(before, label).x, y: pick(before, label).y });
    // The picked-up card is on top of every other.
    expect(Math.max(...Object.values(moved).map((box) => box.z))).toBe(pick(moved, 'Champagne Tower').z);
    // A click brings the bottom card up.
    await page.locator('.moodboard-card', { hasText: 'Tiffany Chair - Gold' }).click({ position: { x: 10, y: 10 } });
    await expect
      .poll(async () => {
        const boxes = await cardBoxes(page);
        return Math.max(...Object.values(boxes).map((box) => box.z)) === pick(boxes, 'Tiffany Chair - Gold').z;
      })
      .toBe(true);

    await board.getByRole('button', { name: 'Close moodboard' }).click();
    await board.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Create Moodboard' }).click();
    await page.getByRole('dialog', { name: 'Your Moodboard' }).locator('.moodboard-card').first().waitFor();
    // The cards are placed once their photos have decoded: a busy machine takes a moment.
    await expect
      .poll(async () => {
        const box = pick(await cardBoxes(page), 'Champagne Tower');
        return { x: box.x, y: box.y };
      })
      .toEqual({ x: pick(moved, 'Champagne Tower').x, y: pick(moved, 'Champagne Tower').y });

    // A reload (a new version of the app) opens the board again by itself, as the planner left it.
    await page.waitForTimeout(300);
    await page.reload();
    await page
      .getByRole('dialog', { name: 'Your Moodboard' })
      .locator('.moodboard-card')
      .first()
      .waitFor({ timeout: 20_000 });
    expect(pick(await cardBoxes(page), 'Champagne Tower')).toMatchObject({
      x: pick(moved, 'Champagne Tower').x,
      y: pick(moved, 'Champagne Tower').y,
    });
    await context.close();
  });

  it('arranges with the keyboard: Tab to a card, arrows move it, + and - resize it', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await fillCart(page);
    await openBoard(page);
    const before = await cardBoxes(page);
    // Tab from the toolbar reaches the cards.
    await page.getByRole('button', { name: 'Copy link' }).focus();
    let label = '';
    for (let i = 0; i < 4 && !label.startsWith('Tiffany'); i++) {
      await page.keyboard.press('Tab');
      label = await page.evaluate(() => document.activeElement?.textContent ?? '');
    }
    expect(label).toBe('Tiffany Chair - Gold');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(async () => pick(await cardBoxes(page), label).x).toBe(pick(before, label).x + 8);
    expect(pick(await cardBoxes(page), label).y).toBe(
      pick(before, label).y + Math.round(pick(before, label).height * 0.1),
    );
    await page.keyboard.press('+');
    await expect.poll(async () => pick(await cardBoxes(page), label).width).toBe(440);
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    await expect.poll(async () => pick(await cardBoxes(page), label).width).toBe(364);
    await context.close();
  });

  it('downloads a PNG twice the size of the board, named after the first product, with the photos in it', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await fillCart(page);
    await openBoard(page);
    const size = await page.locator('.moodboard-board').evaluate((board) => ({
      width: (board as HTMLElement).offsetWidth,
      height: (board as HTMLElement).offsetHeight,
    }));
    const file = await download(page);
    expect(file.name).toBe('tiffany-chair-gold-moodboard.png');
    expect(file).toMatchObject({ width: size.width * 2, height: size.height * 2 });
    // A tan board alone has a handful of colours; the photos bring thousands.
    expect(file.colours).toBeGreaterThan(1000);
    expect(await page.getByRole('button', { name: 'Download' }).isEnabled()).toBe(true);
    // The stack it opened as was spread out first, on screen too: no card covers another.
    expect(overlaps(Object.values(await cardBoxes(page)))).toEqual([]);
    // The picture is the board as the screen shows it.
    const screen = await page.locator('.moodboard-board').screenshot();
    expect(await meanDifference(file.path, screen)).toBeLessThan(6);
    await context.close();
  });

  it('says so when the image cannot be made, and keeps the cart', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    // The capture draws on a canvas: make every canvas export fail.
    await context.addInitScript(() => {
      const fail = () => {
        throw new DOMException('The canvas has been tainted', 'SecurityError');
      };
      HTMLCanvasElement.prototype.toBlob = fail;
      HTMLCanvasElement.prototype.toDataURL = fail;
    });
    await fillCart(page);
    const board = await openBoard(page);
    await board.getByRole('button', { name: 'Download' }).click();
    await board.getByText('Failed to generate moodboard image. Please try again.').waitFor({ timeout: 20_000 });
    expect(await board.getByRole('button', { name: 'Download' }).isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Cart, 4 items' }).count()).toBe(1);
    await context.close();
  });

  it('shares the board by link: another browser sees the same cards in the same places and can add them', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await fillCart(page);
    const board = await openBoard(page);
    await dragCard(page, 'Neon Heart - Pink', 250, -60);
    await dragCard(page, 'Tiffany Chair - Gold', -280, 90);
    await page.waitForTimeout(200);
    const original = await cardBoxes(page);
    expect(pick(original, 'Neon Heart - Pink').x - nth(Object.values(original), 0).x).toBeGreaterThan(200);
    await board.getByRole('button', { name: 'Copy link' }).click();
    await board.getByText('Link copied. Anyone with it sees this board.').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${baseUrl()}/moodboard\\?board=[A-Za-z0-9_-]+$`));
    await context.close();

    const other = await newPage(browser(), { width: 1440, height: 900 });
    await other.page.goto(link);
    await other.page.getByRole('dialog', { name: 'Your Moodboard' }).locator('.moodboard-card').first().waitFor();
    expect(await cardBoxes(other.page)).toEqual(original);
    expect(await axeViolations(other.page)).toEqual([]);
    await other.page.keyboard.press('Escape');
    await other.page.getByRole('heading', { name: 'Shared Moodboard', level: 1 }).waitFor();
    // Its link preview is a picture of the board itself, drawn by the server.
    const preview = await other.page.locator('meta[property="og:image"]').getAttribute('content');
    expect(preview).toBe(`${baseUrl()}/api/moodboard/preview?board=${new URL(link).searchParams.get('board')}`);
    const image = await fetch(preview ?? '');
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    for (const line of ['Tiffany Chair - Gold', 'Neon Heart - Pink', 'Velvet Armchair - Navy', 'Champagne Tower'])
      expect(await other.page.getByRole('listitem').filter({ hasText: line }).count()).toBe(1);
    await other.page.getByRole('button', { name: 'Add these items to cart' }).click();
    await other.page.getByText('4 items were added to your cart.').waitFor();
    expect(await other.page.getByRole('button', { name: 'Cart, 4 items' }).count()).toBe(1);
    // The cart's own board starts where the shared one was.
    await openBoard(other.page);
    expect(await cardBoxes(other.page)).toEqual(original);
    expect(pageErrors(other.page)).toEqual([]);
    await other.context.close();
  });

  it('opens what it can of a tampered or stale link and says what it left out', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await fillCart(page);
    await openBoard(page);
    const link = await page.evaluate(async () => {
      // The link the Copy link button would make, read without the clipboard.
      const shared = await new Promise<string>((resolve) => {
        navigator.clipboard.writeText = async (text: string) => resolve(text);
        (document.querySelector('.moodboard-toolbar button:nth-child(2)') as HTMLButtonElement).click();
      });
      return shared;
    });
    const param = new URL(link).searchParams.get('board') ?? '';
    const payload = JSON.parse(Buffer.from(param, 'base64url').toString('utf8'));
    payload.l[0].i = 'no-such-product';
    payload.l.push({ i: '<script>', g: 'x', q: 1 });
    const tampered = Buffer.from(JSON.stringify(payload)).toString('base64url');
    await page.goto(`/moodboard?board=${tampered}`);
    const board = page.getByRole('dialog', { name: 'Your Moodboard' });
    await board.locator('.moodboard-card').first().waitFor();
    expect(await board.locator('.moodboard-card').count()).toBe(CARDS - 1);
    await board
      .getByText('2 items from this link are no longer available or could not be read, and were left out.')
      .waitFor();

    await page.goto('/moodboard?board=bm90IGEgYm9hcmQ');
    await page.getByText(/This moodboard link could not be read/).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('opens and exports with the network cut once the cart photos have been seen', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await page.goto('/hire');
    await waitForWorker(page);
    await fillCart(page);
    // The drawer shows the cart's photos: that is all the board needs offline.
    await page.getByRole('button', { name: /^Cart, / }).click();
    const drawer = page.getByRole('dialog', { name: 'Your Cart' });
    await expect
      .poll(() =>
        drawer.locator('img').evaluateAll((images) => images.every((i) => (i as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    await cutNetwork(context);
    await page.getByRole('button', { name: 'Create Moodboard' }).click();
    const board = page.getByRole('dialog', { name: 'Your Moodboard' });
    await board.locator('.moodboard-card').first().waitFor({ timeout: 20_000 });
    expect(
      await board
        .locator('.moodboard-card img')
        .evaluateAll((images) => images.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length),
    ).toBe(CARDS);
    const file = await download(page);
    expect(file.colours).toBeGreaterThan(1000);
    await context.close();
  });
});
