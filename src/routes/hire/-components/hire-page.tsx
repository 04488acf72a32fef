import { Link } from '@tanstack/react-router';
import {
  CatalogueListing,
  LISTING_PAGE_SIZE,
  type ListingSource,
  shownCents,
  toListedItem,
  useLinkPreview,
  usePriceText,
} from '../../../features/catalogue';
import { SaveOfflineButton } from '../../../features/offline';
import {
  type Crumb,
  itemPath,
  listingDescription,
  listingPath,
  listingTitle,
  PageMeta,
  ProductJsonLd,
  previewImage,
} from '../../../features/seo';
import { useBusiness } from '../../../hooks/use-business';
import { categoryName, findCategory } from '../../../lib/api-contract/categories';
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
  const business = useBusiness();
  const prices = usePriceText();
  const category = tag ? categoryName(business.categories, tag) : null;
  const about = tag ? findCategory(business.categories, tag) : undefined;
  const source: ListingSource = tag ? { kind: 'tag', tag } : { kind: view };
  const path = listingPath(tag, page, view);
  // A shared link previews the item it opens (name, photo, price), else the listing's first photo.
  const preview = useLinkPreview(source, page, search.type, search.id);
  const item = preview.item;
  const photo = preview.photo ?? (about?.photoUrl ? { url: about.photoUrl, alt: about.name } : null);
  // An open item is the page a shared link shows: its own address, name, price and photo.
  const openPath = item && search.type && search.id ? itemPath(path, { type: search.type, id: search.id }) : null;
  // Where the page stands in the shop, for search engines: home, hire, the category (under its parent).
  const parent = about?.parent ? findCategory(business.categories, about.parent) : undefined;
  const breadcrumbs: Crumb[] = [
    { name: 'Home', path: '/' },
    { name: 'Hire', path: '/hire' },
    ...(parent ? [{ name: parent.name, path: listingPath(parent.key) }] : []),
    ...(tag && category ? [{ name: category, path: listingPath(tag) }] : []),
    ...(item && openPath ? [{ name: item.groupName, path: openPath }] : []),
  ];
  const itemTitle = item ? `${item.groupName} | ${business.name}` : undefined;
  const price = item ? `${item.priceVaries ? 'From ' : ''}${prices.price(item.base_price_in_cents)}` : '';
  return (
    <div className="page">
      <PageMeta
        title={itemTitle ?? listingTitle(category, page)}
        previewTitle={itemTitle}
        description={
          item
            ? `${item.groupName}. ${price} to hire${business.serviceArea ? ` in ${business.serviceArea}` : ''}. ${item.description}`.trim()
            : about?.description || listingDescription(category, business)
        }
        canonicalPath={openPath ?? path}
        image={photo ? previewImage(photo.url, photo.alt) : null}
        priceCents={item ? shownCents(item.base_price_in_cents, business) : undefined}
      />
      <header className="listing-header">
        <h1>{category ?? 'Our Collection'}</h1>
        <p>{about?.description || 'Browse our extensive range of event hire items'}</p>
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
        renderExtra={(items) => (
          <ProductJsonLd
            pagePath={path}
            items={items.map(toListedItem)}
            open={item ? toListedItem(item) : null}
            breadcrumbs={breadcrumbs}
            firstPosition={(page - 1) * LISTING_PAGE_SIZE + 1}
          />
        )}
      />
      <ItemPopup {...search} />
    </div>
  );
}
