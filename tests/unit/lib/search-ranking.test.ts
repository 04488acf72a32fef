import { describe, expect, it } from 'vitest';
import { matchRank, searchTokens } from '../../../src/lib/search-ranking';

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
