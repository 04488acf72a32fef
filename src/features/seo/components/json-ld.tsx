import { useSiteOrigin } from '../../../hooks/use-site-origin';
import { type ListedItem, productJsonLd, serializeJsonLd } from '../seo-rules';

/** Product structured data for the items a page lists. */
export function ProductJsonLd({ items, pagePath }: { items: ListedItem[]; pagePath: string }) {
  const origin = useSiteOrigin();
  if (items.length === 0) return null;
  const json = serializeJsonLd(productJsonLd(items, origin, pagePath));
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be raw JSON; serializeJsonLd escapes "<".
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
