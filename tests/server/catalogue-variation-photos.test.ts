import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCatalogue } from '../../server/catalogue-io/export-catalogue';
import { importCatalogue } from '../../server/catalogue-io/import-catalogue';
import { storedOrderView } from '../../server/orders';
import { SATURDAY, weekdayAhead } from '../fixtures/hire-dates';
import { makeTestApp, orderAsNewCustomer, type TestApp } from './helpers';

/**
 * Issue 47: a variation's photo. A products.csv row's photo is that product's: the API gives it to
 * the popup and the cart, and the order's emails show it; a row without one shows its group's.
 */
let t: TestApp;
let folder: string;
let photosDir: string;

const photo = (colour: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  t = await makeTestApp();
  photosDir = await mkdtemp(path.join(os.tmpdir(), 'storefront-variation-photos-'));
  t.config.photosDir = photosDir;
  folder = await mkdtemp(path.join(os.tmpdir(), 'storefront-variations-'));
  await mkdir(path.join(folder, 'photos'));
  await writeFile(path.join(folder, 'photos', 'linen-sage.jpg'), await photo('#9caf88'));
  await writeFile(path.join(folder, 'photos', 'linen-rust.jpg'), await photo('#b7472a'));
  await writeFile(
    path.join(folder, 'products.csv'),
    [
      'sku,name,group,variation,description,price,stock,tags,photo,show_in_store',
      'LN-SAGE,Linen Napkin - Sage,Linen Napkin,Colour: Sage,Stonewashed linen.,2.00,200,,photos/linen-sage.jpg,yes',
      'LN-RUST,Linen Napkin - Rust,Linen Napkin,Colour: Rust,,2.00,200,,photos/linen-rust.jpg,yes',
      'LN-WHITE,Linen Napkin - White,Linen Napkin,Colour: White,,2.00,200,,,yes',
    ].join('\n'),
  );
  const report = await importCatalogue(t.db, folder, { photosDir });
  expect(report.problems).toEqual([]);
  await t.cache.version.refresh();
});
afterAll(async () => {
  await t?.close();
  await rm(folder, { recursive: true, force: true });
  await rm(photosDir, { recursive: true, force: true });
});

const productPhotos = async () => {
  const rows = (
    await t.db.$client.execute(
      "SELECT p.id, p.sku, p.photo_url, g.id AS g, g.photo_url AS group_photo FROM products p JOIN product_groups g ON g.id = p.product_group_id WHERE p.sku LIKE 'LN-%' ORDER BY p.sku",
    )
  ).rows;
  return Object.fromEntries(rows.map((row) => [String(row.sku), row]));
};

describe('a variation’s photo', () => {
  it('is its own in the API, the group’s for a row without one', async () => {
    const rows = await productPhotos();
    const group = String(rows['LN-SAGE']?.g);
    const detail = (await t.json(`/api/product-groups/${group}`)).body as {
      included: { id: string; attributes: { name: string; photo_url: string } }[];
    };
    const photoOf = (sku: string) => detail.included.find((p) => p.id === rows[sku]?.id)?.attributes.photo_url;
    expect(photoOf('LN-SAGE')).toMatch(/^\/photos\/.+\/large_[a-f0-9]+\.webp$/);
    expect(photoOf('LN-RUST')).toMatch(/^\/photos\/.+\/large_[a-f0-9]+\.webp$/);
    expect(photoOf('LN-RUST')).not.toBe(photoOf('LN-SAGE'));
    // The group's photo is its first row's; the white napkin, with none of its own, shows it.
    expect(photoOf('LN-WHITE')).toBe(rows['LN-WHITE']?.group_photo);
    expect(photoOf('LN-SAGE')).toBe(rows['LN-WHITE']?.group_photo);
  });

  it('is the order line’s photo, as the customer’s emails and the workspace show it', async () => {
    const rows = await productPhotos();
    const made = await orderAsNewCustomer(t, String(rows['LN-RUST']?.id), 10, weekdayAhead(SATURDAY, 9));
    expect(made.status).toBe(201);
    const { view } = await storedOrderView(t.db, t.mail, made.body.order.data.id);
    const hash = (url: unknown) => /large_([a-f0-9]+)\.webp$/.exec(String(url))?.[1] ?? 'none';
    expect(view.items).toHaveLength(1);
    expect(view.items[0]?.photoUrl).toContain(hash(rows['LN-RUST']?.photo_url));
    expect(view.items[0]?.photoUrl).not.toContain(hash(rows['LN-SAGE']?.photo_url));
  });

  it('is written by the export on its own row, so that importing the export changes nothing', async () => {
    const before = await productPhotos();
    const exported = await mkdtemp(path.join(os.tmpdir(), 'storefront-variations-export-'));
    try {
      await exportCatalogue(t.db, exported, photosDir);
      const csv = await readFile(path.join(exported, 'products.csv'), 'utf8');
      const photoCell = (sku: string) =>
        csv
          .split('\n')
          .find((line) => line.startsWith(`${sku},`))
          ?.split(',')
          .at(-3);
      expect(photoCell('LN-SAGE')).toMatch(/^photos\/.+/);
      expect(photoCell('LN-RUST')).toMatch(/^photos\/.+/);
      expect(photoCell('LN-WHITE')).toBe('');
      const report = await importCatalogue(t.db, exported, { photosDir });
      expect(report.problems).toEqual([]);
      expect(report.changes).toEqual([]);
      expect(await productPhotos()).toEqual(before);
    } finally {
      await rm(exported, { recursive: true, force: true });
    }
  });
});
