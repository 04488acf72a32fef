import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BundleDetailResponse,
  CatalogueItemResource,
  ListResponse,
  PhotoResource,
  ProductGroupDetailResponse,
} from '../../src/lib/api-contract';
import { HIRE_TAGS } from '../fixtures/spec-menu';
import { makeTestApp, type TestApp } from './helpers';

let t: TestApp;
afterAll(() => t?.close());
beforeAll(async () => {
  t = await makeTestApp();
});

const q = (text: string) => `/api/boomerang/items?query=${encodeURIComponent(text)}`;

describe('GET /api/product_groups', () => {
  it('defaults to page 1 of 20 and reports the total of visible groups', async () => {
    const { status, body } = await t.json<ListResponse<CatalogueItemResource>>('/api/product_groups');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(20);
    expect(body.meta).toMatchObject({ current_page: 1, per_page: 20 });
    const hidden = await t.db.$client.execute(
      'SELECT COUNT(*) AS n FROM product_groups WHERE archived = 1 OR show_in_store = 0',
    );
    expect(body.meta.total_items).toBe((await t.count('product_groups')) - Number(hidden.rows[0]?.n));
    const first = body.data[0];
    expect(first?.type).toBe('product_groups');
    expect(first?.attributes).toMatchObject({
      name: expect.any(String),
      description: expect.any(String),
      photo_url: expect.stringMatching(/^\/photos\/.+\/large_.+\.webp$/),
      base_price_in_cents: expect.any(Number),
      archived: false,
      show_in_store: true,
      inventory: { available: expect.any(Number), stock_count: expect.any(Number), plannable: expect.any(Number) },
      variation_fields: expect.any(Array),
    });
  });

  it('pages without overlap to the end', async () => {
    const ids = new Set<string>();
    let total = 0;
    for (let page = 1; page <= 10; page++) {
      const { body } = await t.json<ListResponse<CatalogueItemResource>>(
        `/api/product_groups?page=${page}&per_page=50`,
      );
      total = body.meta.total_items;
      for (const item of body.data) ids.add(item.id);
      if (body.data.length < 50) break;
    }
    expect(ids.size).toBe(total);
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['per_page=101', 'per_page'],
    ['per_page=-1', 'per_page'],
    ['page=1.5', 'page'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const { status, body } = await t.json(`/api/product_groups?${query}`);
    expect(status).toBe(400);
    expect(body.error).toContain(field);
    expect(body.issues[0].path).toBe(field);
  });
});

describe('GET /api/bundles', () => {
  it('lists visible bundles with a discounted price and their items', async () => {
    const { status, body } = await t.json<ListResponse<CatalogueItemResource>>('/api/bundles?per_page=100');
    expect(status).toBe(200);
    expect(body.meta.total_items).toBeGreaterThanOrEqual(20);
    expect(body.data.every((b) => b.type === 'bundles' && !b.attributes.archived && b.attributes.show_in_store)).toBe(
      true,
    );
    const names = body.data.map((b) => b.attributes.name);
    expect(names).not.toContain('Sequin Party Wall Package');
    expect(names).not.toContain('Travertine Display Set');
    const trio = body.data.find((b) => b.attributes.name === 'Mirror Plinth Set');
    // Silver mirror plinth 65 + 80 + 95 dollars, 12% off each.
    expect(trio?.attributes.base_price_in_cents).toBe(Math.round((6500 + 8000 + 9500) * 0.88));
    expect(
      trio?.relationships && 'bundle_items' in trio.relationships && trio.relationships.bundle_items.data,
    ).toHaveLength(3);
  });
});

describe('GET /api/boomerang/items by tag', () => {
  it('finds items for every tag of the Hire menu', async () => {
    for (const tag of HIRE_TAGS) {
      const { status, body } = await t.json<ListResponse<CatalogueItemResource>>(`/api/boomerang/items?tag=${tag}`);
      expect(status, tag).toBe(200);
      expect(body.meta.total_items, tag).toBeGreaterThan(0);
    }
  });

  it('mixes product groups and bundles of the tag and never shows hidden or archived items', async () => {
    const { body } = await t.json<ListResponse<CatalogueItemResource>>(
      '/api/boomerang/items?tag=backdrops&per_page=100',
    );
    const types = new Set(body.data.map((item) => item.type));
    expect(types).toEqual(new Set(['product_groups', 'bundles']));
    const names = body.data.map((item) => item.attributes.name);
    expect(names).not.toContain('Sequin Shimmer Wall');
    expect(names).not.toContain('Sequin Party Wall Package');
    // A parent lists its children's items too: each item is filed under Backdrops or one of its own.
    const backdrops = ['backdrops', 'solid_walls', 'metal_backdrops', 'ceremony_arches'];
    expect(body.data.filter((item) => !item.attributes.tags.some((tag) => backdrops.includes(tag)))).toEqual([]);
    expect(new Set(body.data.map((item) => item.id)).size).toBe(body.data.length);
  });

  it('pages by per_page and reports current_page', async () => {
    const { body } = await t.json<ListResponse<CatalogueItemResource>>(
      '/api/boomerang/items?tag=decor&page=2&per_page=5',
    );
    expect(body.meta).toMatchObject({ current_page: 2, per_page: 5 });
    expect(body.data).toHaveLength(5);
  });

  it('needs a tag or a query', async () => {
    const { status, body } = await t.json('/api/boomerang/items');
    expect(status).toBe(400);
    expect(body.error).toContain('tag or query');
  });

  it('rejects a malformed tag', async () => {
    expect((await t.json('/api/boomerang/items?tag=%3Cscript%3E')).status).toBe(400);
  });
});

describe('inventory', () => {
  it('sums the in-store stock of a group the same way on every list', async () => {
    const row = await t.db.$client.execute(
      "SELECT SUM(stock_count) AS n FROM products p JOIN product_groups g ON g.id = p.product_group_id WHERE g.name = 'Tiffany Chair' AND p.archived = 0",
    );
    const expected = Number(row.rows[0]?.n);
    expect(expected).toBeGreaterThan(0);
    const find = (body: ListResponse<CatalogueItemResource>) =>
      body.data.find((i) => i.attributes.name === 'Tiffany Chair');
    const searched = await t.json<ListResponse<CatalogueItemResource>>(q('tiffany chair'));
    const tagged = await t.json<ListResponse<CatalogueItemResource>>('/api/boomerang/items?tag=seating');
    const listed = await t.json<ListResponse<CatalogueItemResource>>('/api/product_groups?per_page=100');
    for (const body of [searched.body, tagged.body, listed.body]) {
      expect(find(body)?.attributes.inventory).toEqual({
        available: expected,
        stock_count: expected,
        plannable: expected,
      });
    }
    const detail = await t.json(`/api/product-groups/${find(listed.body)?.id}`);
    expect(detail.body.data.attributes.inventory.available).toBe(expected);
  });

  it('leaves archived variations out of the group stock', async () => {
    const row = await t.db.$client.execute(
      "SELECT SUM(CASE WHEN p.archived = 0 THEN stock_count ELSE 0 END) AS live FROM products p JOIN product_groups g ON g.id = p.product_group_id WHERE g.name = 'Giant Velvet Bow'",
    );
    const { body } = await t.json<ListResponse<CatalogueItemResource>>(q('giant velvet bow'));
    expect(body.data[0]?.attributes.inventory.available).toBe(Number(row.rows[0]?.live));
  });
});

describe('GET /api/boomerang/items search', () => {
  it.each([
    ['silver mirror plinth', 'Silver Mirror Plinth'],
    ['silver goblet cups', 'Silver Goblet Cups'],
    ['natural urn large', 'Natural Urn'],
    ['natural scallop clam bowl', 'Natural Scallop Clam Bowl'],
    ['seashell glass', 'Seashell Glass'],
  ])('finds the collage search "%s"', async (text, name) => {
    const { body } = await t.json<ListResponse<CatalogueItemResource>>(q(text));
    expect(body.data[0]?.attributes.name).toBe(name);
  });

  it('is case-insensitive and ranks name matches before description matches', async () => {
    const { body } = await t.json<ListResponse<CatalogueItemResource>>(q('GHOST'));
    const names = body.data.map((item) => item.attributes.name);
    expect(names.length).toBeGreaterThan(5);
    const firstDescriptionOnly = names.findIndex((name) => !name.toLowerCase().includes('ghost'));
    const lastNameMatch = names.findLastIndex((name) => name.toLowerCase().includes('ghost'));
    if (firstDescriptionOnly !== -1) expect(firstDescriptionOnly).toBeGreaterThan(lastNameMatch);
  });

  it('returns both bundles and product groups with the search fields', async () => {
    const { body } = await t.json<ListResponse<CatalogueItemResource>>(q('ghost'));
    expect(new Set(body.data.map((item) => item.type))).toEqual(new Set(['bundles', 'product_groups']));
    expect(body.meta).toEqual({ total_items: body.data.length, current_page: 1, per_page: 30 });
    for (const item of body.data) {
      expect(item.attributes).toHaveProperty('inventory.stock_count');
      expect(item.attributes).toHaveProperty('variation_fields');
    }
  });

  it('puts the exact name before names that only contain it', async () => {
    const { body } = await t.json<ListResponse<CatalogueItemResource>>(q('tiffany chair'));
    expect(body.data.map((item) => item.attributes.name).slice(0, 2)).toEqual(['Tiffany Chair', 'Kids Tiffany Chair']);
  });

  it('matches words at their start, not inside other words', async () => {
    const { body } = await t.json<ListResponse<CatalogueItemResource>>(q('urn'));
    expect(body.data.map((item) => item.attributes.name)).toEqual(['Natural Urn']);
  });

  it('never finds hidden or archived items', async () => {
    for (const text of ['sequin', 'travertine']) {
      const { body } = await t.json<ListResponse<CatalogueItemResource>>(q(text));
      expect(body.meta.total_items, text).toBe(0);
    }
    // Several words find items with some of them too, never the hidden one with all of them.
    const { body } = await t.json<ListResponse<CatalogueItemResource>>(q('gold frame table number'));
    expect(body.data.map((item) => item.attributes.name)).not.toContainEqual(
      expect.stringMatching(/gold frame table number/i),
    );
  });

  it('answers an empty or punctuation-only query with no results', async () => {
    for (const text of ['', '   ', '%%%']) {
      const { status, body } = await t.json<ListResponse<CatalogueItemResource>>(q(text));
      expect(status).toBe(200);
      expect(body.data).toEqual([]);
    }
  });

  it('caps the query length', async () => {
    expect((await t.json(q('x'.repeat(201)))).status).toBe(400);
  });
});

describe('item details', () => {
  it('returns a bundle with its bundle items and fixed products included', async () => {
    const list = await t.json<ListResponse<CatalogueItemResource>>(q('Ghost Ceremony Package'));
    const id = list.body.data[0]?.id;
    const { status, body } = await t.json<BundleDetailResponse>(`/api/bundles/${id}`);
    expect(status).toBe(200);
    expect(body.data.type).toBe('bundles');
    const items = body.included?.filter((r) => r.type === 'bundle_items') ?? [];
    const products = body.included?.filter((r) => r.type === 'products') ?? [];
    expect(items).toHaveLength(3);
    expect(items.map((i) => i.attributes)).toContainEqual(
      expect.objectContaining({ name: 'Ghost Chair', product_id: null, quantity: 20, discount_percentage: 10 }),
    );
    expect(products.map((p) => p.attributes.name)).toEqual(['Ghost Plinth - Medium']);
  });

  it('returns a product group with all its products included', async () => {
    const list = await t.json<ListResponse<CatalogueItemResource>>(q('Giant Velvet Bow'));
    const id = list.body.data[0]?.id;
    const { body } = await t.json<ProductGroupDetailResponse>(`/api/product-groups/${id}`);
    expect(body.data.attributes.variation_fields).toEqual(['Colour']);
    expect(body.included?.map((p) => p.attributes.name)).toEqual([
      'Giant Velvet Bow - Burgundy',
      'Giant Velvet Bow - Blush',
      'Giant Velvet Bow - White',
    ]);
    expect(body.included?.[2]?.attributes.archived).toBe(true);
    const product = body.included?.[0];
    const single = await t.json(`/api/products/${product?.id}`);
    expect(single.body.data).toEqual(product);
  });

  it('lists the photos of an owner at both sizes', async () => {
    const list = await t.json<ListResponse<CatalogueItemResource>>(q('Silver Mirror Plinth'));
    const id = list.body.data[0]?.id ?? '';
    const { body } = await t.json<{ data: PhotoResource[] }>(`/api/photos?owner_id=${id}`);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]?.attributes.large_url).toMatch(new RegExp(`/photos/${id}/large_`));
    expect(body.data[0]?.attributes.xlarge_url).toMatch(new RegExp(`/photos/${id}/xlarge_`));
    const photo = await t.request(body.data[0]?.attributes.large_url ?? '');
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect(photo.headers.get('cache-control')).toContain('immutable');
  });

  it.each(['/api/bundles/nope', '/api/products/nope', '/api/product-groups/nope'])(
    'answers 404 JSON for an unknown id: %s',
    async (path) => {
      const { status, body } = await t.json(path);
      expect(status).toBe(404);
      expect(body.error).toMatch(/not found/);
    },
  );

  it('hides a hidden group from its detail route', async () => {
    const row = await t.db.$client.execute("SELECT id FROM product_groups WHERE name = 'Travertine Look Plinth'");
    expect((await t.json(`/api/product-groups/${row.rows[0]?.id}`)).status).toBe(404);
  });

  it('answers 404 JSON for unknown API paths and photos', async () => {
    expect(await t.json('/api/nothing-here')).toMatchObject({ status: 404, body: { error: expect.any(String) } });
    expect((await t.json('/photos/../../etc/passwd')).status).toBe(404);
    expect((await t.json('/photos/abc/large_missing.webp')).status).toBe(404);
  });

  it('needs owner_id for photos', async () => {
    expect((await t.json('/api/photos')).status).toBe(400);
  });
});
