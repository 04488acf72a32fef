import { describe, expect, it } from 'vitest';
import { queryKeys, readQueryKey } from '../../../src/lib/query-keys';

describe('query keys', () => {
  it('reads back what each key names', () => {
    expect(readQueryKey(queryKeys.listing({ kind: 'tag', tag: 'chairs' }, 3))).toEqual({
      kind: 'listing',
      source: { kind: 'tag', tag: 'chairs' },
      startPage: 3,
    });
    expect(readQueryKey(queryKeys.productGroup('12'))).toEqual({ kind: 'product-group', id: '12' });
    expect(readQueryKey(queryKeys.bundle('7'))).toEqual({ kind: 'bundle', id: '7' });
    expect(readQueryKey(queryKeys.photos('12'))).toEqual({ kind: 'photos', ownerId: '12' });
    expect(readQueryKey(queryKeys.searchResults('  Chairs '))).toEqual({ kind: 'search-results', query: 'chairs' });
  });

  it('names nothing for the keys no reader needs, or a key persisted by an older build', () => {
    for (const key of [
      queryKeys.searchPreview('chairs'),
      queryKeys.availability('2027-03-20'),
      queryKeys.business,
      queryKeys.offlineSize,
      ['catalogue', 'bundle', 7],
    ]) {
      expect(readQueryKey(key)).toEqual({ kind: 'other' });
    }
  });

  it('reads a listing whose source this build does not know as a listing of no source', () => {
    expect(readQueryKey(['catalogue', 'listing', 'products', 1])).toEqual({
      kind: 'listing',
      source: null,
      startPage: 1,
    });
  });

  it('keeps the keys already persisted on shoppers’ devices', () => {
    expect(queryKeys.listing({ kind: 'products' }, 1)).toEqual(['catalogue', 'listing', { kind: 'products' }, 1]);
    expect(queryKeys.searchResults('Arch')).toEqual(['search', 'results', 'arch']);
    expect(queryKeys.businessTexts).toEqual(['business', 'texts']);
  });
});
