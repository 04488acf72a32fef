import { Link } from '@tanstack/react-router';
import { CatalogueListing, type ListingSource, toListedItem } from '../../../features/catalogue';
import { listingDescription, listingPath, listingTitle, PageMeta, ProductJsonLd } from '../../../features/seo';
import { tagDisplayName } from '../../../lib/hire-categories';
import { ItemPopup } from '../../-components/item-popup';
import type { ItemSearch } from '../../-components/item-search';

export interface HirePageProps {
  tag: string | null;
  page?: number;
  view?: 'products' | 'bundles';
  search: ItemSearch;
}

/** The hire listing of spec section 2 for /hire, /hire/{tag} and /hire/{tag}/page/{page}. */
export function HirePage({ tag, page = 1, view = 'products', search }: HirePageProps) {
  const category = tag ? tagDisplayName(tag) : null;
  const source: ListingSource = tag ? { kind: 'tag', tag } : { kind: view };
  const path = listingPath(tag, page);
  return (
    <div className="page">
      <PageMeta
        title={listingTitle(category, page)}
        description={listingDescription(category)}
        canonicalPath={path}
        prevPath={tag && page > 1 ? listingPath(tag, page - 1) : null}
      />
      <header className="listing-header">
        <h1>{category ?? 'Our Collection'}</h1>
        <p>Browse our extensive range of event hire items</p>
        {!tag && (
          <nav className="segmented" aria-label="Show">
            <Link to="/hire" search={{}} aria-current={view === 'products' ? 'page' : undefined}>
              Products
            </Link>
            <Link to="/hire" search={{ view: 'bundles' }} aria-current={view === 'bundles' ? 'page' : undefined}>
              Bundles
            </Link>
          </nav>
        )}
      </header>
      <CatalogueListing
        key={`${tag ?? view}-${page}`}
        source={source}
        startPage={page}
        pagePath={tag ? (n) => listingPath(tag, n) : undefined}
        renderExtra={(items) => <ProductJsonLd pagePath={path} items={items.map(toListedItem)} />}
      />
      <ItemPopup {...search} />
    </div>
  );
}
