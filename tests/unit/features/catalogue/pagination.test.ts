import { describe, expect, it } from 'vitest';
import {
  hasMorePages,
  isPastEnd,
  pageCount,
  pageWindow,
  parsePageParam,
} from '../../../../src/features/catalogue/pagination';

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

  it('offers the first, the last and the pages around what is shown, with gaps of more than one page', () => {
    expect(pageWindow(1, 1, 1)).toEqual([1]);
    expect(pageWindow(1, 1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(1, 1, 10)).toEqual([1, 2, null, 10]);
    expect(pageWindow(5, 5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(3, 5, 10)).toEqual([1, 2, 3, 4, 5, 6, null, 10]);
    expect(pageWindow(10, 10, 10)).toEqual([1, null, 9, 10]);
  });

  it('knows a page past the end; page 1 always exists', () => {
    expect(isPastEnd(1, 0)).toBe(false);
    expect(isPastEnd(2, 14)).toBe(true);
    expect(isPastEnd(2, 31)).toBe(false);
    expect(isPastEnd(3, 60)).toBe(true);
  });
});
