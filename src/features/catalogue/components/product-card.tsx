import { Link } from '@tanstack/react-router';
import { AvailabilityNote } from '../../availability';
import { type DisplayProduct, photoVariant } from '../display-product';
import { usePriceText } from '../use-price-text';

export interface ProductCardProps {
  item: DisplayProduct;
  /** Load the photo at once (first row); the first card's photo is the LCP image. */
  eager?: boolean;
  priority?: boolean;
}

export function ProductCard({ item, eager = false, priority = false }: ProductCardProps) {
  const prices = usePriceText();
  const large = item.photo_url;
  const xlarge = photoVariant(item.photo_url, 'xlarge');
  return (
    <li className="product-card">
      <Link
        to="."
        search={(prev: Record<string, unknown>) => ({ ...prev, type: item.type, id: item.id })}
        resetScroll={false}
        className="product-card__link"
      >
        <div className="product-card__media">
          {large ? (
            <img
              src={large}
              srcSet={xlarge ? `${large} 500w, ${xlarge} 1200w` : undefined}
              sizes="(min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw"
              width={500}
              height={500}
              alt=""
              loading={eager ? 'eager' : 'lazy'}
              decoding={eager ? 'sync' : 'async'}
              fetchPriority={priority ? 'high' : 'auto'}
            />
          ) : (
            <div className="product-card__no-photo" aria-hidden="true" />
          )}
          {item.isBundle && <span className="tag">Bundle</span>}
          {item.totalAvailable < 1 && <span className="tag tag--muted">Out of Stock</span>}
        </div>
        <h2 className="product-card__name">{item.groupName}</h2>
        <p className="product-card__price">
          {item.isProductGroup && item.priceVaries && <span>From </span>}
          {prices.price(item.base_price_in_cents)}
        </p>
        <AvailabilityNote kind={item.isBundle ? 'bundles' : 'groups'} id={item.id} />
      </Link>
    </li>
  );
}
