import { Link } from '@tanstack/react-router';
import { PageMeta } from '../../features/seo';
import { useBusiness } from '../../hooks/use-business';

/** Any address the app does not know. */
export function NotFound() {
  const business = useBusiness();
  return (
    <div className="page">
      <PageMeta
        title={`Page not found | ${business.name}`}
        description={`This page is not on ${business.name}'s site. Browse the hire range or search it.`}
        noindex
      />
      <h1>Page not found</h1>
      <p>We could not find that page. It may have moved, or the link may be mistyped.</p>
      <Link to="/hire" className="button">
        Browse the collection
      </Link>
    </div>
  );
}
