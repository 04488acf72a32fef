import type { ReactNode } from 'react';
import { mainPhoto } from '../../../lib/main-photo';
import { type DisplayProduct, photoVariant } from '../display-product';

export interface ProductCardProps {
  item: DisplayProduct;
  /** The listing's own address with this item open (its popup). */
  href: string;
  /** The price as the shop shows it, 'From ' before it when variations differ. */
  price: string;
  /** Its free count on the shopper's date, when there is one. */
  note: ReactNode;
  /** Load the photo at once (first row); the first card's photo is the LCP image. */
  eager?: boolean;
  priority?: boolean;
}

/**
 * One card of a listing: five elements (item, link, photo, name, price) and no hooks. Its grid reads
 * the router, the prices and the date's availability once for every card, and one click handler
 * there opens the popup in the app.
 */
export function ProductCard({ item, href, price, note, eager = false, priority = false }: ProductCardProps) {
  const large = item.photo_url;
  const xlarge = photoVariant(item.photo_url, 'xlarge');
  return (
    <li className="product-card">
      <a href={href} className="product-card__link">
        {large ? (
          <img
            className="product-card__photo"
            src={large}
            srcSet={xlarge ? `${large} 500w, ${xlarge} 1200w` : undefined}
            sizes="(min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw"
            width={500}
            height={500}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            decoding={eager ? 'sync' : 'async'}
            {...mainPhoto(priority)}
          />
        ) : (
          <span className="product-card__photo product-card__photo--none" aria-hidden="true" />
        )}
        {item.isBundle && <span className="tag">Bundle</span>}
        {item.totalAvailable < 1 && <span className="tag tag--muted">Out of Stock</span>}
        <h2 className="product-card__name">{item.groupName}</h2>
        <p className="product-card__price">{price}</p>
        {note}
      </a>
    </li>
  );
}
