import { useBusiness } from '../../../hooks/use-business';
import { useSiteOrigin } from '../../../hooks/use-site-origin';
import { centsToAmount } from '../../../lib/api-contract/money';
import { PREVIEW_SIZE, photoVariantPath } from '../../../lib/api-contract/photo-variants';

/** A link preview's picture: a photo of what the page shows, or one drawn for it (a moodboard). */
export interface PreviewImage {
  path: string;
  width?: number;
  height?: number;
  alt: string;
}

/**
 * A photo as a link preview: the server's 1200 x 630 JPEG of one of the shop's own photos (the size
 * the cards show whole), or a photo elsewhere as it is.
 */
export function previewImage(url: string, alt: string): PreviewImage {
  const path = photoVariantPath(url, 'preview');
  return path ? { path, ...PREVIEW_SIZE, alt } : { path: url, alt };
}

export interface PageMetaProps {
  title: string;
  description?: string;
  /** Path of the canonical URL, e.g. /hire/tableware. */
  canonicalPath?: string;
  noindex?: boolean;
  prevPath?: string | null;
  nextPath?: string | null;
  /** The picture a shared link shows (Open Graph and Twitter cards). */
  image?: PreviewImage | null;
  /** A page about one item: its price, in AUD cents (Open Graph product price). */
  priceCents?: number;
  /** The shared link's title when it differs from the page's (a listing link that opens an item). */
  previewTitle?: string;
}

/**
 * Title, description, canonical, robots, prev/next links and the link preview (Open Graph and Twitter
 * cards); React places them in <head>, on the server as in the browser.
 */
export function PageMeta({
  title,
  description,
  canonicalPath,
  noindex,
  prevPath,
  nextPath,
  image,
  priceCents,
  previewTitle = title,
}: PageMetaProps) {
  const business = useBusiness();
  const siteName = business.name;
  const origin = useSiteOrigin();
  const absolute = (path: string) => new URL(path, origin).href;
  return (
    <>
      <title>{title}</title>
      {description && <meta name="description" content={description} />}
      {canonicalPath && <link rel="canonical" href={absolute(canonicalPath)} />}
      {noindex && <meta name="robots" content="noindex" />}
      {prevPath && <link rel="prev" href={absolute(prevPath)} />}
      {nextPath && <link rel="next" href={absolute(nextPath)} />}
      <meta property="og:title" content={previewTitle} />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:type" content={priceCents === undefined ? 'website' : 'product'} />
      <meta property="og:locale" content="en_AU" />
      {canonicalPath && <meta property="og:url" content={absolute(canonicalPath)} />}
      {description && <meta property="og:description" content={description} />}
      {priceCents !== undefined && (
        <>
          <meta property="product:price:amount" content={centsToAmount(priceCents)} />
          <meta property="product:price:currency" content={business.currency} />
        </>
      )}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={previewTitle} />
      {description && <meta name="twitter:description" content={description} />}
      {image && (
        <>
          <meta property="og:image" content={absolute(image.path)} />
          {image.width && <meta property="og:image:width" content={String(image.width)} />}
          {image.height && <meta property="og:image:height" content={String(image.height)} />}
          <meta property="og:image:alt" content={image.alt} />
          <meta name="twitter:image" content={absolute(image.path)} />
          <meta name="twitter:image:alt" content={image.alt} />
        </>
      )}
    </>
  );
}
