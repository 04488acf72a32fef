import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { importCatalogue } from '../../server/catalogue-io/import-catalogue';
import { openDb } from '../../server/upgrades/open-db';
import { dayAndMonth } from '../../src/lib/api-contract/dates';
import { addDays, weekdayOf } from '../../src/lib/api-contract/hold-window';
import { KOWHAI, SALTBUSH } from '../fixtures/businesses';
import { GENEROUS_LIMITS, type ServerProcess, startServerProcess } from '../fixtures/server-process';
import { copyTemplateDb, copyTestPhotos, ROOT } from '../fixtures/test-db';
import { axeViolations, followHydration, sharedBrowser } from './browser';

/**
 * Issue 47: any hire business, anywhere. An Auckland business (New Zealand dollars, 15% GST in its
 * prices, a +64 phone, Auckland's public holidays) and a Perth one (pickups on Thursday and Friday,
 * Western Australia's public holidays), each from a folder of its own, in the browser.
 */
const browser = sharedBrowser();

const AUCKLAND = {
  ...KOWHAI,
  opening_hours: { monday: '9am-5pm', wednesday: '9am-5pm', friday: '9am-5pm', saturday: '9am-12pm' },
  public_holidays: 'NZ-AUK',
  tagline: 'Party and wedding hire, Ponsonby',
};

const servers: ServerProcess[] = [];
const folders: string[] = [];

/** A server for a business: the example catalogue's products and photos with its own business.json. */
async function shopOf(settings: object): Promise<ServerProcess> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'storefront-business-'));
  folders.push(folder);
  await cp(path.join(ROOT, 'examples', 'catalogue'), folder, { recursive: true });
  await writeFile(path.join(folder, 'business.json'), JSON.stringify(settings, null, 2));
  const databaseFile = await copyTemplateDb(inject('templateDb'));
  const db = await openDb({ url: databaseFile });
  const photosDir = await copyTestPhotos();
  const report = await importCatalogue(db, folder, { photosDir });
  db.$client.close();
  if (report.problems.length) throw new Error(JSON.stringify(report.problems));
  const server = await startServerProcess({ DATABASE_URL: databaseFile, PHOTOS_DIR: photosDir, ...GENEROUS_LIMITS });
  servers.push(server);
  return server;
}

let auckland: ServerProcess;
let perth: ServerProcess;
beforeAll(async () => {
  [auckland, perth] = await Promise.all([shopOf(AUCKLAND), shopOf(SALTBUSH)]);
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function phonePage(server: ServerProcess) {
  const context = followHydration(
    await browser().newContext({ baseURL: server.url, viewport: { width: 390, height: 844 }, hasTouch: true }),
  );
  return { context, page: await context.newPage() };
}

describe('an Auckland business', () => {
  it('shows New Zealand dollars, its +64 phone and prices with 15% GST down to the checkout', async () => {
    const { context, page } = await phonePage(auckland);
    await page.goto('/hire/candle_holders');
    const footer = page.locator('footer');
    await expect.poll(() => footer.innerText()).toContain('Prices in New Zealand dollars. Prices include GST.');
    expect(await footer.getByRole('link', { name: '(021) 555 0142' }).getAttribute('href')).toBe('tel:+64215550142');
    // Gold Taper Holder: from $8.00 before GST, $9.20 with New Zealand's 15%.
    const card = page.getByRole('listitem').filter({ hasText: 'Gold Taper Holder' });
    await expect.poll(() => card.locator('.product-card__price').innerText()).toBe('From $9.20 incl. GST');
    await card.getByRole('link').first().click();
    const dialog = page.getByRole('dialog', { name: 'Gold Taper Holder' });
    await dialog.getByRole('button', { name: 'Increase quantity' }).click();
    await dialog.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => dialog.getByText('Added to cart successfully!').isVisible()).toBe(true);
    await page.goto('/checkout');
    const summary = page.locator('.order-summary');
    await expect.poll(() => summary.locator('.cart-line__price').first().isVisible()).toBe(true);
    expect(await summary.locator('.cart-line__price').first().innerText()).toMatch(
      /^\$9\.20 incl\. GST\s+Line total \$18\.40$/,
    );
    expect((await summary.locator('.order-summary__totals').innerText()).replace(/\s+/g, ' ')).toBe('Total $18.40');
    expect(await summary.getByText('Total includes GST of $2.40').isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('a Perth business', () => {
  it('moves a pickup off a public holiday on a Friday to the Thursday before, in the picker and at checkout', async () => {
    const { closedDays, timeZone } = (await (await fetch(`${perth.url}/api/business`)).json()).data as {
      closedDays: { date: string; name: string }[];
      timeZone: string;
    };
    const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
    const closed = new Set(closedDays.map((day) => day.date));
    // A holiday on a Friday (Good Friday, every year) with the Thursday before it open, weeks ahead.
    const friday = closedDays.find(
      (day) => day.date > addDays(today, 7) && weekdayOf(day.date) === 5 && !closed.has(addDays(day.date, -1)),
    );
    if (!friday) throw new Error('no Friday holiday ahead');
    const saturday = addDays(friday.date, 1);
    const { context, page } = await phonePage(perth);
    await page.goto('/hire/candle_holders');
    await page
      .getByRole('button', { name: /When is your event|Event date/ })
      .first()
      .click();
    const picker = page.getByRole('dialog', { name: 'When is your event?' });
    await picker.getByLabel('Event date').fill(saturday);
    const note = picker.getByRole('status');
    const thursday = dayAndMonth(addDays(friday.date, -1), today);
    await expect
      .poll(() => note.innerText())
      .toContain(`For pickup, collect on Thursday ${thursday.replace(/^\w+ /, '')}`);
    expect(await axeViolations(page)).toEqual([]);
    await picker.getByRole('button', { name: 'Show availability' }).click();
    await expect.poll(() => picker.isVisible()).toBe(false);
    const card = page.getByRole('listitem').filter({ hasText: 'Gold Taper Holder' });
    await card.getByRole('link').first().click();
    const dialog = page.getByRole('dialog', { name: 'Gold Taper Holder' });
    await dialog.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => dialog.getByText('Added to cart successfully!').isVisible()).toBe(true);
    await page.goto('/checkout');
    const pickup = page.locator('label.delivery-option').filter({ hasText: 'Pickup (Dry Hire)' });
    await expect.poll(() => pickup.innerText()).toContain(`Pick up ${thursday}, return`);
    expect(await pickup.innerText()).toContain(
      'Pick up on the last of our pickup days (Thursday or Friday) on or before your event',
    );
    await context.close();
  });
});
