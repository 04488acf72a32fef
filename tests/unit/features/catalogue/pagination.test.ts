import { describe, expect, it } from 'vitest';
import { hasMorePages, pageCount, parsePageParam } from '../../../../src/features/catalogue/pagination';

describe('pagination', () => {
  it('has more pages while page is below ceil(total / per page)', () => {
    expect(hasMorePages(1, 31, 30)).toBe(true);
    expect(hasMorePages(2, 31, 30)).toBe(false);
    expect(hasMorePages(1, 30, 30)).toBe(false);
    expect(hasMorePages(1, 0, 30)).toBe(false);
  });
  it('counts at least one page', () => {
    expect(pageCount(0, 30)).toBe(1);
    expect(pageCount(61, 30)).toBe(3);
  });
  it('accepts only positive whole page numbers', () => {
    expect(parsePageParam('2')).toBe(2);
    for (const bad of ['0', '-1', '1.5', 'abc', '', '01', '999999']) expect(parsePageParam(bad)).toBeNull();
  });
});
