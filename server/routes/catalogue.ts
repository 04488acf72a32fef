import { Hono } from 'hono';
import { idParamSchema, itemsQuerySchema, listQuerySchema, photosQuerySchema } from '../../src/lib/api-contract';
import { searchTokens } from '../../src/lib/search-ranking';
import { type CatalogueCache, cachedJson } from '../cache/catalogue-cache';
import type { Db } from '../db/client';
import { notFound, parseParams, parseQuery } from '../lib/http';
import {
  getBundle,
  getProduct,
  getProductGroup,
  listBundles,
  listByTag,
  listPhotos,
  listProductGroups,
} from '../services/catalogue';
import { offlineSize } from '../services/offline-size';
import { searchCatalogue } from '../services/search';

const meta = (total: number, page: number, perPage: number) => ({
  total_items: total,
  current_page: page,
  per_page: perPage,
});

/**
 * The catalogue reads of spec section 7. Hidden and archived items never appear in lists. Every read
 * is answered from the catalogue cache, keyed by the validated request: a search by its words (the
 * ranking sees only those), so "Vase" and "  vase " share one answer.
 */
export function catalogueRoutes(db: Db, photosDir: string, cache: CatalogueCache) {
  const app = new Hono();

  app.get('/boomerang/items', (c) => {
    const q = parseQuery(c, itemsQuerySchema);
    const paging = `page=${q.page}&per_page=${q.per_page}`;
    if (q.query !== undefined) {
      const words = searchTokens(q.query).join(' ');
      return cachedJson(c, cache, `search?q=${words}&${paging}`, async (version) => {
        const result = await searchCatalogue(db, q.query ?? '', q.page, q.per_page, version);
        return { data: result.data, meta: meta(result.total, q.page, q.per_page) };
      });
    }
    const tag = q.tag ?? '';
    return cachedJson(c, cache, `items?tag=${tag}&${paging}`, async () => {
      const result = await listByTag(db, tag, q.page, q.per_page);
      return { data: result.data, meta: meta(result.total, q.page, q.per_page) };
    });
  });

  app.get('/product_groups', (c) => {
    const q = parseQuery(c, listQuerySchema);
    return cachedJson(c, cache, `product_groups?page=${q.page}&per_page=${q.per_page}`, async () => {
      const result = await listProductGroups(db, q.page, q.per_page);
      return { data: result.data, meta: meta(result.total, q.page, q.per_page) };
    });
  });

  app.get('/bundles', (c) => {
    const q = parseQuery(c, listQuerySchema);
    return cachedJson(c, cache, `bundles?page=${q.page}&per_page=${q.per_page}`, async () => {
      const result = await listBundles(db, q.page, q.per_page);
      return { data: result.data, meta: meta(result.total, q.page, q.per_page) };
    });
  });

  app.get('/bundles/:id', (c) => {
    const { id } = parseParams(c, idParamSchema);
    return cachedJson(c, cache, `bundles/${id}`, async () => (await getBundle(db, id)) ?? notFound('Bundle'));
  });

  app.get('/products/:id', (c) => {
    const { id } = parseParams(c, idParamSchema);
    return cachedJson(c, cache, `products/${id}`, async () => (await getProduct(db, id)) ?? notFound('Product'));
  });

  app.get('/product-groups/:id', (c) => {
    const { id } = parseParams(c, idParamSchema);
    return cachedJson(
      c,
      cache,
      `product-groups/${id}`,
      async () => (await getProductGroup(db, id)) ?? notFound('Product group'),
    );
  });

  app.get('/photos', (c) => {
    const { owner_id } = parseQuery(c, photosQuerySchema);
    return cachedJson(c, cache, `photos?owner_id=${owner_id}`, async () => ({ data: await listPhotos(db, owner_id) }));
  });

  /** About what "Save catalogue for offline" will store, told to the shopper before it starts. */
  app.get('/offline-size', (c) =>
    cachedJson(c, cache, 'offline-size', async () => ({ data: await offlineSize(db, photosDir) })),
  );

  return app;
}
