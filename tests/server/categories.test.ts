import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { importCatalogue } from '../../server/catalogue-io/import-catalogue';
import { readBusinessSettings } from '../../server/services/business';
import { readCategories } from '../../server/services/categories';
import { openDb } from '../../server/upgrades/open-db';
import type { Category } from '../../src/lib/api-contract/categories';
import { menuGroups } from '../../src/lib/api-contract/categories';
import { SPEC_MENU } from '../fixtures/spec-menu';
import { copyTemplateDb, copyTestPhotos, ROOT } from '../fixtures/test-db';
import { makeTestApp, type TestApp } from './helpers';

/**
 * Issue 32: categories come from the catalogue folder's categories.csv. A second business
 * (examples/harbour-lane) gets its own menu, pages and search; a parent lists its children's items;
 * empty categories stay out of the menu; an old key answers 301; the importer names every mistake.
 */
let t: TestApp;
let folder: string;
let photosDir: string;
const run = (dryRun = false) => importCatalogue(t.db, folder, { photosDir, dryRun });
const writeCategories = (lines: string[]) =>
  writeFile(
    path.join(folder, 'categories.csv'),
    ['key,name,parent,position,description,photo,old_keys', ...lines].join('\n'),
  );
async function categories(): Promise<Category[]> {
  await t.cache.version.refresh();
  return (await t.json<{ data: { categories: Category[] } }>('/api/business')).body.data.categories;
}
const names = async (url: string) =>
  (await t.json<{ data: { attributes: { name: string } }[] }>(url)).body.data.map((item) => item.attributes.name);

beforeAll(async () => {
  photosDir = await copyTestPhotos();
  t = await makeTestApp({ distDir: path.join(ROOT, 'dist'), photosDir });
  folder = await mkdtemp(path.join(os.tmpdir(), 'storefront-categories-'));
  await cp(path.join(ROOT, 'examples', 'harbour-lane'), folder, { recursive: true });
  const report = await run();
  expect(report.problems).toEqual([]);
});
afterAll(async () => {
  await t.close();
  await rm(folder, { recursive: true, force: true });
  await rm(photosDir, { recursive: true, force: true });
});

describe("a business's own categories", () => {
  it('serves its categories with their items, and a menu without the empty ones or the demo’s', async () => {
    const list = await categories();
    expect(list.map((c) => c.key)).toEqual([
      'furniture',
      'plinths_stands',
      'tableware',
      'candlesticks',
      'vessels',
      'lighting',
      'linen',
    ]);
    const tableware = list.find((c) => c.key === 'tableware');
    expect(tableware).toMatchObject({ name: 'Tableware', parent: null, items: 2, ownItems: 0 });
    expect(list.find((c) => c.key === 'candlesticks')?.photoUrl).toMatch(
      /^\/photos\/[0-9a-f-]+\/large_[0-9a-f]{16}\.webp$/,
    );
    expect(menuGroups(list)).toEqual([
      { key: 'furniture', title: 'Furniture', links: [{ key: 'plinths_stands', name: 'Plinths & Stands' }] },
      {
        key: 'tableware',
        title: 'Tableware',
        links: [
          { key: 'candlesticks', name: 'Candlesticks' },
          { key: 'vessels', name: 'Vessels & Urns' },
        ],
      },
    ]);
  });

  it("lists a parent's items with its children's, each once", async () => {
    // In catalogue order (the spreadsheet's), as every listing.
    expect(await names('/api/boomerang/items?tag=tableware')).toEqual(['Stone Urn', 'Brass Candlestick']);
    expect(await names('/api/boomerang/items?tag=vessels')).toEqual(['Stone Urn']);
    expect(await names('/api/boomerang/items?tag=lighting')).toEqual([]);
  });

  it('renders its menu, headings and descriptions, and none of the demo’s categories', async () => {
    const page = await t.request('/hire/tableware');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Tableware</h1>');
    expect(html).toContain('Candlesticks, vessels and urns for long tables.');
    expect(html).toContain('>Vessels &amp; Urns</a>');
    expect(html).not.toContain('>Lighting</a>');
    for (const demo of ['Backdrops', 'Ghost Plinths', 'Neon Signs', 'Others']) expect(html).not.toContain(`>${demo}<`);
    expect((await t.request('/hire/decor')).status).toBe(404);
  });

  it('sends an old key to the new one with a 301, paged listings too', async () => {
    const moved = await t.request('/hire/candle_holders', { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/hire/candlesticks');
    const paged = await t.request('/hire/plinths/page/2', { redirect: 'manual' });
    expect(paged.status).toBe(301);
    expect(paged.headers.get('location')).toBe('/hire/plinths_stands/page/2');
  });

  it('finds items by the names of their categories', async () => {
    await t.cache.version.refresh();
    expect(await names('/api/boomerang/items?query=tableware')).toEqual(['Brass Candlestick', 'Stone Urn']);
  });

  it('shows a renamed category on the next read, with no rebuild', async () => {
    const csv = await readFile(path.join(folder, 'categories.csv'), 'utf8');
    await writeFile(path.join(folder, 'categories.csv'), csv.replace('Vessels & Urns', 'Urns & Vases'));
    const report = await run();
    expect(report.categories).toEqual({ added: [], removed: [], changed: ['vessels'] });
    expect(report.changed).toEqual([]);
    expect((await categories()).find((c) => c.key === 'vessels')?.name).toBe('Urns & Vases');
    expect(await (await t.request('/hire/vessels')).text()).toContain('<h1>Urns &amp; Vases</h1>');
    await writeFile(path.join(folder, 'categories.csv'), csv);
    expect((await run()).categories.changed).toEqual(['vessels']);
  });
});

describe('categories.csv mistakes', () => {
  it('names each with its file, row and column, and imports nothing', async () => {
    const before = await categories();
    await writeCategories([
      'furniture,Furniture,,1,,,',
      'plinths_stands,Plinths & Stands,furniture,2,,,plinths',
      'Table Ware,Tableware,,3,,,',
      'candlesticks,,tableware,4,,,',
      'candlesticks,Candlesticks again,,5,,,',
      'vessels,Vessels,plinths_stands,6,,,',
      'lighting,Lighting,nowhere,seven,,,furniture',
    ]);
    const report = await run();
    expect(report.applied).toBe(false);
    const where = report.problems.map((p) => `${p.file}:${p.row ?? ''}:${p.column ?? ''}: ${p.message}`);
    expect(where).toEqual(
      expect.arrayContaining([
        'categories.csv:4:key: key "Table Ware" is not in URL form: lower case letters, digits, _ and -, such as table_linen',
        'categories.csv:5:name: name is required: the category as the menu shows it',
        'categories.csv:6:key: duplicate key candlesticks (also on row 5)',
        'categories.csv:7:parent: plinths_stands is itself under furniture: a parent must be a top-level category',
        'categories.csv:8:parent: unknown parent nowhere: not a key of categories.csv',
        'categories.csv:8:position: position "seven" is not a whole number, 0 or more',
        "categories.csv:8:old_keys: old key furniture is a category's key now: a link cannot lead to both",
        'categories.csv:5:parent: unknown parent tableware: not a key of categories.csv',
      ]),
    );
    expect(await categories()).toEqual(before);
  });

  it('refuses a tag that is not a category, and points from an old key to the new one', async () => {
    await writeCategories([
      'tableware,Tableware,,1,,,',
      'candlesticks,Candlesticks,tableware,2,,,candle_holders',
      'vessels,Vessels,tableware,3,,,',
    ]);
    const report = await run(true);
    const products = report.problems.filter((p) => p.file === 'products.csv');
    expect(products).toEqual([
      {
        file: 'products.csv',
        row: 2,
        column: 'tags',
        message: 'unknown tag plinths_stands: not a key of categories.csv',
      },
      {
        file: 'products.csv',
        row: 3,
        column: 'tags',
        message: 'unknown tag plinths_stands: not a key of categories.csv',
      },
    ]);
    const csv = await readFile(path.join(folder, 'products.csv'), 'utf8');
    await writeFile(path.join(folder, 'products.csv'), csv.replace('candlesticks,photos', 'candle_holders,photos'));
    const renamed = (await run(true)).problems.find((p) => p.row === 5);
    expect(renamed?.message).toBe('tag candle_holders was renamed candlesticks in categories.csv: use the new key');
    await writeFile(path.join(folder, 'products.csv'), csv);
  });

  it('makes each tag a category of its own when the folder has no categories.csv, with a note', async () => {
    await rm(path.join(folder, 'categories.csv'));
    const report = await run();
    expect(report.problems).toEqual([]);
    expect(report.notes.map((n) => n.message)).toContain(
      'no categories.csv: each tag becomes a category named after it (3); add the file to name, order and group them',
    );
    expect(report.categories.removed).toEqual(['furniture', 'lighting', 'linen', 'tableware']);
    const list = await categories();
    expect(menuGroups(list).map((g) => g.title)).toEqual(['Plinths Stands', 'Vessels', 'Candlesticks']);
  });
});

describe('a database seeded before categories.csv', () => {
  it("gets the demo's categories, terms, services and collage once on upgrade, giving the spec's menu", async () => {
    const file = await copyTemplateDb(inject('templateDb'));
    const old = await openDb({ url: file });
    await old.$client.execute('DELETE FROM categories');
    await old.$client.execute(
      "DELETE FROM data_migrations WHERE name IN ('0009_demo_categories', '0009_demo_terms', '0009_demo_site')",
    );
    // Settings as the previous release's data migration stored them: the demo's, with no terms.
    await old.$client.execute(
      "UPDATE business_settings SET settings = json_remove(settings, '$.terms', '$.services', '$.collage'), photos = '{}'",
    );
    expect(await readCategories(old)).not.toHaveLength(44);
    old.$client.close();
    const upgraded = await openDb({ url: file });
    const menu = menuGroups(await readCategories(upgraded));
    expect(menu.map((group) => ({ title: group.title, tags: group.links.map((link) => link.key) }))).toEqual(SPEC_MENU);
    const { termsHtml, services, collage } = await readBusinessSettings(upgraded);
    expect(termsHtml).toContain('<h2>Late returns</h2>');
    // Services and collage point at the photos such an install drew before (seed.ts drawSitePhotos).
    expect(services.map((s) => s.slug)).toEqual([
      'styling',
      'event-coordination',
      'custom-builds',
      'custom-signage',
      'faux-florals',
    ]);
    expect(services[0]?.photoUrls).toEqual([1, 2, 3].map((n) => `/photos/service-styling/large_styling-${n}.webp`));
    expect(collage).toHaveLength(11);
    expect(collage[0]).toEqual({
      url: '/photos/collage/large_collage-01-tableware.webp',
      title: 'Tableware',
      link: '/hire/tableware',
      small: true,
    });
    upgraded.$client.close();
  });
});
