import { describe, expect, it } from 'vitest';
import {
  bundleMaxQuantity,
  initialSelections,
  isBundleComplete,
  pickerOptions,
  selectionPriceItems,
  selectProduct,
} from '../../../../src/features/catalogue/bundle-rules';
import { bundleButtonLabel } from '../../../../src/features/catalogue/components/bundle-options';
import { preselectProduct, selectableProducts } from '../../../../src/features/catalogue/product-group-rules';
import type { BundleItemResource, ProductResource } from '../../../../src/lib/api-contract';

const product = (id: string, available: number, archived = false, price = 1000): ProductResource => ({
  id,
  type: 'products',
  attributes: {
    name: `Chair - ${id}`,
    description: '',
    photo_url: null,
    base_price_in_cents: price,
    archived,
    show_in_store: true,
    inventory: { available, stock_count: available, plannable: available },
    product_group_id: 'g1',
    variation_values: [id],
  },
});

const item = (
  id: string,
  groupId: string,
  productId: string | null,
  quantity: number,
  discount = 10,
): BundleItemResource => ({
  id,
  type: 'bundle_items',
  attributes: {
    product_group_id: groupId,
    product_id: productId,
    quantity,
    name: `Item ${id}`,
    discount_percentage: discount,
  },
});

describe('product group preselection (spec section 4)', () => {
  it('picks the only product', () => {
    expect(preselectProduct([product('a', 0)])?.id).toBe('a');
  });
  it('else the first with availability', () => {
    expect(preselectProduct([product('a', 0), product('b', 3), product('c', 5)])?.id).toBe('b');
  });
  it('else none', () => {
    expect(preselectProduct([product('a', 0), product('b', 0)])).toBeNull();
  });
  it('excludes archived products', () => {
    expect(selectableProducts([product('a', 2, true), product('b', 1)]).map((p) => p.id)).toEqual(['b']);
    expect(preselectProduct([product('a', 2, true), product('b', 0)])?.id).toBe('b');
  });
});

describe('bundle selections', () => {
  const items = [item('fixed', 'g0', 'p0', 1), item('x', 'g1', null, 2), item('y', 'g1', null, 3)];

  it('prefills fixed items and is complete only when every item has a product', () => {
    let selections = initialSelections(items);
    expect(selections.map((s) => s.selectedProductId)).toEqual(['p0', null, null]);
    expect(isBundleComplete(selections)).toBe(false);
    selections = selectProduct(selections, 'x', 'a');
    selections = selectProduct(selections, 'y', 'b');
    expect(isBundleComplete(selections)).toBe(true);
  });

  it('lets a chosen product be cleared but never a fixed one', () => {
    let selections = selectProduct(initialSelections(items), 'x', 'a');
    selections = selectProduct(selections, 'x', null);
    expect(selections[1]?.selectedProductId).toBeNull();
    selections = selectProduct(selections, 'fixed', null);
    expect(selections[0]?.selectedProductId).toBe('p0');
  });

  it('hides archived and zero-stock products and subtracts units chosen elsewhere in the bundle', () => {
    const products = [product('a', 5), product('b', 0), product('c', 4, true), product('d', 2)];
    const selections = selectProduct(initialSelections(items), 'x', 'a');
    const options = pickerOptions(selections, 'y', products);
    expect(options.map((o) => o.product.id)).toEqual(['a', 'd']);
    expect(options.map((o) => o.label)).toEqual(['a (3 available)', 'd (2 available)']);
    // Item y needs 3: a has 3 left, d only 2.
    expect(options.map((o) => o.disabled)).toEqual([false, true]);
    const taken = selectProduct(selections, 'x', 'd');
    expect(pickerOptions(selectProduct(taken, 'x', 'a'), 'y', [product('a', 2)])[0]?.label).toBe('a (Out of stock)');
  });

  it('counts what is free on the event date when there is one', () => {
    const selections = initialSelections([item('x', 'g', null, 1), item('y', 'g', null, 1)]);
    const free: Record<string, number> = { a: 2, b: 0 };
    const options = pickerOptions(
      selections,
      'y',
      [product('a', 3), product('b', 4), product('c', 5)],
      (id) => free[id],
    );
    expect(options.map((option) => option.label)).toEqual([
      'a (2 available)',
      'b (Booked on your date)',
      'c (5 available)',
    ]);
    expect(options.map((option) => option.disabled)).toEqual([false, true, false]);
  });

  it('prices unchosen items at their group price and caps the quantity by the scarcest product', () => {
    const selections = selectProduct(initialSelections(items), 'x', 'a');
    const priced = selectionPriceItems(
      selections,
      (id) => ({ p0: 5000, a: 1200 })[id],
      () => 1000,
    );
    expect(priced.map((p) => p.unitPriceInCents)).toEqual([5000, 1200, 1000]);
    const done = selectProduct(selections, 'y', 'a');
    // a is used 2 + 3 = 5 units per bundle.
    expect(bundleMaxQuantity(done, (id) => ({ p0: 10, a: 12 })[id], 9)).toBe(2);
    expect(bundleMaxQuantity(done, () => undefined, 4)).toBe(4);
  });

  it('words the add button as the spec says', () => {
    expect(bundleButtonLabel(false, 5)).toBe('Please select all required items');
    expect(bundleButtonLabel(true, 5)).toBe('Add Bundle to Cart');
    expect(bundleButtonLabel(true, 0)).toBe('Out of Stock');
    expect(bundleButtonLabel(false, 0)).toBe('Out of Stock');
    // The cart already holds every bundle these choices allow.
    expect(bundleButtonLabel(true, 3, 0)).toBe('Max quantity in cart');
    expect(bundleButtonLabel(false, 3, 0)).toBe('Please select all required items');
  });
});
