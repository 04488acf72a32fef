import type { BundleVariation } from './api-contract';

/**
 * A line about to enter the cart (spec section 3 "cart item" less its cart id): what the detail popup
 * hands to the cart. Prices are integer cents; the spec's dollars are only for display.
 */
export interface CartLineDraft {
  /** Product id, or bundle id. */
  id: string;
  name: string;
  priceCents: number;
  photo_url: string | null;
  stock_count: number;
  quantity: number;
  isBundle: boolean;
  bundleVariations: BundleVariation[];
  /** The product group of a product line; null for bundles. */
  productGroupId: string | null;
  /** The item's categories (its group's or bundle's tags): a category's own hire rule prices it. */
  categories?: string[];
}

type LineIdentity = Pick<CartLineDraft, 'id' | 'isBundle' | 'productGroupId' | 'bundleVariations'>;

/** Spec section 3 cart id: bundle_{id} or product_{id}_group_{groupId}. */
export function cartIdOf(line: Pick<CartLineDraft, 'id' | 'isBundle' | 'productGroupId'>): string {
  return line.isBundle ? `bundle_${line.id}` : `product_${line.id}_group_${line.productGroupId ?? ''}`;
}

/** A bundle's choices in a stable order. */
export function variationSignature(variations: Pick<BundleVariation, 'bundleItemId' | 'productId'>[]): string {
  return variations
    .map((v) => `${v.bundleItemId}=${v.productId}`)
    .sort()
    .join('&');
}

/**
 * A line's unique key: the cart id, plus a bundle's choices (two lines of one bundle with different
 * choices share the spec's cart id). The cart keys its lines by it, the moodboard its cards.
 */
export function lineKeyOf(line: LineIdentity): string {
  return line.isBundle ? `${cartIdOf(line)}|${variationSignature(line.bundleVariations)}` : cartIdOf(line);
}
