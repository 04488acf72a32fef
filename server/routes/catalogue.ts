import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  availabilityQuerySchema,
  dateQuerySchema,
  idParamSchema,
  itemsQuerySchema,
  listQuerySchema,
  photosQuerySchema,
} from '../../src/lib/api-contract';
import { searchTokens } from '../../src/lib/search-ranking';
import type { Services } from '../app-services';
import { cachedJson } from '../cache/catalogue-cache';
import { notFound, parseParams, parseQuery } from '../lib/http';
import { type Availability, availabilityOn, withAvailability } from '../services/availability';
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
export function catalogueRoutes({ db, config, catalogue: cache, booking }: Services) {
  const { photosDir } = config;
  const app = new Hono();

  // The day's availability, worked out once per catalogue version (every hold change bumps it).
  const days = new Map<string, Promise<Availability>>();
  const availability = (date: string, version: number, last = date) => {
    const key = `${version}|${date}|${last}`;
    let found = days.get(key);
    if (!found) {
      if (days.size >= 64) days.delete(days.keys().next().value as string);
      found = availabilityOn(db, booking, date, last);
      found.catch(() => days.delete(key));
      days.set(key, found);
    }
    return found;
  };
  /** A read, or with `date` the same read with each item's availability on that day (its own cache key). */
  const serve = (c: Context, key: string, date: string | undefined, read: (version: number) => Promise<unknown>) =>
    date
      ? cachedJson(c, cache, `${key}${key.includes('?') ? '&' : '?'}date=${date}`, async (version) =>
          withAvailability(await read(version), await availability(date, version)),
        )
      : cachedJson(c, cache, key, read);
  const dateOf = (c: Context) => parseQuery(c, dateQuerySchema).date;

  app.get('/boomerang/items', (c) => {
    const q = parseQuery(c, itemsQuerySchema);
    const paging = `page=${q.page}&per_page=${q.per_page}`;
    if (q.query !== undefined) {
      const words = searchTokens(q.query).join(' ');
      return serve(c, `search?q=${words}&${paging}`, q.date, async (version) => {
        const result = await searchCatalogue(db, q.query ?? '', q.page, q.per_page, version);
        return { data: result.data, meta: meta(result.total, q.page, q.per_page) };
      });
    }
    const tag = q.tag ?? '';
    return serve(c, `items?tag=${tag}&${paging}`, q.date, async () => {
      const result = await listByTag(db, tag, q.page, q.per_page);
      return { data: result.data, meta: meta(result.total, q.page, q.per_page) };
    });
  });

  app.get('/product_groups', (c) => {
    const q = parseQuery(c, listQuerySchema);
    return serve(c, `product_groups?page=${q.page}&per_page=${q.per_page}`, q.date, async () => {
      const result = await listProductGroups(db, q.page, q.per_page);
      return { data: result.data, meta: meta(result.total, q.page, q.per_page) };
    });
  });

  app.get('/bundles', (c) => {
    const q = parseQuery(c, listQuerySchema);
    return serve(c, `bundles?page=${q.page}&per_page=${q.per_page}`, q.date, async () => {
      const result = await listBundles(db, q.page, q.per_page);
      return { data: result.data, meta: meta(result.total, q.page, q.per_page) };
    });
  });

  app.get('/bundles/:id', (c) => {
    const { id } = parseParams(c, idParamSchema);
    return serve(c, `bundles/${id}`, dateOf(c), async () => (await getBundle(db, id)) ?? notFound('Bundle'));
  });

  app.get('/products/:id', (c) => {
    const { id } = parseParams(c, idParamSchema);
    return serve(c, `products/${id}`, dateOf(c), async () => (await getProduct(db, id)) ?? notFound('Product'));
  });

  app.get('/product-groups/:id', (c) => {
    const { id } = parseParams(c, idParamSchema);
    return serve(
      c,
      `product-groups/${id}`,
      dateOf(c),
      async () => (await getProductGroup(db, id)) ?? notFound('Product group'),
    );
  });

  app.get('/photos', (c) => {
    const { owner_id } = parseQuery(c, photosQuerySchema);
    return cachedJson(c, cache, `photos?owner_id=${owner_id}`, async () => ({ data: await listPhotos(db, owner_id) }));
  });

  /** The cart's question: how many of each product are free on the hire date (to `last`). Unknown ids are left out. */
  app.get('/availability', (c) => {
    const q = parseQuery(c, availabilityQuerySchema);
    // A longer hire: free on every day of its use (the fewest over the days).
    const last = q.last && q.last > q.date ? q.last : q.date;
    const range = last === q.date ? '' : `&last=${last}`;
    if (!q.products) {
      return cachedJson(c, cache, `availability?date=${q.date}${range}`, async (version) => {
        const day = await availability(q.date, version, last);
        const all = (map: Map<string, number>) => Object.fromEntries(map);
        return {
          data: { date: q.date, products: all(day.products), groups: all(day.groups), bundles: all(day.bundles) },
        };
      });
    }
    const ids = [...q.products].sort();
    return cachedJson(c, cache, `availability?date=${q.date}${range}&products=${ids.join(',')}`, async (version) => {
      const day = await availability(q.date, version, last);
      const free = Object.fromEntries(ids.flatMap((id) => (day.products.has(id) ? [[id, day.products.get(id)]] : [])));
      return { data: { date: q.date, products: free } };
    });
  });

  /** About what "Save catalogue for offline" will store, told to the shopper before it starts. */
  app.get('/offline-size', (c) =>
    cachedJson(c, cache, 'offline-size', async () => ({ data: await offlineSize(db, photosDir) })),
  );

  return app;
}
