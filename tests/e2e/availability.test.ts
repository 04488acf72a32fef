import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortDate } from '../../src/features/availability/availability-rules';
import { DEFAULT_TIME_ZONE as DEMO_ZONE } from '../../src/lib/api-contract/dates';
import { nextSaturday } from '../fixtures/hire-dates';
import {
  axeViolations,
  bookAsAnotherShopper,
  cutNetwork,
  newPage,
  openCart,
  serverDb,
  sharedBrowser,
  waitForWorker,
} from './browser';
import { addTeamMember, signInHere } from './team-sign-in';

/** Issue 24 in the browser: an event date, availability for it, short cart lines, the team's links. */
const browser = sharedBrowser();
let db: Awaited<ReturnType<typeof serverDb>>;
const TEAM_MEMBER = 'desk-availability@example.com';
beforeAll(async () => {
  db = await serverDb();
});
afterAll(() => db?.close());

/** A group in store with exactly one product in store, its product and stock. */
async function singleProductGroup(skip: string[] = []) {
  const { rows } = await db.execute({
    sql: `SELECT g.id AS group_id, g.name AS name, MIN(p.id) AS product_id, MIN(p.stock_count) AS stock
          FROM product_groups g JOIN products p ON p.product_group_id = g.id AND p.archived = 0 AND p.show_in_store = 1
          WHERE g.archived = 0 AND g.show_in_store = 1 AND g.id NOT IN (${skip.map(() => '?').join(',') || "''"})
          GROUP BY g.id HAVING COUNT(*) = 1 AND MIN(p.stock_count) >= 3 ORDER BY g.name LIMIT 1`,
    args: skip,
  });
  const row = rows[0];
  if (!row) throw new Error('No single-product group');
  return {
    groupId: String(row.group_id),
    name: String(row.name),
    productId: String(row.product_id),
    stock: Number(row.stock),
  };
}

/** Books through the API, as another shopper would: answers the order's id. */
const book = async (productId: string, quantity: number, date: string) =>
  (await bookAsAnotherShopper(productId, quantity, date)).id;

async function chooseDate(page: Page, date: string) {
  await page
    .getByRole('button', { name: /When is your event\?|Event date/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'When is your event?' });
  await dialog.getByLabel('Event date').fill(date);
  await dialog.getByRole('button', { name: 'Show availability' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

const openItem = async (page: Page, groupId: string, name: string) => {
  await page.goto(`/hire?type=product-group&id=${groupId}`);
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('button', { name: /Add to Cart|Out of Stock/ }).waitFor();
  return dialog;
};

describe('availability by event date', () => {
  it('shows what is free on the chosen date, in the popup and on the card, and books out what is taken', async () => {
    const item = await singleProductGroup();
    const booked = nextSaturday(40);
    const free = nextSaturday(41);
    await book(item.productId, item.stock, booked);
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    let dialog = await openItem(page, item.groupId, item.name);
    expect(await dialog.getByText(`${item.stock} available`).isVisible()).toBe(true);
    // No date yet: the popup offers to choose one.
    await dialog.getByRole('button', { name: 'When is your event?' }).click();
    const picker = page.getByRole('dialog', { name: 'When is your event?' });
    expect(await axeViolations(page)).toEqual([]);
    await picker.getByLabel('Event date').fill(free);
    await picker.getByRole('button', { name: 'Show availability' }).click();
    await picker.waitFor({ state: 'hidden' });
    await dialog.getByText(`${item.stock} free on ${shortDate(free, DEMO_ZONE)}`).waitFor();
    await page.keyboard.press('Escape');
    // The booked weekend: the popup and the card say so, and nothing can be added.
    await chooseDate(page, booked);
    expect(
      await page
        .getByRole('banner')
        .getByRole('button', { name: `Event date: ${shortDate(booked, DEMO_ZONE)}` })
        .isVisible(),
    ).toBe(true);
    dialog = await openItem(page, item.groupId, item.name);
    await dialog.getByText('Booked on your date').waitFor();
    expect(await dialog.getByRole('button', { name: /Add to Cart|Out of Stock/ }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    const [tag] = (
      await db.execute({ sql: 'SELECT tag FROM item_tags WHERE owner_id = ? LIMIT 1', args: [item.groupId] })
    ).rows;
    await page.goto(`/hire/${tag?.tag}`);
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: item.name, exact: true }) });
    await card.getByText('Booked on your date').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('flags a cart line the new date cannot supply, with a one-tap fix, and never changes it silently', async () => {
    const item = await singleProductGroup();
    const date = nextSaturday(42);
    await book(item.productId, item.stock - 1, date);
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    const dialog = await openItem(page, item.groupId, item.name);
    await dialog.getByRole('spinbutton').fill('2');
    await dialog.getByRole('button', { name: 'Add to Cart' }).click();
    await dialog.getByText('Added to cart successfully!').waitFor();
    await page.keyboard.press('Escape');
    await chooseDate(page, date);
    const drawer = await openCart(page);
    const flag = drawer.getByText(`Only 1 free on ${shortDate(date, DEMO_ZONE)}.`);
    await flag.waitFor();
    expect(await drawer.locator('.stepper output').innerText()).toBe('2');
    expect(await axeViolations(page)).toEqual([]);
    await drawer.getByRole('button', { name: `Change to 1 ${item.name}` }).click();
    await expect.poll(() => drawer.locator('.stepper output').innerText()).toBe('1');
    expect(await flag.count()).toBe(0);
    // Checkout's hire date is the chosen date.
    await page.goto('/checkout');
    await expect.poll(() => page.getByLabel('Hire date', { exact: true }).inputValue()).toBe(date);
    await context.close();
  });

  it('declines from the team email’s link (signing in first) and the item is free again on that date', async () => {
    const item = await singleProductGroup();
    const date = nextSaturday(43);
    const orderId = await book(item.productId, item.stock, date);
    const { rows } = await db.execute({
      sql: "SELECT text FROM email_outbox WHERE kind = 'order_team' AND order_id = ?",
      args: [orderId],
    });
    const decline = /^Decline: (\S+)$/m.exec(String(rows[0]?.text))?.[1];
    expect(decline).toBeDefined();
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    await page.goto(new URL(decline as string).pathname);
    // The link opens the workspace, which asks the member to sign in, then shows the request with Decline ready.
    await addTeamMember(db, TEAM_MEMBER);
    await signInHere(page, db, TEAM_MEMBER);
    const asked = page.getByRole('region', { name: 'Decline from the team email' });
    await asked.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/team/requests/${orderId}`);
    expect(await axeViolations(page)).toEqual([]);
    await asked.getByLabel('Message to the customer (optional)').fill('Sorry, that weekend is taken.');
    await asked.getByRole('button', { name: 'Decline request' }).click();
    await page.getByText('Declined: the customer has been emailed.').waitFor();
    await chooseDateOn(page, date);
    const dialog = await openItem(page, item.groupId, item.name);
    await dialog.getByText(`${item.stock} free on ${shortDate(date, DEMO_ZONE)}`).waitFor();
    await context.close();
  });
});

describe('availability offline', () => {
  it('shows the saved copy with its age when the network is cut', async () => {
    const item = await singleProductGroup();
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await page.goto('/hire');
    await waitForWorker(page);
    const date = nextSaturday(44);
    await chooseDate(page, date);
    let dialog = await openItem(page, item.groupId, item.name);
    await dialog.getByText(`${item.stock} free on ${shortDate(date, DEMO_ZONE)}`).waitFor();
    await page.keyboard.press('Escape');
    await cutNetwork(context);
    await page.reload();
    dialog = await openItem(page, item.groupId, item.name);
    await dialog.getByText(`${item.stock} free on ${shortDate(date, DEMO_ZONE)}`).waitFor();
    // The label follows the page's own word that it is offline, which a busy machine can take a while to give.
    await expect
      .poll(() => dialog.locator('.detail__stock').innerText(), { timeout: 20_000 })
      .toMatch(/saved copy, from just now|saved copy, from \d+ minutes ago/);
    await context.close();
  });
});

describe('availability saved for offline', () => {
  it('keeps the event date’s availability in the saved catalogue, shown with the age of that copy', async () => {
    const item = await singleProductGroup();
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await page.goto('/hire');
    await waitForWorker(page);
    const date = nextSaturday(45);
    await chooseDate(page, date);
    await page.getByRole('main').getByRole('button', { name: 'Save catalogue for offline' }).click();
    const save = page.getByRole('dialog', { name: 'Save catalogue for offline' });
    await save.getByRole('button', { name: 'Save catalogue', exact: true }).click();
    await save
      .getByText(/^Saved \d+ files \([\d.]+ MB\)\. The store now uses [\d.]+ MB on this device\.$/)
      .waitFor({ timeout: 120_000 });
    await page.keyboard.press('Escape');
    // Another shopper books one after the save; the saved copy still says what was free then.
    await book(item.productId, 1, date);
    // Nothing else holds that day's answer: not the worker's runtime copy, not the page's query cache.
    await page.evaluate(async () => {
      await caches.delete('catalogue-api-v1');
      indexedDB.deleteDatabase('storefront-query-cache');
    });
    await cutNetwork(context);
    await page.reload();
    const dialog = await openItem(page, item.groupId, item.name);
    await dialog.getByText(`${item.stock} free on ${shortDate(date, DEMO_ZONE)}`).waitFor();
    // The label follows the page's own word that it is offline, which a busy machine can take a while to give.
    await expect
      .poll(() => dialog.locator('.detail__stock').innerText(), { timeout: 20_000 })
      .toMatch(/saved copy, from just now|saved copy, from \d+ minutes ago/);
    await context.close();
  });
});

/** The team page is not the app: choose the date from the shop. */
async function chooseDateOn(page: Page, date: string) {
  await page.goto('/hire');
  await chooseDate(page, date);
}
