import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, axeViolations, findItem, newPage, sharedBrowser } from './browser';
import { htmlcsErrors } from './html-codesniffer';

/**
 * axe with its full default rule set, and HTML_CodeSniffer's WCAG 2 AA (pa11y's runner), on every route and with
 * every dialog and menu open.
 */
const browser = sharedBrowser();

const ROUTES = [
  '/',
  '/hire',
  '/hire?view=bundles',
  '/hire/decor',
  '/hire/decor/page/2',
  '/search',
  '/search?q=vase',
  '/search?q=zzzzqx',
  '/checkout',
  '/success',
  '/terms',
  '/moodboard?board=bm90IGEgYm9hcmQ',
  '/no/such/page',
];

/** Opens a state, then lets axe look at the whole page. */
type State = [name: string, open: (page: Page, width: number) => Promise<void>];

const dialog = (page: Page) => page.getByRole('dialog').last().waitFor();

const STATES: State[] = [
  [
    'the product popup',
    async (page) => {
      const { id } = await findItem('Neon Heart');
      await page.goto(`/hire?type=product-group&id=${id}`);
      await page.getByRole('dialog', { name: 'Neon Heart' }).getByRole('radio').first().waitFor();
    },
  ],
  [
    'the bundle popup with a choice made',
    async (page) => {
      const { id } = await findItem('Ghost Ceremony Package');
      await page.goto(`/hire?type=bundle&id=${id}`);
      const picker = page.getByRole('dialog').getByRole('combobox').first();
      await picker.locator('option').nth(1).waitFor({ state: 'attached' });
      await picker.selectOption({ index: 1 });
    },
  ],
  [
    'the Error dialog',
    async (page) => {
      await page.goto('/hire?type=bundle&id=bad%20id');
      await dialog(page);
    },
  ],
  [
    'the cart drawer',
    async (page) => {
      // /success (a route above) empties the cart: fill it again.
      await page.goto('/hire');
      await addToCart(page, 'Neon Heart', { variation: 'Pink' });
      await page.goto('/terms');
      await page.getByRole('button', { name: /^Cart, / }).click();
      await page.getByRole('dialog', { name: 'Your Cart' }).getByRole('link', { name: 'Checkout' }).waitFor();
    },
  ],
  [
    'the moodboard',
    async (page) => {
      // The cart drawer (above) left Neon Heart in the cart.
      await page.goto('/terms');
      await page.getByRole('button', { name: /^Cart, / }).click();
      await page.getByRole('button', { name: 'Create Moodboard' }).click();
      await page.getByRole('dialog', { name: 'Your Moodboard' }).locator('.moodboard-card').first().waitFor();
    },
  ],
  [
    'checkout with delivery',
    async (page) => {
      await page.goto('/checkout');
      await page.getByRole('radio', { name: /Delivery/ }).check();
      await page.getByLabel('Delivery address', { exact: false }).first().waitFor();
    },
  ],
  [
    'the contact modal',
    async (page, width) => {
      await page.goto('/terms');
      if (width < 1100) await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('button', { name: 'Contact', exact: true }).first().click();
      await dialog(page);
    },
  ],
  [
    'the about modal',
    async (page, width) => {
      await page.goto('/terms');
      if (width < 1100) await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('button', { name: 'About', exact: true }).first().click();
      await dialog(page);
    },
  ],
  [
    'the service modal',
    async (page) => {
      await page.goto('/?service=styling');
      await dialog(page);
    },
  ],
  [
    'the menus',
    async (page, width) => {
      await page.goto('/hire');
      if (width < 1100) {
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('navigation', { name: 'Menu' }).getByText('Plinths').first().click();
      } else {
        await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Hire' }).click();
      }
      await page.getByRole('link', { name: 'All hire items' }).first().waitFor();
    },
  ],
  [
    'the search suggestions',
    async (page) => {
      await page.goto('/terms');
      await page.getByRole('combobox').first().fill('ghost');
      await page.getByRole('listbox').first().getByRole('option').first().waitFor();
    },
  ],
];

describe.each([390, 1440])('accessibility at %i px', (width) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await newPage(browser(), { width, height: 900 }));
  });
  afterAll(async () => {
    await context.close();
  });

  it.each(ROUTES)('axe and HTML_CodeSniffer find nothing on %s', async (path) => {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
    expect(await htmlcsErrors(page)).toEqual([]);
  });

  it.each(STATES)('axe and HTML_CodeSniffer find nothing with %s open', async (_name, open) => {
    await open(page, width);
    expect(await axeViolations(page)).toEqual([]);
    expect(await htmlcsErrors(page)).toEqual([]);
  });
});
