import type { CatalogueItemResource } from '../../../lib/api-contract';
import type { BusinessSettings } from '../../../lib/api-contract/business-settings';
import { apiUrl } from '../../../lib/http';
import {
  bundleRequest,
  type ListingSource,
  listingPageRequest,
  photosRequest,
  productGroupRequest,
  requestUrl,
} from '../../catalogue';

/** One address to store, and what its answer leads to. */
export type SaveJob =
  | { kind: 'listing'; url: string; source: ListingSource; page: number }
  | { kind: 'business' | 'group' | 'bundle' | 'photos' | 'photo' | 'availability'; url: string };

const listing = (source: ListingSource, page: number): SaveJob => ({
  kind: 'listing',
  url: requestUrl(listingPageRequest(source, page)),
  source,
  page,
});

/**
 * Where a save starts: the first page of all items and all bundles, the shop's settings and
 * categories (whose answer leads to each category's first page), the collage and, when the shopper has
 * picked an event date, what is free that day or over the days of a longer hire (offline, the page shows it labelled with the age of
 * this copy).
 */
export function firstJobs(hireDate = '', lastDay = ''): SaveJob[] {
  const last = lastDay > hireDate ? { last: lastDay } : {};
  const sources: ListingSource[] = [{ kind: 'products' }, { kind: 'bundles' }];
  return [
    ...sources.map((source) => listing(source, 1)),
    { kind: 'business' as const, url: apiUrl('/business') },
    ...(hireDate ? [{ kind: 'availability' as const, url: apiUrl('/availability', { date: hireDate, ...last }) }] : []),
  ];
}

const photo = (url: unknown): SaveJob[] =>
  typeof url === 'string' && url.startsWith('/') ? [{ kind: 'photo', url }] : [];

interface ListBody {
  data: CatalogueItemResource[];
  meta: { total_items: number; per_page: number };
}

/**
 * The jobs an answer leads to: the other pages of a listing, each item's detail and photo list (from the
 * lists of all items and all bundles, which hold every visible one), the groups a bundle draws from,
 * and the large photos. `index` collects every visible item for searching offline.
 */
export function followUps(job: SaveJob, body: unknown, index: CatalogueItemResource[]): SaveJob[] {
  if (job.kind === 'photo' || job.kind === 'availability' || typeof body !== 'object' || body === null) return [];
  if (job.kind === 'business') {
    const { categories, collage, services } = (body as { data?: Partial<BusinessSettings> }).data ?? {};
    return [
      ...(Array.isArray(categories) ? categories : []).flatMap((category) => [
        ...(category.items > 0 ? [listing({ kind: 'tag', tag: category.key }, 1)] : []),
        ...photo(category.photoUrl),
      ]),
      // The home collage as a phone and a desktop show it, and the services' carousels.
      ...(Array.isArray(collage) ? collage : []).flatMap((entry) => [
        ...photo(entry.url),
        ...photo(entry.small && typeof entry.url === 'string' ? entry.url.replace('/large_', '/small_') : null),
      ]),
      ...(Array.isArray(services) ? services : []).flatMap((service) =>
        (service.photoUrls ?? []).flatMap((url) => photo(url.replace('/large_', '/xlarge_'))),
      ),
    ];
  }
  if (job.kind === 'listing') {
    const { data, meta } = body as ListBody;
    if (!Array.isArray(data)) return [];
    const more: SaveJob[] = [];
    if (job.page === 1 && meta?.per_page > 0) {
      for (let page = 2; page <= Math.ceil(meta.total_items / meta.per_page); page += 1) {
        more.push(listing(job.source, page));
      }
    }
    for (const item of data) {
      more.push(...photo(item.attributes.photo_url));
      if (job.source.kind === 'tag') continue;
      index.push(item);
      const detail = item.type === 'bundles' ? bundleRequest(item.id) : productGroupRequest(item.id);
      more.push({ kind: item.type === 'bundles' ? 'bundle' : 'group', url: requestUrl(detail) });
      more.push({ kind: 'photos', url: requestUrl(photosRequest(item.id)) });
    }
    return more;
  }
  const { data, included } = body as { data?: unknown; included?: { type?: string; attributes?: unknown }[] };
  if (job.kind === 'photos') {
    return Array.isArray(data) ? data.flatMap((entry) => photo(entry?.attributes?.large_url)) : [];
  }
  if (job.kind === 'group') {
    return photo((data as { attributes?: { large_url?: unknown } } | undefined)?.attributes?.large_url);
  }
  // A bundle: the product groups its items are picked from (some are not listed on their own).
  return (included ?? []).flatMap((resource) => {
    const groupId = (resource.attributes as { product_group_id?: unknown } | undefined)?.product_group_id;
    return resource.type === 'bundle_items' && typeof groupId === 'string'
      ? [{ kind: 'group' as const, url: requestUrl(productGroupRequest(groupId)) }]
      : [];
  });
}
