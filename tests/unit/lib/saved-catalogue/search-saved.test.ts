import { describe, expect, it } from 'vitest';
import type { CatalogueItemResource } from '../../../../src/lib/api-contract';
import { searchSavedItems } from '../../../../src/lib/saved-catalogue/search-saved';

const item = (id: string, name: string, description = ''): CatalogueItemResource =>
  ({ id, type: 'product_groups', attributes: { name, description } }) as CatalogueItemResource;

const index = [
  item('a', 'Kids Tiffany Chair'),
  item('b', 'Tiffany Chair'),
  item('c', 'Ghost Chair', 'Clear like a Tiffany chair'),
  item('d', 'Tiffany Chair Cushion'),
  item('e', 'Round Table'),
];

describe('searchSavedItems', () => {
  it('ranks as the server does: exact name, name start, phrase in name, then description', () => {
    const { items, total } = searchSavedItems(index, 'tiffany chair', 1, 30);
    expect(items.map((i) => i.attributes.name)).toEqual([
      'Tiffany Chair',
      'Tiffany Chair Cushion',
      'Kids Tiffany Chair',
      'Ghost Chair',
    ]);
    expect(total).toBe(4);
  });

  it('pages the ranked matches', () => {
    expect(searchSavedItems(index, 'chair', 2, 3).items.map((i) => i.id)).toEqual(['d']);
    expect(searchSavedItems(index, 'chair', 2, 3).total).toBe(4);
  });

  it('finds nothing for an empty or unmatched query', () => {
    expect(searchSavedItems(index, '  ', 1, 30)).toEqual({ items: [], total: 0 });
    expect(searchSavedItems(index, 'sofa', 1, 30)).toEqual({ items: [], total: 0 });
  });
});
