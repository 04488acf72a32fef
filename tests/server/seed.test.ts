import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../server/seed/seed';
import { openDb } from '../../server/upgrades/open-db';
import { HIRE_TAGS } from '../fixtures/spec-menu';
import { copyTestPhotos, TEST_PHOTOS_DIR } from '../fixtures/test-db';
import { makeTestApp, type TestApp } from './helpers';

let t: TestApp;
afterAll(() => t?.close());
beforeAll(async () => {
  t = await makeTestApp();
});

const rows = async (sql: string) => (await t.db.$client.execute(sql)).rows;

describe('demo catalogue', () => {
  it('has at least 250 products, 20 bundles and items under every tag', async () => {
    expect(await t.count('products')).toBeGreaterThanOrEqual(250);
    expect(await t.count('bundles')).toBeGreaterThanOrEqual(20);
    const tags = new Set((await rows('SELECT DISTINCT tag FROM item_tags')).map((r) => r.tag));
    for (const tag of HIRE_TAGS) expect(tags.has(tag), tag).toBe(true);
  });

  it('gives groups 2 to 6 variations, stock from 1 to 200, and some archived, hidden and sold-out items', async () => {
    const sizes = await rows('SELECT COUNT(*) AS n FROM products GROUP BY product_group_id HAVING n > 1');
    expect(sizes.length).toBeGreaterThan(80);
    expect(sizes.every((r) => Number(r.n) >= 2 && Number(r.n) <= 6)).toBe(true);
    const [stock] = await rows(
      'SELECT MIN(stock_count) AS lo, MAX(stock_count) AS hi FROM products WHERE stock_count > 0',
    );
    expect(Number(stock?.lo)).toBeGreaterThanOrEqual(1);
    expect(Number(stock?.hi)).toBeLessThanOrEqual(200);
    expect((await rows('SELECT id FROM products WHERE stock_count = 0')).length).toBeGreaterThan(0);
    expect((await rows('SELECT id FROM product_groups WHERE archived = 1')).length).toBeGreaterThan(0);
    expect((await rows('SELECT id FROM product_groups WHERE show_in_store = 0')).length).toBeGreaterThan(0);
    expect((await rows('SELECT id FROM products WHERE archived = 1')).length).toBeGreaterThan(0);
  });

  it('mixes fixed products and group-only items with discounts in bundles', async () => {
    const [mix] = await rows(
      'SELECT SUM(product_id IS NULL) AS picks, SUM(product_id IS NOT NULL) AS fixed, MAX(discount_percentage) AS top FROM bundle_items',
    );
    expect(Number(mix?.picks)).toBeGreaterThan(10);
    expect(Number(mix?.fixed)).toBeGreaterThan(10);
    expect(Number(mix?.top)).toBeGreaterThan(0);
  });

  it('is deterministic: a second seed gives the same ids', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'storefront-seed-'));
    const db = await openDb({ url: path.join(dir, 'again.db') });
    // Into a copy of the photos: a seed imports the demo's history, then today, replacing (and so
    // removing) photo files in between, which tests running beside it still read.
    const photosDir = await copyTestPhotos();
    const demoDir = `${TEST_PHOTOS_DIR}-demo-catalogue`;
    await seedCatalogue(db, { photosDir, demoDir });
    const ids = async (client: typeof db.$client) =>
      (await client.execute('SELECT id FROM products ORDER BY id')).rows.map((r) => r.id);
    expect(await ids(db.$client)).toEqual(await ids(t.db.$client));
    expect(await seedCatalogue(db, { photosDir, demoDir })).toBeNull();
    db.$client.close();
  });

  it('writes a distinct photo per item at two sizes, named after its owner, and keeps its original', async () => {
    const photos = await rows(
      "SELECT owner_id, large_url, xlarge_url FROM photos WHERE owner_type IN ('product_groups', 'bundles')",
    );
    expect(photos.length).toBe((await t.count('product_groups')) + (await t.count('bundles')));
    const sample = photos.slice(0, 5);
    const sizes = new Set<number>();
    for (const photo of sample) {
      expect(String(photo.large_url)).toContain(`/photos/${photo.owner_id}/large_`);
      const large = await sharp(
        path.join(TEST_PHOTOS_DIR, String(photo.large_url).slice('/photos/'.length)),
      ).metadata();
      const xlarge = await sharp(
        path.join(TEST_PHOTOS_DIR, String(photo.xlarge_url).slice('/photos/'.length)),
      ).metadata();
      expect(Math.max(large.width ?? 0, large.height ?? 0)).toBeLessThanOrEqual(500);
      expect(Math.max(xlarge.width ?? 0, xlarge.height ?? 0)).toBeLessThanOrEqual(1600);
      expect(xlarge.width).toBeGreaterThan(large.width ?? 0);
      const files = await readdir(path.join(TEST_PHOTOS_DIR, String(photo.owner_id)));
      sizes.add(files.filter((file) => /^(large|xlarge)_/.test(file)).length);
      // And the original as imported, for an export (never served).
      expect(files.filter((file) => file.startsWith('original_'))).toHaveLength(1);
    }
    expect(sizes).toEqual(new Set([2]));
  });

  it('gives every product group and bundle a photo of its own', async () => {
    const photos = await rows("SELECT large_url FROM photos WHERE owner_type IN ('product_groups', 'bundles')");
    const digests = new Set<string>();
    for (const photo of photos) {
      const bytes = await readFile(path.join(TEST_PHOTOS_DIR, String(photo.large_url).slice('/photos/'.length)));
      digests.add(createHash('sha1').update(bytes).digest('hex'));
    }
    expect(digests.size).toBe(photos.length);
  });

  it("has the collage's 11 photos and 3 for each service in its business.json, stored by the importer", async () => {
    const { collage, services } = (
      await t.json<{ data: { collage: { url: string; link: string | null }[]; services: { photoUrls: string[] }[] } }>(
        '/api/business',
      )
    ).body.data;
    expect(collage).toHaveLength(11);
    expect(collage[9]?.link).toBeNull();
    expect(services).toHaveLength(5);
    for (const service of services) expect(service.photoUrls).toHaveLength(3);
    for (const url of [...collage.map((entry) => entry.url), ...services.flatMap((s) => s.photoUrls)]) {
      expect(url).toMatch(/^\/photos\/[0-9a-f-]{36}\/large_[0-9a-f]{16}\.webp$/);
      expect((await t.request(url)).status, url).toBe(200);
    }
  });

  it('stores the collage at 280 px too, for a phone’s tiles, and serves it like the other sizes', async () => {
    const { collage } = (await t.json<{ data: { collage: { url: string }[] } }>('/api/business')).body.data;
    const url = collage[0]?.url as string;
    const response = await t.request(url.replace('/large_', '/small_'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    const small = Buffer.from(await response.arrayBuffer());
    expect((await sharp(small).metadata()).width).toBe(280);
    const large = await (await t.request(url)).arrayBuffer();
    expect(small.length).toBeLessThan(large.byteLength * 0.7);
    expect((await t.request(url.replace('/large_', '/tiny_'))).status).toBe(404);
  });

  it('leaves a seeded install alone, drawing only the site photos an install from before issue 32 points at', async () => {
    const photosDir = await mkdtemp(path.join(os.tmpdir(), 'storefront-site-photos-'));
    try {
      expect(await seedCatalogue(t.db, { photosDir })).toBeNull();
      expect(await readdir(photosDir)).toEqual([]);
      // A database seeded before: its site photos are rows of the photos table (migration 0009_demo_site).
      await t.db.$client.execute(
        "INSERT INTO photos (id, owner_id, owner_type, position, large_url, xlarge_url, width, height) VALUES ('legacy-1', 'collage', 'collage', 0, '/photos/collage/large_x.webp', '/photos/collage/xlarge_x.webp', 500, 500)",
      );
      expect(await seedCatalogue(t.db, { photosDir })).toBeNull();
      const collage = await readdir(path.join(photosDir, 'collage'));
      expect(collage.filter((file) => file.startsWith('small_'))).toHaveLength(11);
      expect((await readdir(photosDir)).every((dir) => dir === 'collage' || dir.startsWith('service-'))).toBe(true);
    } finally {
      await t.db.$client.execute("DELETE FROM photos WHERE id = 'legacy-1'");
      await rm(photosDir, { recursive: true, force: true });
    }
  }, 60_000);
});
