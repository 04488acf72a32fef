import type { BusinessSettings, BusinessSummary } from '../../lib/api-contract/business-settings';
import { addressLine } from '../../lib/api-contract/business-settings';
import { centsToAmount } from '../../lib/api-contract/money';

/** Titles, descriptions and canonical paths of spec section 2, and structured data. */

/** What page texts need of the business: its name and where it hires out. */
export type SeoBusiness = Pick<BusinessSettings, 'name' | 'serviceArea'>;

export function listingTitle(category: string | null, page = 1): string {
  if (!category) return page > 1 ? `All Hire Props - Page ${page}` : 'All Hire Props';
  return page > 1 ? `${category} Hire - Page ${page}` : `${category} Hire`;
}

export function listingDescription(category: string | null, business: SeoBusiness): string {
  const area = business.serviceArea ? ` in ${business.serviceArea}` : '';
  return category
    ? `Hire ${category.toLowerCase()}${area} for weddings, parties and events. Browse the ${business.name} range and send an order request online.`
    : `Browse every prop we hire${area}: backdrops, plinths, tables, tableware, decor, signage and more, for weddings, parties and events.`;
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

/** How the shop shows prices: with GST added at its rate, or not (business.json `price_display`). */
export interface ShownTax {
  includesGst: boolean;
  gstRate: number;
  /** What the prices are in (ISO 4217). */
  currency?: string;
}

/** A step of a page's breadcrumb trail: its name and root-relative path. */
export interface Crumb {
  name: string;
  path: string;
}

/** What the listing's structured data says besides its items. */
export interface ListingJsonLdOptions {
  /** The item a deep link opens: its own Product comes first, its Offer pointing at that link. */
  open?: ListedItem | null;
  /** The page's place in the shop, from the home page down: a BreadcrumbList. */
  breadcrumbs?: Crumb[];
  /** The first item's place in the whole listing (31 on page 2 of 30 a page). */
  firstPosition?: number;
}

/** An item's own address: the listing's path with the item open (what a shared link carries). */
export function itemPath(pagePath: string, item: Pick<ListedItem, 'type' | 'id'>): string {
  return `${pagePath}${pagePath.includes('?') ? '&' : '?'}type=${item.type}&id=${encodeURIComponent(item.id)}`;
}

/**
 * schema.org data of a page that lists items: a Product for each (offers in the shop's currency, SKU
 * {type}-{id}, the price as the page shows it, saying whether it includes GST), an ItemList giving
 * their order, the page's BreadcrumbList, and first, on an item's deep link, that item's own Product.
 * Every listed item stays a Product of the graph: the browser reads their words back from it
 * (listing-transfer.ts).
 */
export function productJsonLd(
  items: ListedItem[],
  origin: string,
  pagePath: string,
  brandName: string,
  now = new Date(),
  tax: ShownTax = { includesGst: false, gstRate: 0 },
  { open = null, breadcrumbs = [], firstPosition = 1 }: ListingJsonLdOptions = {},
) {
  const validUntil = priceValidUntil(now);
  const shown = (cents: number) => (tax.includesGst ? cents + Math.round(cents * tax.gstRate) : cents);
  const url = (item: ListedItem) => `${origin}${itemPath(pagePath, item)}`;
  // A node's id is short and relative to the page (a listing's words travel in these bytes first).
  const id = (item: ListedItem) => `#${item.type}-${item.id}`;
  const product = (item: ListedItem) => ({
    '@type': 'Product',
    '@id': id(item),
    name: item.name,
    description: item.description,
    sku: `${item.type}-${item.id}`,
    image: absolute(origin, item.photoUrl),
    brand: { '@type': 'Brand', name: brandName },
    offers: {
      '@type': 'Offer',
      url: url(item),
      priceCurrency: tax.currency ?? 'AUD',
      price: centsToAmount(shown(item.priceInCents)),
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: centsToAmount(shown(item.priceInCents)),
        priceCurrency: tax.currency ?? 'AUD',
        valueAddedTaxIncluded: tax.includesGst,
      },
      priceValidUntil: validUntil,
      availability: item.available > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  });
  const listed = items.filter((item) => !open || item.type !== open.type || item.id !== open.id);
  const products = [...(open ? [open] : []), ...listed].map(product);
  const list =
    items.length > 0
      ? [
          {
            '@type': 'ItemList',
            numberOfItems: items.length,
            itemListElement: items.map((item, index) => ({
              '@type': 'ListItem',
              position: firstPosition + index,
              item: { '@id': id(item) },
            })),
          },
        ]
      : [];
  return {
    '@context': 'https://schema.org',
    '@graph': [...products, ...list, ...(breadcrumbs.length > 0 ? [breadcrumbJsonLd(breadcrumbs, origin)] : [])],
  };
}

/** schema.org BreadcrumbList of a trail of pages, each with its absolute address. */
export function breadcrumbJsonLd(crumbs: Crumb[], origin: string) {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: new URL(crumb.path, origin).href,
    })),
  };
}

const SCHEMA_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** '10am-4pm by appointment' as opening and closing times ('10:00', '16:00'); null when not a range. */
function timesOf(hours: string): [string, string] | null {
  const match = /(\d{1,2})(?::(\d{2}))?\s*(am|pm)\s*[-–]\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)/i.exec(hours);
  if (!match) return null;
  const time = (hour: string, minutes: string | undefined, half: string) => {
    const h = (Number(hour) % 12) + (half.toLowerCase() === 'pm' ? 12 : 0);
    return `${String(h).padStart(2, '0')}:${minutes ?? '00'}`;
  };
  return [
    time(match[1] as string, match[2], match[3] as string),
    time(match[4] as string, match[5], match[6] as string),
  ];
}

/** business.json's `map` as coordinates ("-33.95,151.05"), or null when it is a place to search for. */
function coordinatesOf(mapQuery: string): { latitude: number; longitude: number } | null {
  const match = /^(-?\d{1,2}(?:\.\d+)?),\s*(-?\d{1,3}(?:\.\d+)?)$/.exec(mapQuery.trim());
  return match ? { latitude: Number(match[1]), longitude: Number(match[2]) } : null;
}

/**
 * schema.org LocalBusiness data of the business: its name, address, contact details and hours, where
 * it is (`geo`, when business.json gives `map` as coordinates) and a photo of its work (the home
 * collage's first, else its logo).
 */
export function localBusinessJsonLd(business: BusinessSummary, origin: string) {
  const hours = business.openingHours.flatMap((text, day) => {
    const times = timesOf(text);
    return times
      ? [{ '@type': 'OpeningHoursSpecification', dayOfWeek: SCHEMA_DAYS[day], opens: times[0], closes: times[1] }]
      : [];
  });
  const image = business.collage[0]?.url ?? business.logoUrl;
  const geo = coordinatesOf(business.mapQuery);
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: business.name,
    url: `${origin}/`,
    ...(business.logoUrl ? { logo: new URL(business.logoUrl, origin).href } : {}),
    ...(image ? { image: new URL(image, origin).href } : {}),
    ...(geo ? { geo: { '@type': 'GeoCoordinates', ...geo } } : {}),
    ...(business.phone ? { telephone: business.phone } : {}),
    ...(business.email ? { email: business.email } : {}),
    ...(addressLine(business)
      ? {
          address: {
            '@type': 'PostalAddress',
            streetAddress: business.address.street,
            addressLocality: business.address.suburb,
            addressRegion: business.address.state,
            postalCode: business.address.postcode,
            addressCountry: business.country,
          },
        }
      : {}),
    ...(hours.length ? { openingHoursSpecification: hours } : {}),
    ...(business.serviceArea ? { areaServed: business.serviceArea } : {}),
    ...(business.social.length ? { sameAs: business.social.map((link) => link.url) } : {}),
  };
}

/** JSON for a <script> element: `<` escaped so no text can close the element. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
