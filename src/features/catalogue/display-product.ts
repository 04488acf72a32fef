import type { BundleResource, CatalogueItemResource, ProductGroupResource } from '../../lib/api-contract';
import type { ListedItem } from '../seo';

/** Spec section 3 "grouped display product": what a card and the detail popup show of an item. */
export interface DisplayProduct {
  id: string;
  type: 'product-group' | 'bundle';
  groupName: string;
  photo_url: string | null;
  description: string;
  base_price_in_cents: number;
  totalAvailable: number;
  isBundle: boolean;
  isProductGroup: boolean;
  variation_fields: string[];
  /** The variations differ in price, so the price shown is a 'From' price. */
  priceVaries: boolean;
}

export type ItemType = DisplayProduct['type'];

export function isItemType(value: unknown): value is ItemType {
  return value === 'product-group' || value === 'bundle';
}

export function toDisplayProduct(item: ProductGroupResource | BundleResource | CatalogueItemResource): DisplayProduct {
  const isBundle = item.type === 'bundles';
  return {
    id: item.id,
    type: isBundle ? 'bundle' : 'product-group',
    groupName: item.attributes.name,
    photo_url: item.attributes.photo_url,
    description: item.attributes.description,
    base_price_in_cents: item.attributes.base_price_in_cents,
    totalAvailable: item.attributes.inventory?.available ?? item.attributes.inventory?.stock_count ?? 0,
    isBundle,
    isProductGroup: !isBundle,
    variation_fields: item.attributes.variation_fields ?? [],
    priceVaries: 'price_varies' in item.attributes && item.attributes.price_varies === true,
  };
}

/** A same-origin path or an absolute URL for an image, with the xlarge variant when asked. */
export function photoVariant(url: string | null, variant: 'large' | 'xlarge'): string | null {
  if (!url) return null;
  return variant === 'xlarge' ? url.replace(/\/large_([^/]+)$/, '/xlarge_$1') : url;
}

/** What structured data needs of a listed item. */
export function toListedItem(item: DisplayProduct): ListedItem {
  return {
    id: item.id,
    type: item.type,
    name: item.groupName,
    description: item.description,
    photoUrl: item.photo_url,
    priceInCents: item.base_price_in_cents,
    available: item.totalAvailable,
  };
}
