import { useRouter, useRouterState } from '@tanstack/react-router';
import { Suspense, useMemo } from 'react';
import { useInAppLinks } from '../../../hooks/use-in-app-links';
import { AvailabilityNoteText, useDayAvailability } from '../../availability';
import type { DisplayProduct } from '../display-product';
import { usePriceText } from '../use-price-text';
import { ProductCard } from './product-card';
import './catalogue.css';

/**
 * The cards a phone or a wide screen shows before any scrolling (2 columns × 2 rows, or a row of 4):
 * they hydrate with the page, the rest in a Suspense boundary of their own, which React hydrates
 * after, in short tasks a tap can cut into.
 */
const FIRST_SCREEN = 4;

/** The listing's address without an open item: each card adds its own type and id. */
function useListingSearch(): { pathname: string; search: Record<string, unknown> } {
  const key = useRouterState({
    select: ({ location }) => {
      const { type: _type, id: _id, ...rest } = location.search as Record<string, unknown>;
      return JSON.stringify([location.pathname, rest]);
    },
  });
  return useMemo(() => {
    const [pathname, search] = JSON.parse(key) as [string, Record<string, unknown>];
    return { pathname, search };
  }, [key]);
}

/** Spec section 2: 2, 3 or 4 columns by width; a phone's first screen (two rows of two) loads at once. */
export function ProductGrid({ items, label }: { items: DisplayProduct[]; label: string }) {
  const router = useRouter();
  const prices = usePriceText();
  const availability = useDayAvailability();
  const listing = useListingSearch();
  const openInApp = useInAppLinks({ resetScroll: false });
  const card = (item: DisplayProduct, index: number) => (
    <ProductCard
      key={`${item.type}-${item.id}`}
      item={item}
      href={`${listing.pathname}${router.options.stringifySearch({ ...listing.search, type: item.type, id: item.id })}`}
      price={`${item.isProductGroup && item.priceVaries ? 'From ' : ''}${prices.price(item.base_price_in_cents)}`}
      note={
        <AvailabilityNoteText availability={availability} kind={item.isBundle ? 'bundles' : 'groups'} id={item.id} />
      }
      eager={index < 4}
      priority={index === 0}
    />
  );
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the clicks are the cards' links' own (Enter on a link clicks it); this only keeps them in the app.
    <ul className="product-grid" aria-label={label} onClick={openInApp}>
      {items.slice(0, FIRST_SCREEN).map(card)}
      {items.length > FIRST_SCREEN && (
        <Suspense fallback={null}>{items.slice(FIRST_SCREEN).map((item, i) => card(item, FIRST_SCREEN + i))}</Suspense>
      )}
    </ul>
  );
}

export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className="product-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: skeleton cards have no identity.
        <li key={index} className="product-card product-card--skeleton">
          <div className="product-card__photo" />
          <div className="skeleton-line" />
          <div className="skeleton-line skeleton-line--short" />
        </li>
      ))}
    </ul>
  );
}
