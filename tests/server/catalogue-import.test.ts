import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importCatalogue } from '../../server/catalogue-io/import-catalogue';
import { ROOT } from '../fixtures/test-db';
import { makeTestApp, type TestApp } from './helpers';

const EXAMPLE = path.join(ROOT, 'examples', 'catalogue');
const intervalPassed = () => new Promise((resolve) => setTimeout(resolve, 250));

let t: TestApp;
let photosDir: string;
let work: string;
beforeEach(async () => {
  t = await makeTestApp({ catalogueVersionCheckMs: 250 });
  photosDir = await mkdtemp(path.join(os.tmpdir(), 'storefront-import-photos-'));
  work = await mkdtemp(path.join(os.tmpdir(), 'storefront-import-folder-'));
  await cp(EXAMPLE, work, { recursive: true });
});
afterEach(async () => {
  await t.close();
  await rm(photosDir, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

const version = async () =>
  Number((await t.db.$client.execute('SELECT version FROM catalogue_version')).rows[0]?.version);
const run = (folder = work, extra: { dryRun?: boolean; keepMissing?: boolean } = {}) =>
  importCatalogue(t.db, folder, { photosDir, ...extra });
/** The visible products of that name (the search finds words, and partial matches too). */
const productsNamed = async (name: string) =>
  (
    await t.db.$client.execute({
      sql: 'SELECT id FROM products WHERE name = ? AND archived = 0 AND show_in_store = 1',
      args: [name],
    })
  ).rows;
const search = async (query: string) =>
  (await t.json(`/api/boomerang/items?query=${encodeURIComponent(query)}`)).body.data as any[];

describe('importing a catalogue folder', () => {
  it('says what a dry run would do and changes nothing', async () => {
    const before = { version: await version(), groups: await t.count('product_groups') };
    const report = await run(work, { dryRun: true });
    expect(report.problems).toEqual([]);
    expect(report.applied).toBe(false);
    // The demo has a Ghost Plinth group too: the folder's group of that name takes it over.
    expect(report.changed).toEqual(['product group Ghost Plinth']);
    expect(report.added).toHaveLength(2 + 7 + 1);
    expect(report.added).toContain('product PL-GHO-90 Ghost Plinth - 90 cm');
    expect(report.archived.length).toBeGreaterThan(100);
    expect(report.photos).toEqual({ toProcess: 4, unchanged: 0 });
    expect({ version: await version(), groups: await t.count('product_groups') }).toEqual(before);
  });

  it('loads products, groups with variations, a bundle and photos, and the running app shows them on its next read', async () => {
    expect(await productsNamed('Ghost Plinth - 90 cm')).toHaveLength(0);
    const report = await run();
    expect(report.problems).toEqual([]);
    expect(report.applied).toBe(true);
    await intervalPassed();
    const [plinth] = await search('Ghost Plinth');
    expect(plinth.attributes).toMatchObject({
      name: 'Ghost Plinth',
      base_price_in_cents: 4500,
      variation_fields: ['Height'],
    });
    const detail = (await t.json(`/api/product-groups/${plinth.id}`)).body;
    expect(
      detail.included
        .filter((p: any) => !p.attributes.archived)
        .map((p: any) => [p.attributes.name, p.attributes.variation_values, p.attributes.inventory.stock_count]),
    ).toEqual([
      ['Ghost Plinth - 60 cm', ['60 cm'], 6],
      ['Ghost Plinth - 90 cm', ['90 cm'], 4],
    ]);
    const urn = (await search('Stone Urn'))[0];
    expect(urn.attributes.variation_fields).toEqual(['Colour', 'Size']);
    const [bundle] = await search('Cake Table Styling Set');
    const bundleDetail = (await t.json(`/api/bundles/${bundle.id}`)).body;
    const items = bundleDetail.included.filter((i: any) => i.type === 'bundle_items').map((i: any) => i.attributes);
    expect(items.map((i: any) => [i.name, i.quantity, i.discount_percentage, Boolean(i.product_id)])).toEqual([
      ['Ghost Plinth - 90 cm', 1, 10, true],
      ['Gold Taper Holder', 3, 10, false],
      ['Stone Urn', 1, 10, false],
    ]);
    // 90 cm plinth 55.00 + 3 x Small taper holder from 8.00 + urn 35.00, less 10 %.
    expect(bundleDetail.data.attributes.base_price_in_cents).toBe(Math.round((5500 + 3 * 800 + 3500) * 0.9));
    // Photos in the two sizes the app shows, as WebP, under URLs that carry the owner id.
    const photos = (await t.json(`/api/photos?owner_id=${plinth.id}`)).body.data;
    expect(photos).toHaveLength(1);
    const { large_url, xlarge_url } = photos[0].attributes;
    expect(large_url).toMatch(new RegExp(`^/photos/${plinth.id}/large_[0-9a-f]{16}\\.webp$`));
    const xlarge = await sharp(path.join(photosDir, xlarge_url.slice('/photos/'.length))).metadata();
    const large = await sharp(path.join(photosDir, large_url.slice('/photos/'.length))).metadata();
    expect([xlarge.format, xlarge.width, xlarge.height]).toEqual(['webp', 1200, 900]);
    expect([large.width, large.height]).toEqual([500, 375]);
    // Everything the folder does not hold is archived, not deleted.
    expect(
      (await t.json('/api/boomerang/items?tag=decor')).body.data.map((i: any) => i.attributes.name).sort(),
    ).toEqual(['Gold Taper Holder', 'Stone Urn']);
    expect(await t.count('products')).toBeGreaterThan(300);
  });

  it('changes nothing when the same folder is imported again', async () => {
    await run();
    const before = await version();
    const again = await run();
    expect([again.added, again.changed, again.archived]).toEqual([[], [], []]);
    expect(again.photos).toEqual({ toProcess: 0, unchanged: 4 });
    expect(await version()).toBe(before);
  });

  it('archives an item taken out of the file, or keeps it with keepMissing; a changed price is a change', async () => {
    await run();
    const csv = await readFile(path.join(work, 'products.csv'), 'utf8');
    await writeFile(
      path.join(work, 'products.csv'),
      csv
        .split('\n')
        .filter((line) => !line.startsWith('VS-URN-WHT'))
        .join('\n')
        .replace(
          'CH-GLD-L,Gold Taper Holder - Large,Gold Taper Holder,Size: Large,,12.00',
          'CH-GLD-L,Gold Taper Holder - Large,Gold Taper Holder,Size: Large,,14.50',
        ),
    );
    const kept = await run(work, { keepMissing: true });
    expect(kept.archived).toEqual([]);
    expect(kept.changed).toEqual(['product CH-GLD-L Gold Taper Holder - Large']);
    const report = await run();
    expect(report.archived).toEqual(['product Stone Urn - White']);
    await intervalPassed();
    const urn = (await search('Stone Urn'))[0];
    const products = (await t.json(`/api/product-groups/${urn.id}`)).body.included;
    expect(products.map((p: any) => [p.attributes.name, p.attributes.archived])).toEqual([
      ['Stone Urn - Natural', false],
      ['Stone Urn - White', true],
    ]);
  });

  it('applies EXIF orientation and strips metadata', async () => {
    const sideways = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c8ad86' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Tan & Tassel', Artist: 'Phone camera' } } })
      .toBuffer();
    await writeFile(path.join(work, 'photos', 'ghost-plinth.jpg'), sideways);
    expect((await run()).problems).toEqual([]);
    await intervalPassed();
    const [plinth] = await search('Ghost Plinth');
    const url = (await t.json(`/api/photos?owner_id=${plinth.id}`)).body.data[0].attributes.xlarge_url;
    const meta = await sharp(path.join(photosDir, url.slice('/photos/'.length))).metadata();
    expect([meta.width, meta.height]).toEqual([900, 1200]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });
});

describe('a folder with problems', () => {
  const writeCsv = (name: string, text: string) => writeFile(path.join(work, name), text);

  it('names every problem with its file, row and column, and changes nothing', async () => {
    await writeFile(path.join(work, 'photos', 'notes.jpg'), 'this is not a picture');
    await writeCsv(
      'products.csv',
      [
        'sku,name,group,variation,description,price,stock,tags,photo,show_in_store',
        'A-1,Arch,Arches,Size: Large,,120.00,2,ceremony_arches,photos/ghost-plinth.jpg,yes',
        'A-1,Arch again,Arches,Size: Small,,abc,2,ceremony_arches|glitter_walls,,yes',
        'B-1,Bench,,,,40.00,-3,seating,photos/missing.jpg,maybe',
        'C-1,Cloth,,Colour Gold,,12.00,1,tableclothes,photos/notes.jpg,yes',
      ].join('\n'),
    );
    await writeCsv(
      'bundles.csv',
      [
        'bundle_sku,name,description,photo,tags,item_group,item_sku,quantity,discount_percentage',
        'S-1,Set,,,wedding,Unicorns,,1,10',
        'S-1,,,,,Arches,B-1,0,150',
      ].join('\n'),
    );
    const before = { version: await version(), products: await t.count('products') };
    const report = await run();
    const found = report.problems.map((p) => `${p.file}:${p.row}:${p.column}`);
    expect(report.applied).toBe(false);
    expect(found).toEqual(
      expect.arrayContaining([
        'products.csv:3:sku', // duplicate sku
        'products.csv:3:price', // price not a number
        'products.csv:3:tags', // unknown tag
        'products.csv:4:stock',
        'products.csv:4:show_in_store',
        'products.csv:4:photo', // missing photo
        'products.csv:5:variation',
        'products.csv:5:photo', // not an image
        'bundles.csv:2:item_group', // unknown group
        'bundles.csv:3:item_sku', // a sku of another group
        'bundles.csv:3:quantity',
        'bundles.csv:3:discount_percentage',
      ]),
    );
    const messages = report.problems.map((p) => p.message).join('\n');
    expect(messages).toContain('duplicate sku A-1 (also on row 2)');
    expect(messages).toContain('price "abc" is not a number of dollars');
    expect(messages).toContain('unknown tag glitter_walls');
    expect(messages).toContain('missing photo photos/missing.jpg');
    expect(messages).toContain('photo photos/notes.jpg is not an image');
    expect(messages).toContain('unknown group Unicorns: not in products.csv');
    expect({ version: await version(), products: await t.count('products') }).toEqual(before);
    expect(report.photos).toEqual({ toProcess: 0, unchanged: 0 });
  });

  it('imports nothing at all when one row of many is wrong', async () => {
    const csv = await readFile(path.join(work, 'products.csv'), 'utf8');
    await writeCsv('products.csv', `${csv.trimEnd()}\nZZ-1,Broken row,,,,12.5.0,1,decor,,yes\n`);
    const before = { version: await version(), products: await t.count('products') };
    const report = await run();
    expect(report.problems).toEqual([
      {
        file: 'products.csv',
        row: 9,
        column: 'price',
        message: 'price "12.5.0" is not a number of dollars such as 45.00',
      },
    ]);
    expect({ version: await version(), products: await t.count('products') }).toEqual(before);
    expect(await productsNamed('Ghost Plinth - 90 cm')).toHaveLength(0);
  });

  it('refuses a photo path that leaves the folder', async () => {
    await rm(path.join(work, 'bundles.csv'));
    await writeCsv('products.csv', 'sku,name,price,stock,photo\nP-1,Plinth,40.00,2,../../etc/passwd\n');
    const report = await run();
    expect(report.problems).toEqual([
      {
        file: 'products.csv',
        row: 2,
        column: 'photo',
        message: 'photo ../../etc/passwd is outside the catalogue folder',
      },
    ]);
  });
});

describe('spreadsheet dialects', () => {
  it('reads the same catalogue from semicolons with a byte-order mark, quoted commas and line breaks', async () => {
    const comma = await readFile(path.join(work, 'products.csv'), 'utf8');
    const { parseCsv } = await import('../../server/catalogue-io/read-folder');
    const rows = parseCsv(comma);
    const semicolon = `\uFEFF${rows
      .map((cells) =>
        cells
          .map((cell) => (/[;"\n]/.test(cell) || cell.includes(',') ? `"${cell.replace(/"/g, '""')}"` : cell))
          .join(';'),
      )
      .join('\r\n')}\r\n`;
    expect(parseCsv(semicolon)).toEqual(rows);
    // A description with a line break inside its quotes, and the semicolon file imported whole.
    await writeFile(
      path.join(work, 'products.csv'),
      semicolon.replace('Sold singly; tapers not included.', 'Sold singly.\nTapers, not included.'),
    );
    const report = await run();
    expect(report.problems).toEqual([]);
    await intervalPassed();
    const [holder] = await search('Gold Taper Holder');
    expect(holder.attributes.description).toContain('Sold singly.\nTapers, not included.');
    expect(holder.attributes.variation_fields).toEqual(['Size']);
  });
});
