import { describe, expect, it } from 'vitest';
import { DEMO_CATEGORIES } from '../../../server/seed/demo-categories';
import {
  type Category,
  categoryName,
  keysUnder,
  menuGroups,
  renamedCategory,
  titleOfKey,
} from '../../../src/lib/api-contract/categories';
import { categoryWords } from '../../../src/lib/search-ranking';
import { SPEC_MENU } from '../../fixtures/spec-menu';

const category = (key: string, parent: string | null, items: number, ownItems: number, position = 1): Category => ({
  key,
  name: titleOfKey(key),
  parent,
  position,
  description: '',
  photoUrl: null,
  oldKeys: [],
  items,
  ownItems,
});

describe('the Hire menu from categories', () => {
  it("gives the spec's menu from the demo's categories.csv (Signage and Others have no items of their own)", () => {
    const demo = DEMO_CATEGORIES.map(
      (c): Category => ({
        ...c,
        parent: c.parent || null,
        description: '',
        photoUrl: null,
        oldKeys: [],
        items: 3,
        ownItems: c.key === 'signage' || c.key === 'others' ? 0 : 1,
      }),
    );
    expect(
      menuGroups(demo).map((group) => ({ title: group.title, tags: group.links.map((link) => link.key) })),
    ).toEqual(SPEC_MENU);
    expect(categoryName(demo, 'bars_djtables')).toBe('Bars & DJ Tables');
    expect(categoryName(demo, 'tableclothes')).toBe('Tablecloths');
  });

  it('leaves empty categories out and orders groups and links by position', () => {
    const list = [
      category('lighting', null, 4, 0, 3),
      category('festoons', 'lighting', 3, 3, 2),
      category('lanterns', 'lighting', 1, 1, 1),
      category('neon', 'lighting', 0, 0, 0),
      category('furniture', null, 2, 2, 1),
      category('linen', null, 0, 0, 2),
    ];
    expect(menuGroups(list)).toEqual([
      { key: 'furniture', title: 'Furniture', links: [{ key: 'furniture', name: 'Furniture' }] },
      {
        key: 'lighting',
        title: 'Lighting',
        links: [
          { key: 'lanterns', name: 'Lanterns' },
          { key: 'festoons', name: 'Festoons' },
        ],
      },
    ]);
  });

  it('lists a parent with its children, finds renamed keys and title-cases unknown ones', () => {
    const list = [category('lighting', null, 4, 0), category('festoons', 'lighting', 3, 3)];
    expect(keysUnder(list, 'lighting')).toEqual(['lighting', 'festoons']);
    expect(keysUnder(list, 'festoons')).toEqual(['festoons']);
    const renamed = [{ ...list[1], oldKeys: ['fairy_lights'] } as Category];
    expect(renamedCategory(renamed, 'fairy_lights')?.key).toBe('festoons');
    expect(renamedCategory(renamed, 'festoons')).toBeUndefined();
    expect(categoryName(list, 'party_lights')).toBe('Party Lights');
  });

  it("searches an item's category names and its parents'", () => {
    const list = [
      { key: 'linen', name: 'Table Linen', parent: null },
      { key: 'runners', name: 'Runners', parent: 'linen' },
    ];
    expect(categoryWords(list, ['runners', 'unknown'])).toBe('Runners Table Linen');
  });
});
