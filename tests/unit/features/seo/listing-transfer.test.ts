import { describe, expect, it } from 'vitest';
import { type DisplayProduct, toListedItem } from '../../../../src/features/catalogue/display-product';
import { listedTextFromJsonLd, omitListedText, restoreListedText } from '../../../../src/features/seo/listing-transfer';
import { productJsonLd, serializeJsonLd } from '../../../../src/features/seo/seo-rules';

const ORIGIN = 'https://shop.example';

function product(id: string, overrides: Partial<DisplayProduct> = {}): DisplayProduct {
  return {
    id,
    type: 'product-group',
    groupName: `Item ${id}`,
    photo_url: `/photos/${id}/large_abc.webp`,
    description: `About item ${id}.`,
    base_price_in_cents: 1250,
    totalAvailable: 4,
    isBundle: false,
    isProductGroup: true,
    variation_fields: ['Size'],
    priceVaries: false,
    ...overrides,
  };
}

const listing = (items: DisplayProduct[], key: unknown[] = ['catalogue', 'listing', { kind: 'tag' }, 1]) => ({
  queryKey: key,
  queryHash: JSON.stringify(key),
  state: { data: { pages: [{ page: 1, totalItems: items.length, items }], pageParams: [1] }, status: 'success' },
});

/** The page's JSON-LD as ProductJsonLd renders it, read back as the browser reads it. */
const jsonLdOf = (items: DisplayProduct[]) =>
  listedTextFromJsonLd([serializeJsonLd(productJsonLd(items.map(toListedItem), ORIGIN, '/hire/decor', 'Shop'))]);

describe('listing data sent once (JSON-LD, not again in the query cache)', () => {
  const items = [
    product('a'),
    product('b', { groupName: 'Table <b>"Oak"</b> & Co', description: 'Seats 8 </script> — “long” ✓' }),
    product('c', { photo_url: null, type: 'bundle', isBundle: true, isProductGroup: false }),
    product('d', { photo_url: 'https://cdn.example/p/d.webp' }),
    product('e', { photo_url: '/photos/e/large x.webp' }),
  ];

  it('leaves out names, descriptions and photo paths the JSON-LD gives back', () => {
    const [sent] = omitListedText([listing(items)]);
    const text = JSON.stringify(sent);
    for (const item of items) {
      expect(text).not.toContain(JSON.stringify(item.groupName).slice(1, -1));
      expect(text).not.toContain(JSON.stringify(item.description).slice(1, -1));
    }
    expect(text).not.toContain('/photos/a/large_abc.webp');
    // An absolute address, or one the URL would re-encode, is kept: the JSON-LD could not give it back exactly.
    expect(text).toContain('https://cdn.example/p/d.webp');
    expect(text).toContain('/photos/e/large x.webp');
    expect(text).toContain('"base_price_in_cents":1250');
  });

  it('makes every listing whole again from the page JSON-LD, exactly', () => {
    const original = listing(items);
    const restored = restoreListedText(omitListedText([original]), jsonLdOf(items));
    expect(restored).toEqual([original]);
  });

  it('restores search results and pages after the first the same way', () => {
    const search = listing(items.slice(0, 2), ['search', 'results', 'oak']);
    search.state.data.pages.push({ page: 2, totalItems: 3, items: [product('z')] });
    const all = [...items.slice(0, 2), product('z')];
    expect(restoreListedText(omitListedText([search]), jsonLdOf(all))).toEqual([search]);
  });

  it('drops a listing with an item the JSON-LD does not name, so the page fetches it', () => {
    const other = { queryKey: ['business'], queryHash: '["business"]', state: { data: { name: 'Shop' } } };
    const sent = omitListedText([other, listing(items)]);
    expect(restoreListedText(sent, jsonLdOf(items.slice(1)))).toEqual([other]);
  });

  it('leaves other queries, and listings of another shape, as they are', () => {
    const group = { queryKey: ['catalogue', 'product-group', 'a'], state: { data: { group: product('a') } } };
    const odd = { queryKey: ['catalogue', 'listing', 'x', 1], state: { data: { pages: [{ rows: [] }] } } };
    expect(omitListedText([group, odd])).toEqual([group, odd]);
    expect(restoreListedText([group, odd], new Map())).toEqual([group, odd]);
  });

  it('ignores JSON-LD that is not Product data or not JSON', () => {
    const bySku = listedTextFromJsonLd([
      '{not json',
      serializeJsonLd({ '@context': 'https://schema.org', '@type': 'LocalBusiness', name: 'Shop' }),
      serializeJsonLd(productJsonLd([toListedItem(product('q'))], ORIGIN, '/search?q=x', 'Shop')),
    ]);
    expect([...bySku.keys()]).toEqual(['product-group-q']);
    expect(bySku.get('product-group-q')).toEqual({
      name: 'Item q',
      description: 'About item q.',
      image: `${ORIGIN}/photos/q/large_abc.webp`,
    });
  });
});
