import { describe, expect, it } from 'vitest';
import { daysOf, holdWindow, isCalendarDay } from '../../../src/lib/api-contract/hold-window';

describe('hold windows', () => {
  it('holds a Saturday pickup Friday, Saturday, Sunday and Monday', () => {
    expect(daysOf(holdWindow('2026-12-05', 'pickup'))).toEqual([
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
      '2026-12-07',
    ]);
  });

  it.each([
    ['a Friday', '2026-12-04', '2026-12-04', '2026-12-07'],
    ['a Sunday', '2026-12-06', '2026-12-04', '2026-12-07'],
    ['a Monday: the Friday before to that Monday', '2026-12-07', '2026-12-04', '2026-12-07'],
    ['a Wednesday: the Friday before to the Monday after', '2026-12-09', '2026-12-04', '2026-12-14'],
    ['a Sunday across a month boundary', '2027-01-31', '2027-01-29', '2027-02-01'],
    ['a Saturday across the year boundary', '2027-01-02', '2027-01-01', '2027-01-04'],
    ['New Year’s Day, a Friday', '2027-01-01', '2027-01-01', '2027-01-04'],
    ['a leap-day Tuesday', '2028-02-29', '2028-02-25', '2028-03-06'],
  ])('holds a pickup for %s', (_name, hire, from, to) => {
    expect(holdWindow(hire, 'pickup')).toEqual({ from, to });
  });

  it.each([
    ['a Saturday', '2026-12-05', '2026-12-04', '2026-12-06'],
    ['a Sunday', '2026-12-06', '2026-12-05', '2026-12-07'],
    ['the first of a month', '2027-03-01', '2027-02-28', '2027-03-02'],
    ['New Year’s Eve', '2026-12-31', '2026-12-30', '2027-01-01'],
  ])('holds a delivery on %s from the day before to the day after', (_name, hire, from, to) => {
    expect(holdWindow(hire, 'delivery')).toEqual({ from, to });
  });

  it('refuses what is not a calendar day', () => {
    expect(isCalendarDay('2027-02-29')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('5/12/2026')).toBe(false);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(() => holdWindow('2027-02-29', 'pickup')).toThrow(RangeError);
  });
});
