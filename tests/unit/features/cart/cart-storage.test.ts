import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseCartRecord } from '../../../../src/features/cart/cart-record';
import type { CartItem } from '../../../../src/features/cart/cart-rules';
import { CART_TTL_MS, loadCartItems, saveCartItems } from '../../../../src/features/cart/cart-storage';

const item: CartItem = {
  id: 'p1',
  name: 'Tiffany Chair - White',
  priceCents: 800,
  photo_url: null,
  stock_count: 10,
  quantity: 2,
  isBundle: false,
  bundleVariations: [],
  productGroupId: 'g1',
  cartId: 'product_p1_group_g1',
};

afterEach(() => vi.restoreAllMocks());

describe('stored cart', () => {
  it('survives a save and a load', async () => {
    await saveCartItems([item], 1_000);
    expect(await loadCartItems(2_000)).toEqual([item]);
  });

  it('expires 12 hours after the last change', async () => {
    await saveCartItems([item], 1_000);
    expect(await loadCartItems(1_000 + CART_TTL_MS - 1)).toEqual([item]);
    expect(await loadCartItems(1_000 + CART_TTL_MS + 1)).toEqual([]);
    // The stale record is gone, not only hidden.
    expect(await loadCartItems(1_000)).toEqual([]);
  });

  it('removes the record when the cart is empty', async () => {
    await saveCartItems([item], 1_000);
    await saveCartItems([], 2_000);
    expect(await loadCartItems(2_000)).toEqual([]);
  });

  it('migrates a version 1 record with dollar prices', () => {
    const { priceCents: _cents, ...rest } = item;
    const record = parseCartRecord({ version: 1, updatedAt: 5, items: [{ ...rest, price: 8.5 }] });
    expect(record?.items[0]?.priceCents).toBe(850);
  });

  it('drops an unreadable record with a warning instead of crashing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseCartRecord({ version: 2, items: 'nope' })).toBeNull();
    expect(parseCartRecord('garbage')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(parseCartRecord(undefined)).toBeNull();
  });
});
