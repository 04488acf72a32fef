import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, pageAtWidth, sharedBrowser } from './browser';

/**
 * The hire menus' category links are plain anchors under one click handler (issue 36: they hydrate
 * as plain elements): a click or Enter on one still moves within the app, with no new document.
 */
const browser = sharedBrowser();

/** Marks the document: a marker still there after a navigation means no page was loaded. */
const mark = (page: Page) => page.evaluate(() => Object.assign(window, { sameDocument: true }));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

describe('the hire menu links', () => {
  it('open a category in the app from the desktop panel, by click and by keyboard', async () => {
    const { context, page } = await pageAtWidth(browser(), 1440);
    await page.goto('/terms');
    await mark(page);
    const hire = page.getByRole('button', { name: 'Hire' });
    await hire.click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Decor', exact: true }).click();
    await page.waitForURL('**/hire/decor');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Decor');
    expect(await sameDocument(page)).toBe(true);
    expect(await hire.getAttribute('aria-expanded')).toBe('false');

    await hire.click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tableware', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/hire/tableware');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Tableware');
    expect(await sameDocument(page)).toBe(true);
    await context.close();
  });

  it('open a category in the app from the phone menu, which closes', async () => {
    const { context, page } = await pageAtWidth(browser(), 390);
    await page.goto('/terms');
    await mark(page);
    await page.getByRole('button', { name: 'Menu' }).tap();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    const decor = menu.getByRole('link', { name: 'Decor', exact: true });
    // Its group, closed until asked for (its links are hidden until then).
    await menu.locator('details:has(a[href="/hire/decor"]) > summary').tap();
    await decor.tap();
    await page.waitForURL('**/hire/decor');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Decor');
    expect(await sameDocument(page)).toBe(true);
    expect(await menu.isVisible()).toBe(false);
    await context.close();
  });
});

describe('menus and keyboard', () => {
  it('closes the desktop Hire menu when Tab moves focus out of it', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await page.goto('/terms');
    const hire = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Hire' });
    await hire.click();
    await expect.poll(() => hire.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('link', { name: 'Neon Signs' }).first().focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => hire.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('closes the mobile menu with Escape and gives focus back to its button', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/terms');
    const button = page.getByRole('button', { name: 'Menu' });
    await button.click();
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Event Styling' }).focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });

  it.each(['About', 'Contact'])('closes the mobile menu when %s opens from it', async (name) => {
    const { context, page } = await newPage(browser());
    await page.goto('/terms');
    const button = page.getByRole('button', { name: 'Menu' });
    await button.click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name }).click();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('navigation', { name: 'Menu' }).isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });
});
