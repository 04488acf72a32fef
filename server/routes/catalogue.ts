import { Hono, type MiddlewareHandler } from 'hono';
import { idParamSchema, itemsQuerySchema, listQuerySchema, photosQuerySchema } from '../../src/lib/api-contract';
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

/** The catalogue reads of spec section 7. Hidden and archived items never appear in lists. */
export function catalogueRoutes(db: Db, photosDir: string) {
  const app = new Hono();

  // Catalogue data changes rarely; a short shared cache lets browsers revalidate cheaply.
  const cached: MiddlewareHandler = async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=60, stale-while-revalidate=600');
  };

  app.get('/boomerang/items', cached, async (c) => {
    const q = parseQuery(c, itemsQuerySchema);
    const result =
      q.query !== undefined
        ? await searchCatalogue(db, q.query, q.page, q.per_page)
        : await listByTag(db, q.tag ?? '', q.page, q.per_page);
    return c.json({ data: result.data, meta: meta(result.total, q.page, q.per_page) });
  });

  app.get('/product_groups', cached, async (c) => {
    const q = parseQuery(c, listQuerySchema);
    const result = await listProductGroups(db, q.page, q.per_page);
    return c.json({ data: result.data, meta: meta(result.total, q.page, q.per_page) });
  });

  app.get('/bundles', cached, async (c) => {
    const q = parseQuery(c, listQuerySchema);
    const result = await listBundles(db, q.page, q.per_page);
    return c.json({ data: result.data, meta: meta(result.total, q.page, q.per_page) });
  });

  app.get('/bundles/:id', cached, async (c) => {
    const { id } = parseParams(c, idParamSchema);
    return c.json((await getBundle(db, id)) ?? notFound('Bundle'));
  });

  app.get('/products/:id', cached, async (c) => {
    const { id } = parseParams(c, idParamSchema);
    return c.json((await getProduct(db, id)) ?? notFound('Product'));
  });

  app.get('/product-groups/:id', cached, async (c) => {
    const { id } = parseParams(c, idParamSchema);
    return c.json((await getProductGroup(db, id)) ?? notFound('Product group'));
  });

  app.get('/photos', cached, async (c) => {
    const { owner_id } = parseQuery(c, photosQuerySchema);
    return c.json({ data: await listPhotos(db, owner_id) });
  });

  /** About what "Save catalogue for offline" will store, told to the shopper before it starts. */
  app.get('/offline-size', cached, async (c) => c.json({ data: await offlineSize(db, photosDir) }));

  return app;
}
