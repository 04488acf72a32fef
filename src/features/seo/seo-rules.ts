/** Titles, descriptions and canonical paths of spec section 2, and Product structured data. */
export const SITE_NAME = 'Tan & Tassel';

export function listingTitle(category: string | null, page = 1): string {
  if (!category) return page > 1 ? `All Hire Props - Page ${page}` : 'All Hire Props';
  return page > 1 ? `${category} Hire - Page ${page}` : `${category} Hire`;
}

export function listingDescription(category: string | null): string {
  return category
    ? `Hire ${category.toLowerCase()} in Sydney for weddings, parties and events. Browse the Tan & Tassel range and send an order request online.`
    : 'Browse every prop we hire in Sydney: backdrops, plinths, tables, tableware, decor, signage and more, for weddings, parties and events.';
}

/** A listing page's path: /hire/{tag}/page/{n} for a category, /hire?view=bundles&page=n for all items. */
export function listingPath(tag: string | null, page = 1, view: 'products' | 'bundles' = 'products'): string {
  if (tag) return page > 1 ? `/hire/${tag}/page/${page}` : `/hire/${tag}`;
  const query = new URLSearchParams();
  if (view === 'bundles') query.set('view', 'bundles');
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return search ? `/hire?${search}` : '/hire';
}

export interface ListedItem {
  id: string;
  type: 'product-group' | 'bundle';
  name: string;
  description: string;
  photoUrl: string | null;
  priceInCents: number;
  available: number;
}

/** Price validity of structured data: one year from `now` (spec section 9). */
export function priceValidUntil(now: Date): string {
  const next = new Date(now);
  next.setFullYear(next.getFullYear() + 1);
  return next.toISOString().slice(0, 10);
}

const absolute = (origin: string, path: string | null) => (path ? new URL(path, origin).href : undefined);

/** schema.org Product data for listed items: AUD offers, SKU {type}-{id}. */
export function productJsonLd(items: ListedItem[], origin: string, pagePath: string, now = new Date()) {
  const validUntil = priceValidUntil(now);
  return {
    '@context': 'https://schema.org',
    '@graph': items.map((item) => ({
      '@type': 'Product',
      name: item.name,
      description: item.description,
      sku: `${item.type}-${item.id}`,
      image: absolute(origin, item.photoUrl),
      brand: { '@type': 'Brand', name: SITE_NAME },
      offers: {
        '@type': 'Offer',
        url: `${origin}${pagePath}${pagePath.includes('?') ? '&' : '?'}type=${item.type}&id=${item.id}`,
        priceCurrency: 'AUD',
        price: (item.priceInCents / 100).toFixed(2),
        priceValidUntil: validUntil,
        availability: item.available > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      },
    })),
  };
}

/** JSON for a <script> element: `<` escaped so no text can close the element. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
