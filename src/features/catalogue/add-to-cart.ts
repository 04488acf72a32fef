import type { BundleVariation } from '../../lib/api-contract';

/** What the detail popup hands to the cart: the same fields as the cart's new line. */
export interface AddToCartRequest {
  id: string;
  name: string;
  priceCents: number;
  photo_url: string | null;
  stock_count: number;
  quantity: number;
  isBundle: boolean;
  bundleVariations: BundleVariation[];
  productGroupId: string | null;
}

export type AddToCart = (request: AddToCartRequest) => Promise<void>;
