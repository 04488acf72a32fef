import { Link } from '@tanstack/react-router';
import { CatalogueListing, type ListingSource, toListedItem } from '../../../features/catalogue';
import { SaveOfflineButton } from '../../../features/offline';
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
  const path = listingPath(tag, page, view);
  return (
    <div className="page">
      <PageMeta title={listingTitle(category, page)} description={listingDescription(category)} canonicalPath={path} />
      <header className="listing-header">
        <h1>{category ?? 'Our Collection'}</h1>
        <p>Browse our extensive range of event hire items</p>
        <SaveOfflineButton className="button button--ghost listing-header__save" />
        {!tag && (
          <nav className="segmented" aria-label="Show">
            {/* The router marks the active pill: view must be absent for Products, 'bundles' for Bundles. */}
            <Link to="/hire" search={{ view: undefined }} activeOptions={{ explicitUndefined: true }}>
              Products
            </Link>
            <Link to="/hire" search={{ view: 'bundles' }}>
              Bundles
            </Link>
          </nav>
        )}
      </header>
      <CatalogueListing
        key={`${tag ?? view}-${page}`}
        source={source}
        startPage={page}
        pagePath={(n) => listingPath(tag, n, view)}
        renderExtra={(items) => <ProductJsonLd pagePath={path} items={items.map(toListedItem)} />}
      />
      <ItemPopup {...search} />
    </div>
  );
}
