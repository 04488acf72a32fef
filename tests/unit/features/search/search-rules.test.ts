import { describe, expect, it } from 'vitest';
import { nextActiveIndex, normaliseQuery } from '../../../../src/features/search/search-rules';

describe('search rules', () => {
  it('trims and ignores empty text', () => {
    expect(normaliseQuery('  ghost chair ')).toBe('ghost chair');
    expect(normaliseQuery('   ')).toBeNull();
    expect(normaliseQuery('')).toBeNull();
  });
  it('cycles the active suggestion at both ends', () => {
    expect(nextActiveIndex(-1, 4, 'ArrowDown')).toBe(0);
    expect(nextActiveIndex(3, 4, 'ArrowDown')).toBe(0);
    expect(nextActiveIndex(-1, 4, 'ArrowUp')).toBe(3);
    expect(nextActiveIndex(0, 4, 'ArrowUp')).toBe(3);
    expect(nextActiveIndex(1, 4, 'ArrowUp')).toBe(0);
    expect(nextActiveIndex(0, 0, 'ArrowDown')).toBe(-1);
  });
});
