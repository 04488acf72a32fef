import type { BundleItemResource, ProductResource } from '../../lib/api-contract';
import type { PricedBundleItem } from '../../lib/api-contract/money';
import { availableOf } from './product-group-rules';

/** Spec section 3 "bundle selection per bundle item". */
export interface BundleSelection {
  bundleItemId: string;
  productGroupId: string;
  selectedProductId: string | null;
  /** The fixed product of the item, if any: it cannot be cleared. */
  initialProductId: string | null;
  quantity: number;
  required: true;
  name: string;
  discount_percentage: number;
}

export function initialSelections(items: BundleItemResource[]): BundleSelection[] {
  return items.map((item) => ({
    bundleItemId: item.id,
    productGroupId: item.attributes.product_group_id,
    selectedProductId: item.attributes.product_id,
    initialProductId: item.attributes.product_id,
    quantity: item.attributes.quantity,
    required: true,
    name: item.attributes.name,
    discount_percentage: item.attributes.discount_percentage,
  }));
}

/** A bundle is complete when every item has a selected product. */
export function isBundleComplete(selections: BundleSelection[]): boolean {
  return selections.length > 0 && selections.every((selection) => selection.selectedProductId !== null);
}

export function selectProduct(
  selections: BundleSelection[],
  bundleItemId: string,
  productId: string | null,
): BundleSelection[] {
  return selections.map((selection) =>
    selection.bundleItemId === bundleItemId && selection.initialProductId === null
      ? { ...selection, selectedProductId: productId }
      : selection,
  );
}

export interface PickerOption {
  product: ProductResource;
  /** Units left for this item once the other items of the bundle have taken theirs. */
  remaining: number;
  label: string;
  disabled: boolean;
}

/**
 * Options of a group-only bundle item (spec section 5): archived and zero-availability products are
 * hidden; the remaining availability subtracts units chosen in the bundle's other items. With an event
 * date, `freeOnDate` gives what is free that day: the counts follow it, and a product booked that day
 * stays listed as such (it exists; the date is the trouble).
 */
export function pickerOptions(
  selections: BundleSelection[],
  bundleItemId: string,
  groupProducts: ProductResource[],
  freeOnDate: (productId: string) => number | undefined = () => undefined,
): PickerOption[] {
  const current = selections.find((selection) => selection.bundleItemId === bundleItemId);
  const need = current?.quantity ?? 1;
  return groupProducts
    .filter((product) => !product.attributes.archived && availableOf(product) > 0)
    .map((product) => {
      const takenElsewhere = selections
        .filter((s) => s.bundleItemId !== bundleItemId && s.selectedProductId === product.id)
        .reduce((sum, s) => sum + s.quantity, 0);
      const dated = freeOnDate(product.id);
      const available = Math.min(availableOf(product), dated ?? Number.POSITIVE_INFINITY);
      const remaining = Math.max(0, available - takenElsewhere);
      const name = product.attributes.variation_values.join(' / ') || product.attributes.name;
      const none = dated !== undefined && dated < 1 ? 'Booked on your date' : 'Out of stock';
      return {
        product,
        remaining,
        label: remaining > 0 ? `${name} (${remaining} available)` : `${name} (${none})`,
        disabled: remaining < need,
      };
    });
}

/** The bundle's price for the current choices: unchosen items are priced at their group's base price. */
export function selectionPriceItems(
  selections: BundleSelection[],
  productPrice: (productId: string) => number | undefined,
  groupPrice: (groupId: string) => number | undefined,
): PricedBundleItem[] {
  return selections.map((selection) => ({
    unitPriceInCents:
      (selection.selectedProductId ? productPrice(selection.selectedProductId) : undefined) ??
      groupPrice(selection.productGroupId) ??
      0,
    quantity: selection.quantity,
    discountPercentage: selection.discount_percentage,
  }));
}

/** How many of the bundle can be added: the scarcest chosen product over the units it needs. */
export function bundleMaxQuantity(
  selections: BundleSelection[],
  productAvailable: (productId: string) => number | undefined,
  bundleAvailable: number,
): number {
  const demand = new Map<string, number>();
  for (const s of selections) {
    if (s.selectedProductId) demand.set(s.selectedProductId, (demand.get(s.selectedProductId) ?? 0) + s.quantity);
  }
  let max = bundleAvailable;
  for (const [productId, units] of demand) {
    const available = productAvailable(productId);
    if (available !== undefined) max = Math.min(max, Math.floor(available / units));
  }
  return Math.max(0, max);
}
