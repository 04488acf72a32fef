import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addToCart, axeViolations, newPage, newTouchPage, sharedBrowser } from './browser';

/** Issue 23 (look): on phones the header condenses on scroll and the cart button keeps off the content. */
const browser = sharedBrowser();

const headerHeight = (page: Page) =>
  page.locator('header.site-header').evaluate((header) => (header as HTMLElement).offsetHeight);
const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart, / });
/** Whether the cart button is on screen and takes taps where it stands. */
const cartButtonShown = (page: Page) =>
  cartButton(page).evaluate((button) => {
    const box = button.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return box.bottom <= window.innerHeight && button.contains(hit) && getComputedStyle(button).opacity === '1';
  });
const scrollTo = (page: Page, y: number) => page.evaluate((top) => window.scrollTo(0, top), y);

describe('the header and cart button on a phone', () => {
  it('condenses the header past the top, with search a tap away, and keeps the menu', async () => {
    const { context, page } = await newTouchPage(browser());
    await page.goto('/hire/pots_vases');
    await page.locator('main img').first().waitFor();
    const full = await headerHeight(page);
    expect(full).toBeGreaterThan(90);
    const search = page.getByRole('banner').getByRole('combobox', { name: /Search/ });
    expect(await search.isVisible()).toBe(true);

    await scrollTo(page, 700);
    await expect.poll(() => headerHeight(page)).toBeLessThanOrEqual(56);
    expect(await search.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // The search button brings the row back, focused, and it stays while it is in use.
    await page.getByRole('button', { name: 'Search products' }).tap();
    await expect.poll(() => search.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await headerHeight(page)).toBeGreaterThan(90);
    await scrollTo(page, 900);
    expect(await search.isVisible()).toBe(true);

    await search.blur();
    await scrollTo(page, 0);
    await expect.poll(() => headerHeight(page)).toBe(full);
    await context.close();
  });

  it('tucks the cart button away while scrolling down the checkout, back on the way up', async () => {
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    await addToCart(page, 'Champagne Tower');
    await addToCart(page, 'Tiffany Chair', { variation: 'Gold' });
    await page.goto('/checkout');
    await page.getByRole('heading', { name: 'Order Summary' }).waitFor();
    // The whole page is there (summary and form), so 300 px down is not its end.
    await page.getByRole('button', { name: 'Submit Order Request' }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
      .toBeGreaterThan(600);
    expect(await cartButtonShown(page)).toBe(true);
    await scrollTo(page, 300);
    await expect.poll(() => cartButtonShown(page)).toBe(false);
    await scrollTo(page, 200);
    await expect.poll(() => cartButtonShown(page)).toBe(true);
    // At the end of the page it is back, above the footer's room for it.
    await scrollTo(page, 100_000);
    await expect.poll(() => cartButtonShown(page)).toBe(true);
    await context.close();
  });

  it('keeps the cart in the header beside the menu, with its count, wherever the page is scrolled (issue 50)', async () => {
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    await addToCart(page, 'Champagne Tower');
    await page.goto('/hire/pots_vases');
    await page.locator('main img').first().waitFor();
    const headerCart = page.getByRole('banner').getByRole('button', { name: 'Your cart: 1 item', exact: true });
    await expect.poll(() => headerCart.isVisible()).toBe(true);
    expect(await headerCart.innerText()).toBe('1');
    for (const y of [0, 700, 1400, 2100]) {
      await scrollTo(page, y);
      expect(await headerCart.isVisible()).toBe(true);
    }
    // Condensed, on the way down: the floating button has tucked away; the header's still opens the cart.
    await expect.poll(() => page.locator('header.site-header--condensed').count()).toBe(1);
    await headerCart.tap().catch(() => headerCart.click());
    const drawer = page.getByRole('dialog', { name: 'Your Cart' });
    await expect.poll(() => drawer.isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('leaves the wide header as it was at 1440 px', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await page.goto('/hire/pots_vases');
    await page.locator('main img').first().waitFor();
    const before = await headerHeight(page);
    await scrollTo(page, 700);
    await expect.poll(() => page.locator('header.site-header--condensed').count()).toBe(1);
    expect(await headerHeight(page)).toBe(before);
    expect(
      await page
        .getByRole('banner')
        .getByRole('combobox', { name: /Search/ })
        .isVisible(),
    ).toBe(true);
    expect(await cartButtonShown(page)).toBe(true);
    // The header's own cart is for phones only.
    expect(await page.getByRole('button', { name: /^Your cart/ }).isVisible()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
