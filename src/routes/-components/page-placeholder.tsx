import { PageMeta } from '../../features/seo';
import { useBusiness } from '../../hooks/use-business';

/**
 * What the server sends for a page rendered in the browser (checkout, success): its title, its
 * heading and a line saying what comes, with a page's worth of room, so the first paint already says
 * where the shopper is and the footer does not sit under the header and then jump.
 */
export function PagePlaceholder({ title, heading, note }: { title: string; heading: string; note: string }) {
  const business = useBusiness();
  return (
    <div className="page page--placeholder" aria-busy="true">
      <PageMeta title={`${title} | ${business.name}`} description={note} noindex />
      <h1>{heading}</h1>
      <p className="page--placeholder__note">{note}</p>
    </div>
  );
}
