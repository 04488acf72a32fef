import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { importCatalogue } from '../../server/catalogue-io/import-catalogue';
import { openDb } from '../../server/db/client';
import { GENEROUS_LIMITS, type ServerProcess, startServerProcess } from '../fixtures/server-process';
import { copyTemplateDb, copyTestPhotos, ROOT } from '../fixtures/test-db';
import { axeViolations, sharedBrowser } from './browser';

/**
 * Issue 32: a second business's folder (examples/harbour-lane: its business.json, logo and products)
 * makes the header, footer and About its own, with none of the demo's details.
 */
const browser = sharedBrowser();
let server: ServerProcess;
const DEMO_WORDS = ['Tan & Tassel', 'Riverwood', '5550 2184', 'tanandtassel', 'Belmore'];

beforeAll(async () => {
  const databaseFile = await copyTemplateDb(inject('databaseFile'));
  const db = await openDb({ url: databaseFile });
  // Its own photo folder: the import replaces photos that other tests' databases still show.
  const photosDir = await copyTestPhotos();
  const report = await importCatalogue(db, path.join(ROOT, 'examples', 'harbour-lane'), { photosDir });
  db.$client.close();
  if (report.problems.length) throw new Error(JSON.stringify(report.problems));
  server = await startServerProcess({ DATABASE_URL: databaseFile, PHOTOS_DIR: photosDir, ...GENEROUS_LIMITS });
});
afterAll(async () => {
  await server?.stop();
});

describe('a second business’s shop', () => {
  it.each([390, 1440])('shows its own name, logo, contact details and hours at %i px', async (width) => {
    const context = await browser().newContext({ baseURL: server.url, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto('/hire/tableware');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Tableware');
    const home = page.getByRole('link', { name: 'Harbour Lane Hire Furniture, linen & lighting, home', exact: true });
    await expect.poll(() => home.isVisible()).toBe(true);
    expect(await home.locator('img').getAttribute('src')).toMatch(/^\/brand\/logo_[0-9a-f]{16}\.svg$/);
    const footer = page.locator('footer');
    const footerText = await footer.innerText();
    expect(footerText).toContain('8 Wharf Street, Balmain NSW 2041');
    expect(footerText).toContain('(02) 5550 7731');
    expect(await footer.getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe(
      'https://instagram.com/harbourlanehire',
    );
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#1f4e5f');

    if (width < 800) {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: 'About' }).click();
    } else {
      await page.getByRole('button', { name: 'About', exact: true }).first().click();
    }
    const about = page.getByRole('dialog', { name: 'About Harbour Lane Hire' });
    await expect.poll(() => about.isVisible()).toBe(true);
    const aboutText = await about.innerText();
    expect(aboutText).toContain('from our Balmain shed');
    expect(aboutText).toMatch(/Tuesday and Wednesday\s+9am-3pm/);
    expect(aboutText).toContain('bookings@harbourlane.example');
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await expect.poll(() => about.isVisible()).toBe(false);
    // Its own categories in the Hire menu: the empty ones (Lighting, Linen) and the demo's left out.
    if (width < 800) {
      await page.getByRole('button', { name: 'Menu' }).click();
    } else {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Hire' }).click();
    }
    const groups = page.locator(width < 800 ? '#mobile-menu .hire-menu__group' : '.site-header__nav .hire-menu__group');
    await expect.poll(() => groups.first().isVisible()).toBe(true);
    expect(await groups.locator('summary, h2').allTextContents()).toEqual(['Furniture', 'Tableware']);
    expect(await groups.locator('a').allTextContents()).toEqual(['Plinths & Stands', 'Candlesticks', 'Vessels & Urns']);
    expect(await axeViolations(page)).toEqual([]);

    const shown = `${await page.getByRole('banner').innerText()}\n${footerText}\n${aboutText}`;
    expect(DEMO_WORDS.filter((word) => shown.includes(word))).toEqual([]);
    await context.close();
  });
});
