import { describe, expect, it } from 'vitest';
import {
  assertDocumentResponse,
  assertListResponse,
  InvalidResponseError,
} from '../../../../src/features/catalogue/api/validate';
import { photoVariant, toDisplayProduct } from '../../../../src/features/catalogue/display-product';

const resource = { id: '1', type: 'product_groups', attributes: { name: 'A' } };

describe('response validation', () => {
  it('accepts a list with meta.total_items, and bundles under "bundles"', () => {
    expect(assertListResponse({ data: [resource], meta: { total_items: 1 } }).meta).toEqual({
      total_items: 1,
      current_page: 1,
      per_page: 1,
    });
    expect(assertListResponse({ bundles: [resource], meta: { total_items: 1 } }).data).toHaveLength(1);
  });

  it.each([
    null,
    [],
    { data: 'x', meta: { total_items: 1 } },
    { data: [] },
    { data: [{ id: 1 }], meta: { total_items: 1 } },
  ])('rejects %j as an invalid response', (body) => {
    expect(() => assertListResponse(body)).toThrow(InvalidResponseError);
    expect(() => assertListResponse(body)).toThrow('Invalid response format from API');
  });

  it('checks documents and their included resources', () => {
    expect(assertDocumentResponse({ data: resource, included: [resource] }).included).toHaveLength(1);
    expect(() => assertDocumentResponse({ data: resource, included: [1] })).toThrow(InvalidResponseError);
    expect(() => assertDocumentResponse({ error: 'x' })).toThrow(InvalidResponseError);
  });
});

describe('display products', () => {
  it('groups a product group and a bundle into the spec display shape', () => {
    const attributes = {
      name: 'Ghost Lounge',
      description: 'd',
      photo_url: '/photos/b/large_b.webp',
      base_price_in_cents: 100,
      archived: false,
      show_in_store: true,
      inventory: { available: 2, stock_count: 2, plannable: 2 },
      variation_fields: [],
      tags: [],
    };
    expect(toDisplayProduct({ id: 'b', type: 'bundles', attributes })).toMatchObject({
      type: 'bundle',
      groupName: 'Ghost Lounge',
      isBundle: true,
      isProductGroup: false,
      totalAvailable: 2,
    });
    expect(photoVariant('/photos/b/large_b.webp', 'xlarge')).toBe('/photos/b/xlarge_b.webp');
    expect(photoVariant(null, 'xlarge')).toBeNull();
  });
});
