import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';

/**
 * The catalogue cache seen from outside: answers change with the data they come from (the next read
 * after a write, once the version-check interval has passed), ETags revalidate, encodings agree, and
 * the cache keeps to its bound.
 */
const CHECK_MS = 250;
/** Waits out the version-check interval: the next read must then see any write made before. */
const intervalPassed = () => new Promise((resolve) => setTimeout(resolve, CHECK_MS));

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp({ catalogueVersionCheckMs: CHECK_MS });
});
afterEach(async () => t.close());

const one = async (sql: string, args: (string | number)[] = []) =>
  (await t.db.$client.execute({ sql, args })).rows[0] as Record<string, unknown>;
const exec = (sql: string, args: (string | number)[] = []) => t.db.$client.execute({ sql, args });

/** A visible group tagged decor with a product in store, and that product. */
async function decorGroup() {
  const row = await one(
    `SELECT g.id AS group_id, p.id AS product_id FROM product_groups g
     JOIN item_tags t ON t.owner_id = g.id AND t.tag = 'decor'
     JOIN products p ON p.product_group_id = g.id AND p.archived = 0 AND p.show_in_store = 1
     WHERE g.archived = 0 AND g.show_in_store = 1 ORDER BY g.position LIMIT 1`,
  );
  return { groupId: String(row.group_id), productId: String(row.product_id) };
}

const listing = async () => (await t.json('/api/boomerang/items?tag=decor&page=1&per_page=30')).body;
const inListing = async (groupId: string) =>
  (await listing()).data.find((item: { id: string }) => item.id === groupId) as any;

describe('catalogue reads follow the data', () => {
  it('shows a changed price in the next read', async () => {
    const { groupId, productId } = await decorGroup();
    const before = await t.json(`/api/products/${productId}`);
    await inListing(groupId);
    await exec('UPDATE products SET base_price_in_cents = 12345 WHERE id = ?', [productId]);
    await exec('UPDATE product_groups SET base_price_in_cents = 12345 WHERE id = ?', [groupId]);
    await intervalPassed();
    const after = await t.json(`/api/products/${productId}`);
    expect(before.body.data.attributes.base_price_in_cents).not.toBe(12345);
    expect(after.body.data.attributes.base_price_in_cents).toBe(12345);
    expect((await inListing(groupId)).attributes.base_price_in_cents).toBe(12345);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  it('shows a changed stock count in the listing, the group and the product', async () => {
    const { groupId, productId } = await decorGroup();
    const stockBefore = (await inListing(groupId)).attributes.inventory.stock_count;
    await exec('UPDATE products SET stock_count = stock_count + 40 WHERE id = ?', [productId]);
    await intervalPassed();
    expect((await inListing(groupId)).attributes.inventory.stock_count).toBe(stockBefore + 40);
    const group = await t.json(`/api/product-groups/${groupId}`);
    expect(group.body.data.attributes.inventory.stock_count).toBe(stockBefore + 40);
  });

  it('drops an archived group from the listing and the search at once', async () => {
    const { groupId } = await decorGroup();
    const name = String((await one('SELECT name FROM product_groups WHERE id = ?', [groupId])).name);
    const search = `/api/boomerang/items?query=${encodeURIComponent(name)}`;
    expect((await t.json(search)).body.data.map((item: { id: string }) => item.id)).toContain(groupId);
    const totalBefore = (await listing()).meta.total_items;
    await exec('UPDATE product_groups SET archived = 1 WHERE id = ?', [groupId]);
    await intervalPassed();
    expect(await inListing(groupId)).toBeUndefined();
    expect((await listing()).meta.total_items).toBe(totalBefore - 1);
    expect((await t.json(search)).body.data.map((item: { id: string }) => item.id)).not.toContain(groupId);
  });

  it('shows a changed and an added photo', async () => {
    const { groupId } = await decorGroup();
    const before = (await t.json(`/api/photos?owner_id=${groupId}`)).body.data;
    await exec(
      `INSERT INTO photos (id, owner_id, owner_type, large_url, xlarge_url, width, height, position)
       VALUES ('new-photo', ?, 'product_groups', '/photos/x/large_new.webp', '/photos/x/xlarge_new.webp', 1200, 1200, 99)`,
      [groupId],
    );
    await exec('UPDATE product_groups SET photo_url = ? WHERE id = ?', ['/photos/x/large_new.webp', groupId]);
    await intervalPassed();
    const after = (await t.json(`/api/photos?owner_id=${groupId}`)).body.data;
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1).attributes.large_url).toBe('/photos/x/large_new.webp');
    expect((await inListing(groupId)).attributes.photo_url).toBe('/photos/x/large_new.webp');
  });

  it('shows a changed bundle item in the bundle, its price and availability', async () => {
    const bundle = await one(
      `SELECT b.id, bi.id AS item_id, bi.quantity FROM bundles b JOIN bundle_items bi ON bi.bundle_id = b.id
       WHERE b.archived = 0 AND b.show_in_store = 1 ORDER BY b.position, bi.position LIMIT 1`,
    );
    const before = (await t.json(`/api/bundles/${bundle.id}`)).body;
    await exec('UPDATE bundle_items SET quantity = quantity + 1, discount_percentage = 50 WHERE id = ?', [
      String(bundle.item_id),
    ]);
    await intervalPassed();
    const after = (await t.json(`/api/bundles/${bundle.id}`)).body;
    const item = (body: any) => body.included.find((i: { id: string }) => i.id === bundle.item_id).attributes;
    expect(item(after).quantity).toBe(Number(bundle.quantity) + 1);
    expect(item(after).discount_percentage).toBe(50);
    expect(after.data.attributes.base_price_in_cents).not.toBe(before.data.attributes.base_price_in_cents);
  });

  it('answers an unknown id 404 and finds the item once it exists', async () => {
    const { groupId } = await decorGroup();
    const missing = await t.json('/api/product-groups/not-yet-here');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Product group not found');
    await exec(
      `INSERT INTO product_groups (id, slug, name, description, photo_url, base_price_in_cents, variation_fields, position)
       SELECT 'not-yet-here', 'not-yet-here', 'Brand new plinth', description, photo_url, 5000, '[]', 999
       FROM product_groups WHERE id = ?`,
      [groupId],
    );
    await intervalPassed();
    const found = await t.json('/api/product-groups/not-yet-here');
    expect(found.status).toBe(200);
    expect(found.body.data.attributes.name).toBe('Brand new plinth');
  });
});

describe('ETags and encodings', () => {
  const path = '/api/boomerang/items?tag=decor&page=1&per_page=30';

  it('answers 304 with no body for a matching If-None-Match, and 200 with a new ETag after a change', async () => {
    const first = await t.request(path);
    const etag = first.headers.get('etag') ?? '';
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('vary')).toBe('Accept-Encoding');

    const again = await t.request(path, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);

    const { groupId } = await decorGroup();
    await exec('UPDATE product_groups SET name = ? WHERE id = ?', ['Renamed candle holder', groupId]);
    await intervalPassed();
    const changed = await t.request(path, { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.text()).toContain('Renamed candle holder');
  });

  it('keeps the ETag when a change elsewhere leaves the answer as it was', async () => {
    const first = await t.request(path);
    await exec(
      // Items outside Decor and its children (a parent lists its children's items too).
      "UPDATE product_groups SET description = 'elsewhere' WHERE id NOT IN (SELECT owner_id FROM item_tags WHERE tag IN (SELECT key FROM categories WHERE key = 'decor' OR parent = 'decor'))",
    );
    await intervalPassed();
    const again = await t.request(path, { headers: { 'If-None-Match': first.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
  });

  it('gives the same JSON in brotli, gzip and plain', async () => {
    const raw = async (encoding: string) => {
      const response = await t.request(path, { headers: { 'Accept-Encoding': encoding } });
      return { encoding: response.headers.get('content-encoding'), body: Buffer.from(await response.arrayBuffer()) };
    };
    const [br, gz, plain] = [await raw('gzip, deflate, br'), await raw('gzip'), await raw('identity')];
    expect(br.encoding).toBe('br');
    expect(gz.encoding).toBe('gzip');
    expect(plain.encoding).toBeNull();
    const text = plain.body.toString();
    expect(JSON.parse(text).data.length).toBeGreaterThan(0);
    expect(brotliDecompressSync(br.body).toString()).toBe(text);
    expect(gunzipSync(gz.body).toString()).toBe(text);
    expect(br.body.length).toBeLessThan(gz.body.length);
  });

  it('serves a second read from the cache without building it again', async () => {
    await t.request(path);
    const before = t.cache.answers.stats();
    for (let i = 0; i < 5; i++) await t.request(path, { headers: { 'Accept-Encoding': 'gzip' } });
    const after = t.cache.answers.stats();
    expect(after.misses).toBe(before.misses);
    expect(after.hits).toBe(before.hits + 5);
  });

  it('answers a repeated read from the cache, with the same headers and body as the first answer', async () => {
    const first = await t.request(path, { headers: { 'Accept-Encoding': 'gzip' } });
    const hits = t.cache.answers.stats().hits;
    const second = await t.request(path, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(t.cache.answers.stats().hits).toBe(hits + 1);
    const names = (response: Response) => [...response.headers.keys()].sort();
    expect(names(second)).toEqual(names(first));
    expect(second.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    expect(second.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await second.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()));
  });

  it('shares one answer between spellings of the same search', async () => {
    const a = await t.request('/api/boomerang/items?query=Gold%20Vase');
    const misses = t.cache.answers.stats().misses;
    const b = await t.request('/api/boomerang/items?query=%20%20gold%20%20vase%20');
    expect(t.cache.answers.stats().misses).toBe(misses);
    expect(await b.text()).toBe(await a.text());
  });

  it('never keeps an invalid query (400) nor answers it from the cache', async () => {
    const bad = await t.json('/api/boomerang/items?tag=decor&page=0');
    expect(bad.status).toBe(400);
    expect(t.cache.answers.stats().entries).toBe(0);
  });
});

describe('the cache bound', () => {
  it('holds no more bytes than its bound under 10,000 distinct search queries', async () => {
    const bound = 512 * 1024;
    const small = await makeTestApp({ catalogueCacheBytes: bound });
    try {
      const words = ['vase', 'gold', 'plinth', 'ghost', 'table', 'candle', 'arch', 'silver', 'white', 'round'];
      let largest = 0;
      for (let i = 0; i < 10_000; i++) {
        // Real words in many combinations (answers of several KB) and words that match nothing.
        const query =
          i % 3 === 0 ? `zq${i}` : `${words[i % 10]} ${words[Math.floor(i / 10) % 10]} p${i}`.slice(0, i % 2 ? 11 : 40);
        const response = await small.request(
          `/api/boomerang/items?query=${encodeURIComponent(query)}&per_page=${1 + (i % 30)}`,
        );
        expect(response.status).toBe(200);
        await response.arrayBuffer();
        const { bytes } = small.cache.answers.stats();
        largest = Math.max(largest, bytes);
      }
      const stats = small.cache.answers.stats();
      expect(largest).toBeLessThanOrEqual(bound);
      expect(stats.misses).toBeGreaterThan(3_000);
      expect(stats.entries).toBeLessThan(stats.misses);
      expect(stats.bytes).toBeGreaterThan(bound / 2);
      // Still right after all that eviction.
      const vase = await small.json('/api/boomerang/items?query=vase');
      expect(vase.body.data.length).toBeGreaterThan(0);
    } finally {
      await small.close();
    }
    // 10,000 requests: about 30 s on the embedded file, over 120 s on sqld with the CPU loaded.
  }, 400_000);
});
