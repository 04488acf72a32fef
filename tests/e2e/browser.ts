import { type Browser, type BrowserContext, chromium, type Locator, type Page, type Route } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { daysFromToday } from '../fixtures/hire-dates';

export { CHROMIUM_FLAGS } from './browser-flags';
export { followHydration, hydration } from './follow-hydration';
export { baseUrl, e2eServer, serverDb } from './servers';

import { CHROMIUM_FLAGS } from './browser-flags';
import { followHydration } from './follow-hydration';
import { baseUrl } from './servers';

/** Starts the Chromium that the e2e global setup chose (see find-chromium.ts), or the one named. */
export function launchBrowser(executablePath = inject('chromiumPath')): Promise<Browser> {
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS, headless: true });
}

/** A browser with a profile on disk, as a shopper's is: closing and launching it again keeps its storage. */
export async function launchPersistent(userDataDir: string): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: inject('chromiumPath'),
    args: CHROMIUM_FLAGS,
    headless: true,
    baseURL: baseUrl(),
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'allow',
  });
  return followHydration(context);
}

/** One Chromium per test file (or per suite, given a path): launched before its tests, closed after them. */
export function sharedBrowser(executablePath?: string): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser(executablePath);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is not started yet');
    return browser;
  };
}

export interface PageOptions {
  width?: number;
  height?: number;
  /** Another origin in front of the e2e server (a test's own proxy). */
  baseURL?: string;
}

/** A fresh context (own storage, own service worker) and page at a phone size by default. */
export async function newPage(
  browser: Browser,
  { width = 390, height = 844, baseURL = baseUrl() }: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = followHydration(
    await browser.newContext({
      baseURL,
      viewport: { width, height },
      serviceWorkers: 'allow',
    }),
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  (page as Page & { errors: string[] }).errors = errors;
  return { context, page };
}

/** A phone with a touch screen: taps, and two-finger gestures through CDP. */
export async function newTouchPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = followHydration(
    await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    }),
  );
  return { context, page: await context.newPage() };
}

/**
 * A page at a width the issues test at: below 600 px a touch phone 844 px tall, else a desktop 900 px
 * tall; its own storage and service worker.
 */
export async function pageAtWidth(browser: Browser, width: number): Promise<{ context: BrowserContext; page: Page }> {
  const phone = width < 600;
  const context = followHydration(
    await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width, height: phone ? 844 : 900 },
      hasTouch: phone,
      isMobile: phone,
      serviceWorkers: 'allow',
    }),
  );
  return { context, page: await context.newPage() };
}

/** Opens the cart drawer from its floating button. */
export async function openCart(page: Page): Promise<Locator> {
  const button = page.getByRole('button', { name: /^Cart, / });
  // On a phone the button tucks away while the page scrolls down: a shopper scrolls up a little.
  if (await button.evaluate((element) => element.classList.contains('cart-button--tucked'))) {
    await page.evaluate(() => window.scrollBy(0, -40));
    await button.and(page.locator(':not(.cart-button--tucked)')).waitFor();
  }
  // It steps aside while it would rest on a button or a price: a shopper scrolls to the page's end
  // (the footer), where it always shows.
  if (await button.evaluate((element) => element.classList.contains('cart-button--aside'))) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await button.and(page.locator(':not(.cart-button--aside):not(.cart-button--tucked)')).waitFor();
  }
  await button.click();
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  await drawer.waitFor();
  return drawer;
}

export const pageErrors = (page: Page) => (page as Page & { errors?: string[] }).errors ?? [];

/** Runs axe with its full default rule set and returns the violations, described briefly. */
export async function axeViolations(page: Page): Promise<string[]> {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  // Colours read mid-animation (a dialog fading in on a busy machine) are not what anyone sees.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const result = await new AxeBuilder({ page }).analyze();
  // One axe-core everywhere: package.json overrides the copy @axe-core/playwright would bring.
  const { version } = (await import('axe-core/package.json', { with: { type: 'json' } })).default;
  if (result.testEngine.version !== version) {
    throw new Error(`axe ${result.testEngine.version} ran, but axe-core ${version} is installed`);
  }
  return result.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
}

/** Ids of catalogue items by name, read from the running server's API. */
export async function findItem(name: string): Promise<{ id: string; type: 'product-group' | 'bundle' }> {
  const response = await fetch(`${baseUrl()}/api/boomerang/items?query=${encodeURIComponent(name)}`);
  const body = (await response.json()) as { data: { id: string; type: string; attributes: { name: string } }[] };
  const match = body.data.find((item) => item.attributes.name === name);
  if (!match) throw new Error(`No catalogue item named ${name}`);
  return { id: match.id, type: match.type === 'bundles' ? 'bundle' : 'product-group' };
}

/** Opens an item's popup by URL and adds it; for bundles every picker takes its first option. */
export async function addToCart(page: Page, name: string, options: { variation?: string; quantity?: number } = {}) {
  const item = await findItem(name);
  await page.goto(`/hire?type=${item.type}&id=${item.id}`);
  const dialog = page.getByRole('dialog', { name });
  if (item.type === 'bundle') {
    await dialog
      .getByRole('button', { name: /Add Bundle to Cart|Please select all required items|Out of Stock/ })
      .waitFor();
    for (const picker of await dialog.getByRole('combobox').all()) {
      await picker.locator('option').nth(1).waitFor({ state: 'attached' });
      await picker.selectOption({ index: 1 });
    }
  } else if (options.variation) {
    await dialog.getByRole('radio', { name: options.variation }).check();
  }
  if (options.quantity) await dialog.getByRole('spinbutton').fill(String(options.quantity));
  await dialog.getByRole('button', { name: /^Add (Bundle )?to Cart$/ }).click();
  await dialog.getByText('Added to cart successfully!').waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * Cuts the network for the pages and the service worker of a context (setOffline alone misses the
 * worker). Resolves with the function that brings it back, leaving other routes of the test in place.
 */
export async function cutNetwork(context: BrowserContext): Promise<() => Promise<void>> {
  const abort = (route: Route) => route.abort('internetdisconnected');
  await context.route('**/*', abort);
  await context.setOffline(true);
  return async () => {
    await context.unroute('**/*', abort);
    await context.setOffline(false);
  };
}

/** Whether the worker's pages cache holds the page's own address (it keeps each page it sees). */
export const workerKeepsPage = (page: Page) =>
  page.evaluate(async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('pages-') && (await (await caches.open(name)).match(location.href))) return true;
    }
    return false;
  });

/** Waits until the service worker controls the page. */
export async function waitForWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  for (let i = 0; i < 100 && !(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))); i++) {
    await page.waitForTimeout(100);
  }
}

/**
 * A day of its own for each test's order (from the email, which is unique), from three weeks to
 * about two years ahead (the server takes no later date): the e2e server is shared, and orders hold
 * stock for their dates, so tests on one date could book each other out.
 */
export function hireDateFor(email: string): string {
  let hash = 0;
  for (const char of email) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return daysFromToday(21 + (hash % 680));
}

/**
 * Books `quantity` of a product for a pickup on `date` through the API, as another shopper would:
 * answers the order's id and status ('reserved' when it holds the item).
 */
export async function bookAsAnotherShopper(productId: string, quantity: number, date: string) {
  const post = async (path: string, body: unknown) =>
    (await fetch(`${baseUrl()}/api${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json())) as any;
  const email = `other-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const customer = await post('/customers', {
    data: { type: 'customers', attributes: { name: 'Other Shopper', email, phone: '0400 000 000' } },
  });
  const order = await post('/orders', {
    customer_id: customer.data.id,
    starts_at: date,
    stops_at: date,
    fulfillment_type: 'pickup',
    lines: [{ id: productId, quantity, isBundle: false, bundleVariations: [] }],
  });
  return { id: String(order.order.data.id), status: String(order.order.data.attributes.status) };
}

/** Fills the checkout form with a valid request for `email`. */
export async function fillCheckout(
  page: Page,
  email: string,
  extra: { delivery?: string; date?: string; phone?: string } = {},
): Promise<void> {
  const form = page.getByRole('form', { name: 'Your details' });
  await form.getByLabel('Name', { exact: true }).fill('Ava Chen');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Phone', { exact: true }).fill(extra.phone ?? '0400 111 222');
  await form.getByLabel('Hire date', { exact: true }).fill(extra.date ?? hireDateFor(email));
  if (extra.delivery !== undefined) {
    await form.getByRole('radio', { name: /^Delivery/ }).check();
    await form.getByLabel('Delivery address', { exact: true }).fill(extra.delivery);
  }
}

/**
 * Holds the context's requests matching `pattern` until the returned function is called, so a test
 * can see the page in the moment before they arrive.
 */
export async function holdRequests(
  target: BrowserContext | Page,
  pattern: string | RegExp | ((url: URL) => boolean),
): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await target.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
