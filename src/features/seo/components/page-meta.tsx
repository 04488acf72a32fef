import { useSiteOrigin } from '../../../hooks/use-site-origin';
import { SITE_NAME } from '../seo-rules';

export interface PageMetaProps {
  title: string;
  description?: string;
  /** Path of the canonical URL, e.g. /hire/tableware. */
  canonicalPath?: string;
  noindex?: boolean;
  prevPath?: string | null;
  nextPath?: string | null;
  /** Path of the link-preview image (1200 x 630), e.g. a shared moodboard's picture. */
  imagePath?: string;
}


/** Title, description, canonical, robots and prev/next links; React places them in <head>. */
export function PageMeta({ title, description, canonicalPath, noindex, prevPath, nextPath, imagePath }: PageMetaProps) {
  const site = useSiteOrigin();
  const origin = () => site;
  return (
    <>
      <title>{title}</title>
      {description && <meta name="description" content={description} />}
      {canonicalPath && <link rel="canonical" href={`${origin()}${canonicalPath}`} />}
      {noindex && <meta name="robots" content="noindex" />}
      {prevPath && <link rel="prev" href={`${origin()}${prevPath}`} />}
      {nextPath && <link rel="next" href={`${origin()}${nextPath}`} />}
      <meta property="og:title" content={title} />
      <meta property="og:site_name" content={SITE_NAME} />
      {description && <meta property="og:description" content={description} />}
      {imagePath && (
        <>
          <meta property="og:image" content={`${origin()}${imagePath}`} />
          <meta property="og:image:width" content="1200" />
          <meta property="og:image:height" content="630" />
          <meta name="twitter:card" content="summary_large_image" />
          <meta name="twitter:image" content={`${origin()}${imagePath}`} />
        </>
      )}
    </>
  );
}
