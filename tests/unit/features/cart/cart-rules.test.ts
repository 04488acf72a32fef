import { describe, expect, it } from 'vitest';
import {
  addItem,
  type CartItem,
  cartIdOf,
  isSameLine,
  lineKey,
  type NewCartItem,
  quantityInCart,
  removeItem,
  removeLine,
  totalItems,
  totalPriceCents,
  updateQuantity,
} from '../../../../src/features/cart/cart-rules';

const product = (id: string, extra: Partial<NewCartItem> = {}): NewCartItem => ({
  id,
  name: `Chair ${id}`,
  priceCents: 850,
  photo_url: null,
  stock_count: 5,
  quantity: 1,
  isBundle: false,
  bundleVariations: [],
  productGroupId: 'g1',
  ...extra,
});
const variation = (bundleItemId: string, productId: string) => ({ bundleItemId, productId, displayName: productId });
const bundle = (id: string, variations = [variation('i1', 'p1')], extra: Partial<NewCartItem> = {}): NewCartItem => ({
  ...product(id, { isBundle: true, productGroupId: null, bundleVariations: variations, priceCents: 12_345 }),
  ...extra,
});

describe('cart ids', () => {
  it('are bundle_{id} and product_{id}_group_{groupId}', () => {
    expect(cartIdOf({ id: 'b1', isBundle: true, productGroupId: null })).toBe('bundle_b1');
    expect(cartIdOf({ id: 'p1', isBundle: false, productGroupId: 'g7' })).toBe('product_p1_group_g7');
    const [line] = addItem([], product('p1'));
    expect(line?.cartId).toBe('product_p1_group_g1');
  });
});

describe('adding', () => {
  it('adds a new line', () => {
    expect(addItem([], product('p1', { quantity: 2 }))).toMatchObject([{ id: 'p1', quantity: 2 }]);
  });
  it('raises a matching product line, capped at stock_count', () => {
    let items = addItem([], product('p1', { quantity: 3 }));
    items = addItem(items, product('p1', { quantity: 4 }));
    expect(items).toHaveLength(1);
    expect(items[0]?.quantity).toBe(5);
  });
  it('matches a bundle only with the same variations', () => {
    let items = addItem([], bundle('b1', [variation('i1', 'p1'), variation('i2', 'p2')]));
    items = addItem(items, bundle('b1', [variation('i2', 'p2'), variation('i1', 'p1')]));
    expect(items).toHaveLength(1);
    expect(items[0]?.quantity).toBe(2);
    items = addItem(items, bundle('b1', [variation('i1', 'p9'), variation('i2', 'p2')]));
    expect(items).toHaveLength(2);
    expect(new Set(items.map(lineKey)).size).toBe(2);
  });
  it('never adds beyond stock or an out-of-stock item', () => {
    expect(addItem([], product('p1', { quantity: 9 }))[0]?.quantity).toBe(5);
    expect(addItem([], product('p1', { stock_count: 0 }))).toEqual([]);
    expect(addItem([], product('p1', { quantity: 0 }))).toEqual([]);
  });
  it('tells lines apart', () => {
    expect(isSameLine(product('p1'), product('p1', { quantity: 3 }))).toBe(true);
    expect(isSameLine(product('p1'), bundle('p1'))).toBe(false);
  });
});

describe('quantities and removal', () => {
  const items: CartItem[] = addItem(addItem(addItem([], product('p1', { quantity: 2 })), product('p2')), bundle('b1'));

  it('clamps between 0 and stock and removes at 0', () => {
    const key = lineKey(items[0] as CartItem);
    expect(updateQuantity(items, key, 99)[0]?.quantity).toBe(5);
    expect(updateQuantity(items, key, 4)[0]?.quantity).toBe(4);
    expect(updateQuantity(items, key, 0).map((i) => i.id)).toEqual(['p2', 'b1']);
    expect(updateQuantity(items, key, -3).map((i) => i.id)).toEqual(['p2', 'b1']);
    expect(updateQuantity(items, key, Number.NaN)).toBe(items);
  });

  it('removes a bundle by id and a product by id plus group', () => {
    expect(removeItem(items, { id: 'b1', isBundle: true, productGroupId: null }).map((i) => i.id)).toEqual([
      'p1',
      'p2',
    ]);
    expect(removeItem(items, { id: 'p1', isBundle: false, productGroupId: 'other' })).toHaveLength(3);
    expect(removeItem(items, { id: 'p1', isBundle: false, productGroupId: 'g1' }).map((i) => i.id)).toEqual([
      'p2',
      'b1',
    ]);
    expect(removeLine(items, lineKey(items[2] as CartItem)).map((i) => i.id)).toEqual(['p1', 'p2']);
  });

  it('totals items and price in whole cents', () => {
    expect(totalItems(items)).toBe(4);
    expect(totalPriceCents(items)).toBe(2 * 850 + 850 + 12_345);
    const pennies = Array.from({ length: 10 }, (_, i) => product(`x${i}`, { priceCents: 10, quantity: 3 }));
    expect(totalPriceCents(pennies.reduce<CartItem[]>((acc, p) => addItem(acc, p), []))).toBe(300);
  });
});

describe('quantity in cart', () => {
  it('counts a product by id and a bundle by id and the same choices', () => {
    let items: CartItem[] = [];
    items = addItem(items, product('p1', { quantity: 2 }));
    items = addItem(items, bundle('b1', [variation('i1', 'p1')], { quantity: 1 }));
    items = addItem(items, bundle('b1', [variation('i1', 'p2')], { quantity: 3 }));
    expect(quantityInCart(items, { id: 'p1', isBundle: false, bundleVariations: [] })).toBe(2);
    expect(quantityInCart(items, { id: 'b1', isBundle: true, bundleVariations: [variation('i1', 'p2')] })).toBe(3);
    expect(quantityInCart(items, { id: 'b1', isBundle: true, bundleVariations: [variation('i1', 'p9')] })).toBe(0);
    expect(quantityInCart(items, { id: 'p2', isBundle: false, bundleVariations: [] })).toBe(0);
  });
});
