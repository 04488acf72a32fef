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
}
