import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { importCatalogue } from '../../server/catalogue-io/import-catalogue';
import { openDb } from '../../server/upgrades/open-db';
import { GENEROUS_LIMITS, type ServerProcess, startServerProcess } from '../fixtures/server-process';
import { copyTemplateDb, copyTestPhotos, ROOT } from '../fixtures/test-db';
import { sharedBrowser } from './browser';

const browser = sharedBrowser();
let server: ServerProcess;

// A server of its own over a copy of the database into which the example catalogue was imported.
beforeAll(async () => {
  const databaseFile = await copyTemplateDb(inject('templateDb'));
  const db = await openDb({ url: databaseFile });
  // Its own photo folder: the import replaces photos that other tests' databases still show.
  const photosDir = await copyTestPhotos();
  const report = await importCatalogue(db, path.join(ROOT, 'examples', 'catalogue'), { photosDir });
  db.$client.close();
  if (report.problems.length) throw new Error(JSON.stringify(report.problems));
  server = await startServerProcess({ DATABASE_URL: databaseFile, PHOTOS_DIR: photosDir, ...GENEROUS_LIMITS });
});
afterAll(async () => {
  await server?.stop();
});

describe('an imported catalogue', () => {
  it('lists an imported item and opens it with its photo, variations and price', async () => {
    const context = await browser().newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/hire/pots_vases');
    const card = page.getByRole('list', { name: 'Hire items' }).getByRole('heading', { name: 'Stone Urn' });
    await card.click();
    const dialog = page.getByRole('dialog', { name: 'Stone Urn' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const photo = dialog.locator('img').first();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 })
      .toBe(true);
    expect(await photo.getAttribute('src')).toMatch(/\/photos\/[0-9a-f-]+\/x?large_[0-9a-f]{16}\.webp$/);
    expect(await dialog.textContent()).toContain('$35.00');
    await expect.poll(() => dialog.getByRole('radio', { name: /White/ }).count()).toBeGreaterThan(0);
    await context.close();
  });
});
