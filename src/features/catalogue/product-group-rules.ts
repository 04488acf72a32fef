import type { ProductResource } from '../../lib/api-contract';

/** Products a visitor may choose: archived ones are excluded (spec section 4). */
export function selectableProducts(products: ProductResource[]): ProductResource[] {
  return products.filter((product) => !product.attributes.archived);
}

export const availableOf = (product: ProductResource) =>
  product.attributes.inventory.available ?? product.attributes.inventory.stock_count;

/** Spec section 4: the only product, else the first with availability, else none. */
export function preselectProduct(products: ProductResource[]): ProductResource | null {
  const choices = selectableProducts(products);
  if (choices.length === 1) return choices[0] ?? null;
  return choices.find((product) => availableOf(product) > 0) ?? null;
}

/** A product's label in a picker: its variation values, or its name. */
export function variationLabel(product: ProductResource): string {
  return product.attributes.variation_values.join(' / ') || product.attributes.name;
}
