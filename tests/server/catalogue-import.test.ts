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
    expect(await search('ghost plinth 90')).toHaveLength(0);
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
