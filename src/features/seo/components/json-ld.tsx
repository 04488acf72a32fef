import { useBusiness } from '../../../hooks/use-business';
import { useSiteOrigin } from '../../../hooks/use-site-origin';
import {
  type ListedItem,
  type ListingJsonLdOptions,
  localBusinessJsonLd,
  productJsonLd,
  serializeJsonLd,
} from '../seo-rules';

/** Structured data of a page that lists items: their Products and order, the page's breadcrumbs, an open item. */
export function ProductJsonLd({
  items,
  pagePath,
  ...options
}: { items: ListedItem[]; pagePath: string } & ListingJsonLdOptions) {
  const origin = useSiteOrigin();
  const business = useBusiness();
  if (items.length === 0 && !options.open) return null;
  const tax = {
    includesGst: business.priceDisplay === 'including_gst',
    gstRate: business.gstRate,
    currency: business.currency,
  };
  const json = serializeJsonLd(productJsonLd(items, origin, pagePath, business.name, new Date(), tax, options));
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be raw JSON; serializeJsonLd escapes "<".
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}

/** The business as a schema.org LocalBusiness: name, address, contact details and hours. */
export function LocalBusinessJsonLd() {
  const origin = useSiteOrigin();
  const json = serializeJsonLd(localBusinessJsonLd(useBusiness(), origin));
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be raw JSON; serializeJsonLd escapes "<".
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
