import type { DisplayProduct } from '../display-product';
import { ProductCard } from './product-card';
import './catalogue.css';

/** Spec section 2: 2, 3 or 4 columns by width; the first row loads at once. */
export function ProductGrid({ items, label }: { items: DisplayProduct[]; label: string }) {
  return (
    <ul className="product-grid" aria-label={label}>
      {items.map((item, index) => (
        <ProductCard key={`${item.type}-${item.id}`} item={item} eager={index < 2} priority={index === 0} />
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className="product-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: skeleton cards have no identity.
        <li key={index} className="product-card product-card--skeleton">
          <div className="product-card__media" />
          <div className="skeleton-line" />
          <div className="skeleton-line skeleton-line--short" />
        </li>
      ))}
    </ul>
  );
}
