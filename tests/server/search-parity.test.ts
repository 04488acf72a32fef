import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogueItemResource, type ListResponse, MAX_PER_PAGE } from '../../src/lib/api-contract';
import type { Category } from '../../src/lib/api-contract/categories';
import { searchSavedItems } from '../../src/lib/saved-catalogue/search-saved';
import { makeTestApp, type TestApp } from './helpers';

let t: TestApp;
afterAll(() => t?.close());
beforeAll(async () => {
  t = await makeTestApp();
});

/** Every page of a list, as "Save catalogue for offline" reads it into the search index. */
async function all(path: string): Promise<CatalogueItemResource[]> {
  const items: CatalogueItemResource[] = [];
  for (let page = 1; ; page += 1) {
    const { body } = await t.json<ListResponse<CatalogueItemResource>>(`${path}?page=${page}&per_page=30`);
    items.push(...body.data);
    if (page * 30 >= body.meta.total_items) return items;
  }
}

// Names, words in descriptions only, prefixes, several words, word order, case, punctuation, misses,
// plurals, partial matches, typos.
const QUERIES = [
  'vase',
  'Vase',
  'vases',
  'ghost',
  'ghost chair',
  'chair ghost',
  'tiffany',
  'tiffany chair',
  'plinth',
  'plinths',
  'mirror plinth',
  'arch',
  'round metal arch',
  'backdrop',
  'wall',
  'white',
  'gold',
  'sage',
  'terracotta',
  'table',
  'cake',
  'cake stand',
  'candle',
  'tray',
  'urn',
  'neon',
  'sign',
  'easel',
  'cushion',
  'rug',
  'bundle',
  'package',
  'pick up',
  'monday',
  'friday',
  'wedding',
  'kids',
  'clear',
  'acrylic',
  'wooden',
  'Ghost, Chair!',
  '  lounge  ',
  'zzz-nothing',
  'a',
  'per event',
  // Plurals, partial matches of several words, stop words, typos.
  'chairs',
  'candles',
  'bows',
  'urns',
  'wedding arch',
  'ghost chairs',
  'the ghost chair',
  'natural urn sideways',
  'cake stands',
  'table linen',
  'tiffny chair',
  'chiar',
  'glases',
  'plintj',
  'vsae',
];

describe('search parity: the server and the saved catalogue', () => {
  it(`give the same items in the same order for ${QUERIES.length} queries`, async () => {
    const index = [...(await all('/api/product_groups')), ...(await all('/api/bundles'))];
    // The shop's categories, as the saved catalogue keeps them (their names are searched too).
    const categories = (await t.json<{ data: { categories: Category[] } }>('/api/business')).body.data.categories;
    expect(index.length).toBeGreaterThan(100);
    let nonEmpty = 0;
    for (const query of QUERIES) {
      const { body } = await t.json<ListResponse<CatalogueItemResource>>(
        `/api/boomerang/items?query=${encodeURIComponent(query)}&per_page=${MAX_PER_PAGE}`,
      );
      const saved = searchSavedItems(index, query, 1, MAX_PER_PAGE, categories);
      expect({ query, ids: saved.items.map((item) => item.id), total: saved.total }).toEqual({
        query,
        ids: body.data.map((item) => item.id),
        total: body.meta.total_items,
      });
      if (body.data.length > 1) nonEmpty += 1;
    }
    // The table means something only if most queries rank several items.
    expect(nonEmpty).toBeGreaterThanOrEqual(30);
  });
});

describe('GET /api/offline-size', () => {
  it('tells the visible items, the large photo files and about how many bytes saving takes', async () => {
    const { status, body } = await t.json<{ data: { items: number; photos: number; bytes: number } }>(
      '/api/offline-size',
    );
    expect(status).toBe(200);
    const groups = await t.json<ListResponse<CatalogueItemResource>>('/api/product_groups?per_page=1');
    const bundles = await t.json<ListResponse<CatalogueItemResource>>('/api/bundles?per_page=1');
    expect(body.data.items).toBe(groups.body.meta.total_items + bundles.body.meta.total_items);
    expect(body.data.photos).toBeGreaterThan(10);
    expect(body.data.bytes).toBeGreaterThan(body.data.items * 1024);
  });
});
