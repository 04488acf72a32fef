import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortDate } from '../../src/features/availability/availability-rules';
import { pickupDatesText } from '../../src/features/checkout/next-steps';
import { DEFAULT_TIME_ZONE as DEMO_ZONE } from '../../src/lib/api-contract/dates';
import { DEMO_BUSINESS } from '../fixtures/demo-business';
import { daysFromToday, nextSaturday, written } from '../fixtures/hire-dates';
import {
  addToCart,
  axeViolations,
  baseUrl,
  bookAsAnotherShopper,
  fillCheckout,
  newPage,
  openCart,
  serverDb,
  sharedBrowser,
} from './browser';
import { addTeamMember, signInHere } from './team-sign-in';

/** Issue 31, the shopper's side: an event date that means the same thing everywhere. */
const browser = sharedBrowser();
let db: Awaited<ReturnType<typeof serverDb>>;
beforeAll(async () => {
  db = await serverDb();
});
afterAll(() => db?.close());

const DATE_KEY = 'storefront-draft:hire-date';

/** Every console error and page error of a page, from now on. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Stores an event date on the device, as a shopper's earlier visit would have. */
async function storeDate(page: Page, date: string) {
  await page.evaluate(([key, value]) => localStorage.setItem(key, JSON.stringify(value)), [DATE_KEY, date] as const);
}

/** Books through the API, as another shopper would: answers the order's status. */
const book = async (productId: string, quantity: number, date: string) =>
  (await bookAsAnotherShopper(productId, quantity, date)).status;

/**
 * What the server has free of a product on a date now: the e2e server is shared, and other tests'
 * orders may hold some of it on nearby days.
 */
async function freeOn(productId: string, date: string): Promise<number> {
  const answer = (await (await fetch(`${baseUrl()}/api/availability?date=${date}&products=${productId}`)).json()) as {
    data: { products: Record<string, number> };
  };
  return answer.data.products[productId] ?? 0;
}

/** Books all but `leave` of what is free of a product on a date. */
async function leaveFree(productId: string, leave: number, date: string) {
  const free = await freeOn(productId, date);
  expect(free).toBeGreaterThan(leave);
  expect(await book(productId, free - leave, date)).toBe('reserved');
  expect(await freeOn(productId, date)).toBe(leave);
}

async function closeAll(context: BrowserContext) {
  await context.close();
}

describe('an event date stored on the device', () => {
  it('changes no page’s first render: no hydration error, and no photo asked for twice', async () => {
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    await page.goto('/hire');
    await addToCart(page, 'Neon Heart', { variation: 'White' });
    await storeDate(page, nextSaturday(12));
    const [group] = (
      await db.execute(
        `SELECT g.id FROM product_groups g JOIN item_tags t ON t.owner_id = g.id AND t.tag = 'decor'
         WHERE g.archived = 0 AND g.show_in_store = 1 LIMIT 1`,
      )
    ).rows;
    const errors = errorsOf(page);
    const photos: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/photos/')) photos.push(request.url());
    });
    for (const path of [
      '/',
      '/hire/decor',
      '/search?q=vase',
      `/hire/decor?type=product-group&id=${group?.id}`,
      '/checkout',
    ]) {
      photos.length = 0;
      await page.goto(path);
      // The date is on the page once the device's state is back: the header says so.
      await page
        .getByRole('banner')
        .getByRole('button', { name: `Event date: ${shortDate(nextSaturday(12), DEMO_ZONE)}` })
        .waitFor();
      await expect.poll(() => page.getByRole('button', { name: 'Cart, 1 item' }).count()).toBeGreaterThan(0);
      expect(errors, path).toEqual([]);
      const twice = photos.filter((url, index) => photos.indexOf(url) !== index);
      expect(twice, path).toEqual([]);
    }
    await closeAll(context);
  });

  it('shows its year when it is not this year’s, and refuses days more than two years ahead', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await page.goto('/hire');
    const nextYear = `${Number(daysFromToday(0).slice(0, 4)) + 1}-03-14`;
    await page
      .getByRole('button', { name: /When is your event\?/ })
      .first()
      .click();
    const picker = page.getByRole('dialog', { name: 'When is your event?' });
    const field = picker.getByLabel('Event date');
    expect(await field.getAttribute('max')).toBe(daysFromToday(0).replace(/^\d{4}/, (y) => String(Number(y) + 2)));
    for (const far of ['2099-01-01', daysFromToday(2 * 366 + 1)]) {
      await field.fill(far);
      await picker.getByRole('button', { name: 'Show availability' }).click();
      await picker.getByRole('alert').filter({ hasText: 'Choose a day within two years from today.' }).waitFor();
    }
    expect(await axeViolations(page)).toEqual([]);
    await field.fill(nextYear);
    await picker.getByRole('button', { name: 'Show availability' }).click();
    await picker.waitFor({ state: 'hidden' });
    const button = page.getByRole('banner').getByRole('button', { name: /^Event date: / });
    await expect.poll(() => button.first().innerText()).toMatch(new RegExp(`\\d+ Mar ${nextYear.slice(0, 4)}$`));
    await closeAll(context);
  });

  it('clears a stored date that has passed, with a short note', async () => {
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    await page.goto('/hire');
    const passed = daysFromToday(-3);
    await storeDate(page, passed);
    await page.reload();
    await page.getByText(`Your event date, ${shortDate(passed, DEMO_ZONE)}, has passed, so it was cleared.`).waitFor();
    await page
      .getByRole('banner')
      .getByRole('button', { name: /Event date|When is your event\?/ })
      .first()
      .waitFor();
    expect(
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Event date: / })
        .count(),
    ).toBe(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), DATE_KEY)).toBeNull();
    await closeAll(context);
  });
});

describe('bundle choices on the date', () => {
  it('count what is free on the event date, and say what is booked', async () => {
    // A bundle item the shopper picks from a group, and a product of that group with stock.
    const [row] = (
      await db.execute(
        `SELECT b.id AS bundle, b.name AS bundle_name, p.id AS product, p.stock_count AS stock, p.variation_values AS vv, p.name AS name
         FROM bundles b JOIN bundle_items i ON i.bundle_id = b.id AND i.product_id IS NULL
         JOIN products p ON p.product_group_id = i.product_group_id AND p.archived = 0 AND p.show_in_store = 1 AND p.stock_count >= 3
         WHERE b.archived = 0 AND b.show_in_store = 1 ORDER BY b.id, p.id LIMIT 1`,
      )
    ).rows;
    expect(row).toBeDefined();
    // One left on the first Saturday; none on the next (booked before the page opens: what a shopper
    // sees is up to a minute old, the server decides when the request arrives).
    const date = nextSaturday(13);
    const bookedOut = nextSaturday(16);
    await leaveFree(String(row?.product), 1, date);
    await leaveFree(String(row?.product), 0, bookedOut);
    const label = (JSON.parse(String(row?.vv)) as string[]).join(' / ') || String(row?.name);
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await page.goto('/hire');
    await storeDate(page, date);
    await page.goto(`/hire?type=bundle&id=${row?.bundle}`);
    const dialog = page.getByRole('dialog', { name: String(row?.bundle_name) });
    const option = dialog
      .locator('option')
      .filter({ hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`) })
      .first();
    await expect.poll(() => option.innerText()).toBe(`${label} (1 available)`);
    await storeDate(page, bookedOut);
    await page.reload();
    await expect.poll(() => option.innerText()).toBe(`${label} (Booked on your date)`);
    expect(await option.isDisabled()).toBe(true);
    await closeAll(context);
  });
});

describe('checkout on the date', () => {
  it('says what is short above Submit, with the same one-tap fix as the cart, and gives the pickup days', async () => {
    const [row] = (
      await db.execute(
        `SELECT p.id, p.stock_count AS stock FROM products p WHERE p.name = 'Tiffany Chair - Gold' AND p.archived = 0`,
      )
    ).rows;
    const date = nextSaturday(14);
    await leaveFree(String(row?.id), 1, date);
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    await page.goto('/hire');
    await addToCart(page, 'Tiffany Chair', { variation: 'Gold', quantity: 2 });
    await storeDate(page, date);
    await page.goto('/checkout');
    const form = page.getByRole('form', { name: 'Your details' });
    const summary = form.getByRole('region', { name: `1 item is short on ${shortDate(date, DEMO_ZONE)}` });
    await summary.waitFor();
    expect(await summary.innerText()).toContain(`Tiffany Chair - Gold Only 1 free on ${shortDate(date, DEMO_ZONE)}.`);
    // It sits right above Submit.
    const [summaryBox, submitBox] = await Promise.all([
      summary.boundingBox(),
      page.getByRole('button', { name: 'Submit Order Request' }).boundingBox(),
    ]);
    expect((submitBox?.y ?? 0) - ((summaryBox?.y ?? 0) + (summaryBox?.height ?? 0))).toBeLessThan(60);
    expect(await form.getByText(pickupDatesText(date, DEMO_BUSINESS)).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    // The shopper scrolls down to the fix, then taps it. Scrolling past the top condenses the phone
    // header, and the content follows it up by 54 px: tap once that has happened, as a person would
    // (on a loaded machine a tap sent with the scroll landed where the button had been).
    const fix = summary.getByRole('button', { name: 'Change to 1 Tiffany Chair - Gold' });
    await fix.scrollIntoViewIfNeeded();
    await page.locator('.site-header--condensed').waitFor();
    await fix.click();
    await summary.waitFor({ state: 'detached' });
    const drawer = await openCart(page);
    expect(await drawer.locator('.stepper output').innerText()).toBe('1');
    await closeAll(context);
  });

  it('says so in a toast and on the cart button when a new event date leaves a cart line short (issue 50)', async () => {
    const [row] = (
      await db.execute(`SELECT p.id FROM products p WHERE p.name = 'Tiffany Chair - Gold' AND p.archived = 0`)
    ).rows;
    const date = nextSaturday(17);
    await leaveFree(String(row?.id), 1, date);
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    await page.goto('/hire');
    await addToCart(page, 'Tiffany Chair', { variation: 'Gold', quantity: 2 });
    const cartButton = page.locator('.cart-button');
    expect(await cartButton.getAttribute('aria-label')).toBe('Cart, 2 items');
    await page
      .getByRole('button', { name: /When is your event\?|Event date/ })
      .first()
      .click();
    const picker = page.getByRole('dialog', { name: 'When is your event?' });
    await picker.getByLabel('Event date').fill(date);
    await picker.getByRole('button', { name: 'Show availability' }).click();
    const day = shortDate(date, DEMO_ZONE);
    const toast = page.getByText(`1 item in your cart is short on ${day}: open the cart to change it.`);
    await expect.poll(() => toast.isVisible()).toBe(true);
    await expect.poll(() => cartButton.getAttribute('aria-label')).toBe('Cart, 2 items, 1 short on your date');
    expect(await cartButton.locator('.cart-button__badge--short').count()).toBe(1);
    // Opening a page on that date says nothing again: the badge keeps the mark.
    await page.reload();
    await expect.poll(() => cartButton.getAttribute('aria-label')).toBe('Cart, 2 items, 1 short on your date');
    expect(await toast.count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await closeAll(context);
  });

  it('tells the shopper who lost the race for the last unit, beside the line, that the team will offer options', async () => {
    const [row] = (
      await db.execute(`SELECT id, stock_count AS stock FROM products WHERE name = 'Velvet Armchair - Navy'`)
    ).rows;
    const date = nextSaturday(15);
    const email = `race-${Date.now()}@example.com`;
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    await page.goto('/hire');
    await addToCart(page, 'Velvet Armchair', { variation: 'Navy' });
    await addToCart(page, 'Neon Heart', { variation: 'Red' });
    await page.goto('/checkout');
    await fillCheckout(page, email, { date });
    // Another shopper takes every one for that weekend while this one fills in the form.
    await leaveFree(String(row?.id), 0, date);
    await page.getByRole('button', { name: 'Submit Order Request' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/success');
    const receipt = page.locator('.receipt');
    const taken = receipt.getByRole('listitem').filter({ hasText: 'Velvet Armchair - Navy' });
    await taken.getByText(`Taken for ${written(date)}: our team will offer options`).waitFor();
    expect(
      await receipt
        .getByRole('listitem')
        .filter({ hasText: 'Neon Heart' })
        .getByText(/Taken for/)
        .count(),
    ).toBe(0);
    expect(
      await receipt.getByText(/One item was taken for .* by another request just before yours arrived/).isVisible(),
    ).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    // The team's page for it says what is short and who holds it, and offers no Confirm.
    const [order] = (
      await db.execute({
        sql: `SELECT o.id, e.text FROM orders o JOIN customers c ON c.id = o.customer_id
              JOIN email_outbox e ON e.order_id = o.id AND e.kind = 'order_team' WHERE c.email = ?`,
        args: [email],
      })
    ).rows;
    const confirm = new URL(/^Confirm: (\S+)$/m.exec(String(order?.text))?.[1] ?? '').pathname;
    await addTeamMember(db, 'desk-event-date@example.com');
    await page.goto(confirm);
    await signInHere(page, db, 'desk-event-date@example.com');
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(confirm);
      const asked = page.getByRole('region', { name: 'Confirm from the team email' });
      await asked.waitFor();
      expect(await asked.getByText('It cannot be confirmed while it is short').isVisible()).toBe(true);
      expect(await page.getByText('Confirming it now would be refused: it is short.').isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Confirm request' }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
    }
    await closeAll(context);
  });
});
