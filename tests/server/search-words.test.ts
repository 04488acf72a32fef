import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueItemResource, ListResponse } from '../../src/lib/api-contract';
import { makeTestApp, type TestApp } from './helpers';

let t: TestApp;
afterAll(() => t?.close());
beforeAll(async () => {
  t = await makeTestApp();
});

/** The names a search answers, in order. */
async function names(query: string): Promise<string[]> {
  const { body } = await t.json<ListResponse<CatalogueItemResource>>(
    `/api/boomerang/items?query=${encodeURIComponent(query)}&per_page=100`,
  );
  expect(body.meta.total_items).toBe(body.data.length);
  return body.data.map((item) => item.attributes.name);
}
const sorted = (list: string[]) => [...list].sort();

describe('search finds what people type', () => {
  it('finds the same items for a word and its plural', async () => {
    for (const [one, many] of [
      ['chair', 'chairs'],
      ['plinth', 'plinths'],
      ['vase', 'vases'],
      ['urn', 'urns'],
    ]) {
      const singular = await names(one as string);
      expect(singular.length, one).toBeGreaterThan(0);
      expect(sorted(await names(many as string)), many).toEqual(sorted(singular));
    }
    // Every chair by name, and first: the plural once found 5 items, none of them a chair.
    const chairs = await names('chairs');
    const named = chairs.filter((name) => /\bchair\b/i.test(name));
    expect(named.length).toBeGreaterThanOrEqual(5);
    expect(chairs.slice(0, named.length)).toEqual(named);
  });

  it('finds each item named for the plural it is asked by, and not a word that only starts alike', async () => {
    const candles = await names('candles');
    expect(candles).toContain('Gold Taper Candle Holder');
    expect(candles.length).toBeGreaterThanOrEqual(4);
    const bows = await names('bows');
    expect(bows.slice(0, 2).sort()).toEqual(['Giant Velvet Bow', 'Satin Chair Bow']);
    expect(bows).not.toContain('Natural Scallop Clam Bowl');
  });

  it('ranks items with some of the words below those with all of them, instead of finding nothing', async () => {
    // No item says both "wedding" and "arch" in its name: every arch is found, one named for it first.
    const arches = await names('arch');
    const weddingArch = await names('wedding arch');
    expect(weddingArch[0]).toMatch(/\barch/i);
    expect(weddingArch).toEqual(expect.arrayContaining(arches));

    const ghostChairs = await names('ghost chairs');
    expect(ghostChairs[0]).toBe('Ghost Chair');
    const both = ghostChairs.findLastIndex((name) => name === 'Ghost Ceremony Package' || name === 'Ghost Lounge');
    const onlyOne = ghostChairs.indexOf('Tiffany Chair');
    expect(both).toBeGreaterThan(0);
    expect(onlyOne).toBeGreaterThan(both);
    // "the", "and" and such count for nothing beside other words.
    expect(await names('the ghost chair')).toEqual(await names('ghost chair'));
    // Three words: an item needs two of them.
    expect(await names('natural urn sideways')).toContain('Natural Urn');
    expect(await names('urn zzzq qqqz')).toEqual([]);
  });

  it('forgives one typo in a word of 5 letters or more, ranking exact matches first', async () => {
    const tiffany = await names('tiffny chair');
    expect(tiffany.slice(0, 2).sort()).toEqual(['Kids Tiffany Chair', 'Tiffany Chair']);
    // A swapped pair of letters is one typo; "chiar" is also the start of "Chiara", found first.
    const chiar = await names('chiar');
    expect(chiar[0]).toBe('Chiara Round Backdrop');
    expect(chiar).toContain('Ghost Chair');
    expect(await names('glases')).toContain('Seashell Glass');
    expect(await names('plintj')).toContain('Ghost Plinth');
    // Shorter words are left as typed, and two typos are too many.
    expect(await names('vsae')).toEqual([]);
    expect(await names('chiarr')).not.toContain('Ghost Chair');
  });
});
