import { describe, expect, it } from 'vitest';
import type { BundleDetail } from '../../../../src/features/catalogue/api/get-bundle';
import type { ProductGroupDetail } from '../../../../src/features/catalogue/api/get-product-group';
import { bundleLineFrom, productLineFrom } from '../../../../src/features/catalogue/resolve-line';
import type { ProductResource } from '../../../../src/lib/api-contract';

const product = (id: string, groupId: string, available: number, price = 1000, archived = false): ProductResource => ({
  id,
  type: 'products',
  attributes: {
    name: `Product ${id}`,
    description: '',
    photo_url: `/photos/${id}/large_${id}.webp`,
    base_price_in_cents: price,
    archived,
    show_in_store: true,
    inventory: { available, stock_count: available, plannable: available },
    product_group_id: groupId,
    variation_values: [id],
  },
});

const group = (id: string, products: ProductResource[]): ProductGroupDetail => ({
  group: {
    id,
    type: 'product_groups',
    attributes: {
      name: `Group ${id}`,
      description: '',
      photo_url: `/photos/${id}/large_${id}.webp`,
      base_price_in_cents: 900,
      archived: false,
      show_in_store: true,
      inventory: { available: 9, stock_count: 9, plannable: 9 },
      variation_fields: ['Colour'],
      tags: [],
      large_url: null,
      xlarge_url: null,
    },
  },
  products,
});

const coupes = group('coupes', [product('gold', 'coupes', 30, 500), product('old', 'coupes', 30, 500, true)]);
const stands = group('stands', [product('stand', 'stands', 2, 8000)]);
const tower: BundleDetail = {
  bundle: {
    id: 'tower',
    type: 'bundles',
    attributes: {
      name: 'Champagne Tower',
      description: '',
      photo_url: '/photos/tower/large_tower.webp',
      base_price_in_cents: 10_000,
      archived: false,
      show_in_store: true,
      inventory: { available: 5, stock_count: 5, plannable: 5 },
      tags: [],
      variation_fields: [],
    },
  },
  items: [
    {
      id: 'fixed',
      type: 'bundle_items',
      attributes: {
        product_group_id: 'stands',
        product_id: 'stand',
        quantity: 1,
        name: 'Stand',
        discount_percentage: 0,
      },
    },
    {
      id: 'pick',
      type: 'bundle_items',
      attributes: {
        product_group_id: 'coupes',
        product_id: null,
        quantity: 10,
        name: 'Coupes',
        discount_percentage: 10,
      },
    },
  ],
  products: [product('stand', 'stands', 2, 8000)],
};

describe('lines from a shared link', () => {
  it("takes a product's name, price and stock from the catalogue, the quantity within stock", () => {
    expect(productLineFrom(stands, 'stand', 5)).toMatchObject({
      id: 'stand',
      name: 'Product stand',
      priceCents: 8000,
      stock_count: 2,
      quantity: 2,
      productGroupId: 'stands',
      isBundle: false,
    });
  });

  it('refuses a product its group no longer offers', () => {
    expect(productLineFrom(stands, 'gone', 1)).toBeNull();
    expect(productLineFrom(coupes, 'old', 1)).toBeNull();
  });

  it("prices a bundle from today's catalogue and keeps its choices", () => {
    const line = bundleLineFrom(tower, [coupes], [{ bundleItemId: 'pick', productId: 'gold' }], 1);
    expect(line).toMatchObject({
      id: 'tower',
      isBundle: true,
      // 8000 + 10 x 500 x 0.9
      priceCents: 12_500,
      // the stand limits it: 2 in stock, 1 per bundle
      stock_count: 2,
      bundleVariations: [
        {
          bundleItemId: 'pick',
          productId: 'gold',
          displayName: 'Product gold',
          displayPhotoUrl: '/photos/gold/large_gold.webp',
        },
      ],
    });
  });

  it.each([
    ['no choice for a picker', []],
    [
      'a choice for a fixed item',
      [
        { bundleItemId: 'fixed', productId: 'stand' },
        { bundleItemId: 'pick', productId: 'gold' },
      ],
    ],
    ['an unknown item', [{ bundleItemId: 'nope', productId: 'gold' }]],
    ['a product of another group', [{ bundleItemId: 'pick', productId: 'stand' }]],
    ['an archived product', [{ bundleItemId: 'pick', productId: 'old' }]],
  ])('refuses a bundle line with %s', (_, choices) => {
    expect(bundleLineFrom(tower, [coupes], choices, 1)).toBeNull();
  });
});
