import { describe, expect, it } from 'vitest';
import { matchRank, rankMatches, searchTokens } from '../../../src/lib/search-ranking';
import { oneTypoApart, stemOf, typoNeighbours, wordsOf } from '../../../src/lib/search-words';

describe('searchTokens', () => {
  it('lower-cases, drops punctuation and keeps at most 8 words', () => {
    expect(searchTokens('  Silver, MIRROR plinth! ')).toEqual(['silver', 'mirror', 'plinth']);
    expect(searchTokens('a b c d e f g h i j')).toHaveLength(8);
    expect(searchTokens('%%%')).toEqual([]);
  });
});

describe('matchRank', () => {
  const rank = (query: string, name: string, description = '') => matchRank(searchTokens(query), name, description);
  it('ranks the exact name, then names starting with the phrase, holding it, then word matches', () => {
    expect(rank('tiffany chair', 'Tiffany Chair')).toBe(0);
    expect(rank('tiffany', 'Tiffany Chair')).toBe(1);
    expect(rank('tiffany chair', 'Kids Tiffany Chair')).toBe(2);
    expect(rank('plinth mirror', 'Silver Mirror Plinth')).toBe(3);
    expect(rank('natural urn large', 'Natural Urn', 'Available in Small and Large.')).toBe(4);
    expect(rank('large', 'Natural Urn', 'Available in Small and Large.')).toBe(5);
  });
  it('needs every word, each at the start of a word', () => {
    expect(rank('urn', 'Natural Scallop Clam Bowl', 'pick up and return on Monday')).toBeNull();
    expect(rank('plinth', 'Ghost Plinths')).toBe(2);
    expect(rank('ghost chair', 'Ghost Plinth')).toBeNull();
  });
});

describe('words, stems and typos', () => {
  it('splits on punctuation and hyphens, and drops apostrophes', () => {
    expect(wordsOf("Kid's pick-up & return")).toEqual(['kids', 'pick', 'up', '&', 'return']);
  });
  it('gives a word and its plural one stem', () => {
    for (const [one, many] of [
      ['chair', 'chairs'],
      ['candle', 'candles'],
      ['bow', 'bows'],
      ['box', 'boxes'],
      ['glass', 'glasses'],
      ['bench', 'benches'],
    ]) {
      expect(stemOf(many as string), many).toBe(stemOf(one as string));
    }
    expect(stemOf('bows')).not.toBe(stemOf('bowl'));
  });
  it('counts one added, dropped, changed or swapped letter as one typo, and no more', () => {
    expect(oneTypoApart('tiffny', 'tiffany')).toBe(true);
    expect(oneTypoApart('chiar', 'chair')).toBe(true);
    expect(oneTypoApart('plintj', 'plinth')).toBe(true);
    expect(oneTypoApart('glasss', 'glass')).toBe(true);
    expect(oneTypoApart('chiarr', 'chair')).toBe(false);
    expect(oneTypoApart('hcari', 'chair')).toBe(false);
    expect(oneTypoApart('chair', 'chair')).toBe(false);
  });
  it('forgives a typo only in words of 5 letters or more', () => {
    expect([...typoNeighbours('vsae', ['vase'])]).toEqual([]);
    expect([...typoNeighbours('chiars', ['chair', 'chain', 'stair'])]).toEqual(['chair']);
  });
});

describe('rankMatches', () => {
  const items = [
    { id: '1', name: 'Ghost Chair', description: '' },
    { id: '2', name: 'Tiffany Chair', description: '' },
    { id: '3', name: 'Ghost Plinth', description: 'Pairs with the ghost chairs.' },
    { id: '4', name: 'Velvet Bowl', description: '' },
  ];
  const ids = (query: string) => rankMatches(query, items, (item) => item).map((item) => item.id);
  it('ranks full matches, then partial ones; plurals match', () => {
    expect(ids('ghost chairs')).toEqual(['1', '3', '2']);
    expect(ids('chairs')).toEqual(['1', '2', '3']);
  });
  it('reads a word found nowhere as a typo, ranked after exact matches', () => {
    expect(ids('ghost chiar')).toEqual(['1', '3', '2']);
    expect(ids('bowls')).toEqual(['4']);
    expect(ids('bows')).toEqual([]);
  });
});
