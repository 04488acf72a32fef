import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysOf,
  type HireDays,
  holdWindow,
  isCalendarDay,
  LONGEST_WINDOW_DAYS,
  openWindow,
  pickupRuleText,
  REACH_DAYS,
  weekdayOf,
} from '../../../src/lib/api-contract/hold-window';
import { DEMO_BUSINESS } from '../../fixtures/demo-business';

const BUSINESS_HIRE_DAYS = { pickup: DEMO_BUSINESS.pickupDays, return: DEMO_BUSINESS.returnDays };

import { weekdayAhead } from '../../fixtures/hire-dates';

/** The spec's hours: open Monday and Wednesday to Friday; Tuesday and weekends closed. */
const SPEC_DAYS: HireDays = { pickup: [1, 3, 4, 5], return: [1, 3, 4, 5] };
const NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

describe('hold windows', () => {
  it('uses the business’s working days, which are the spec’s opening days', () => {
    expect([...BUSINESS_HIRE_DAYS.pickup].sort()).toEqual([1, 3, 4, 5]);
    expect([...BUSINESS_HIRE_DAYS.return].sort()).toEqual([1, 3, 4, 5]);
  });

  // Event weekday → pickup day (offset from the event) and return day (offset), with the spec's hours.
  it.each([
    ['Sunday', 0, -2, 1], // Friday before to Monday after
    ['Monday', 1, 0, 2], // Monday to Wednesday
    ['Tuesday', 2, -1, 1], // Monday to Wednesday: no longer two weekends
    ['Wednesday', 3, 0, 1], // Wednesday to Thursday
    ['Thursday', 4, 0, 1], // Thursday to Friday
    ['Friday', 5, 0, 3], // Friday to Monday
    ['Saturday', 6, -1, 2], // Friday to Monday
  ])(
    'holds a pickup for a %s event from the last pickup day on or before it to the first return day after it',
    (_name, weekday, from, to) => {
      for (const nth of [0, 1, 9, 30]) {
        const event = weekdayAhead(weekday, nth);
        expect(weekdayOf(event)).toBe(weekday);
        const window = holdWindow(event, 'pickup', SPEC_DAYS);
        expect(window).toEqual({ from: addDays(event, from), to: addDays(event, to) });
        expect(SPEC_DAYS.pickup).toContain(weekdayOf(window.from));
        expect(SPEC_DAYS.return).toContain(weekdayOf(window.to));
        // Never more than one weekend: at most 4 days.
        expect(daysOf(window).length).toBeLessThanOrEqual(4);
      }
    },
  );

  it.each(NAMES.map((name, weekday) => [name, weekday]))(
    'holds a delivery on a %s from the day before to the day after',
    (_name, weekday) => {
      const event = weekdayAhead(weekday as number, 2);
      expect(holdWindow(event, 'delivery', SPEC_DAYS)).toEqual({ from: addDays(event, -1), to: addDays(event, 1) });
    },
  );

  it('crosses month, year and leap-day boundaries as the calendar does', () => {
    expect(holdWindow('2027-01-31', 'pickup', SPEC_DAYS)).toEqual({ from: '2027-01-29', to: '2027-02-01' });
    expect(holdWindow('2027-01-02', 'pickup', SPEC_DAYS)).toEqual({ from: '2027-01-01', to: '2027-01-04' });
    expect(holdWindow('2028-02-29', 'pickup', SPEC_DAYS)).toEqual({ from: '2028-02-28', to: '2028-03-01' });
    expect(holdWindow('2026-12-31', 'delivery', SPEC_DAYS)).toEqual({ from: '2026-12-30', to: '2027-01-01' });
  });

  it('follows other days when a business has them', () => {
    // Open every day but Sunday for pickups, returns only on Mondays.
    const days: HireDays = { pickup: [1, 2, 3, 4, 5, 6], return: [1] };
    const sunday = weekdayAhead(0, 0);
    expect(holdWindow(sunday, 'pickup', days)).toEqual({ from: addDays(sunday, -1), to: addDays(sunday, 1) });
    const tuesday = weekdayAhead(2, 0);
    expect(holdWindow(tuesday, 'pickup', days)).toEqual({ from: tuesday, to: addDays(tuesday, 6) });
    expect(() => holdWindow(tuesday, 'pickup', { pickup: [], return: [1] })).toThrow(RangeError);
  });

  it('never spans more than LONGEST_WINDOW_DAYS, whatever days a business has', () => {
    const sets = Array.from({ length: 127 }, (_, i) => [0, 1, 2, 3, 4, 5, 6].filter((day) => (i + 1) & (1 << day)));
    const events = [0, 1, 2, 3, 4, 5, 6].map((weekday) => weekdayAhead(weekday, 1));
    let longest = 0;
    for (const pickup of sets) {
      for (const back of sets) {
        for (const event of events) {
          const window = holdWindow(event, 'pickup', { pickup, return: back });
          longest = Math.max(longest, daysOf(window).length - 1);
        }
      }
    }
    // 6 days back to a pickup, 7 on to a return: closures can stretch it, never past the bound.
    expect(longest).toBe(13);
    expect(longest).toBeLessThanOrEqual(LONGEST_WINDOW_DAYS);
  });

  it('refuses what is not a calendar day', () => {
    expect(isCalendarDay('2027-02-29')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('5/12/2026')).toBe(false);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(() => holdWindow('2027-02-29', 'pickup', SPEC_DAYS)).toThrow(RangeError);
  });
});

describe('closed days (issue 47: closed dates and public holidays)', () => {
  // Pickups on Thursday and Friday, returns on Monday; New Year's Day 2027 is a Friday.
  const PERTH: HireDays = { pickup: [4, 5], return: [1], closed: new Set(['2027-01-01', '2027-01-26']) };

  it('moves a pickup off a closed Friday to the Thursday before', () => {
    expect(holdWindow('2027-01-02', 'pickup', PERTH)).toEqual({ from: '2026-12-31', to: '2027-01-04' });
    // Without the holiday, the Friday itself.
    expect(holdWindow('2027-01-02', 'pickup', { ...PERTH, closed: undefined })).toEqual({
      from: '2027-01-01',
      to: '2027-01-04',
    });
  });

  it('moves a return off a closed Monday to the next return day', () => {
    // Australia Day 2027 is Tuesday; close Monday 25 too: the return goes to Monday 1 February.
    const days = { ...PERTH, closed: new Set(['2027-01-25']) };
    expect(holdWindow('2027-01-23', 'pickup', days)).toEqual({ from: '2027-01-22', to: '2027-02-01' });
  });

  it('moves a delivery and its collection to the open days around a closure', () => {
    const closed = new Set(['2026-12-24', '2026-12-25', '2026-12-26', '2026-12-27', '2026-12-28']);
    expect(holdWindow('2026-12-26', 'delivery', { ...SPEC_DAYS, closed })).toEqual({
      from: '2026-12-23',
      to: '2026-12-29',
    });
  });

  it('delivers and collects only on the weekdays the business works (issue 60)', () => {
    // Open Monday and Wednesday to Friday: a Saturday event is delivered Friday and collected Monday,
    // not on the Sunday it is closed; a Wednesday event is delivered Monday (Tuesday is closed).
    const days = { ...SPEC_DAYS, delivery: [1, 3, 4, 5] };
    expect(holdWindow('2027-03-13', 'delivery', days)).toEqual({ from: '2027-03-12', to: '2027-03-15' });
    expect(holdWindow('2027-03-17', 'delivery', days)).toEqual({ from: '2027-03-15', to: '2027-03-18' });
    // A closed date moves them further, as for a pickup.
    expect(holdWindow('2027-03-13', 'delivery', { ...days, closed: new Set(['2027-03-15']) })).toEqual({
      from: '2027-03-12',
      to: '2027-03-17',
    });
    // Without delivery weekdays (an old settings object) every day is a delivery day.
    expect(holdWindow('2027-03-13', 'delivery', SPEC_DAYS)).toEqual({ from: '2027-03-12', to: '2027-03-14' });
  });

  it('gives no window when every day within three weeks is closed, and never one longer than the bound', () => {
    const shutdown = new Set(daysOf({ from: '2027-06-01', to: '2027-07-15' }));
    expect(openWindow('2027-06-25', 'pickup', { ...SPEC_DAYS, closed: shutdown })).toBeNull();
    expect(openWindow('2027-06-25', 'delivery', { ...SPEC_DAYS, closed: shutdown })).toBeNull();
    expect(() => holdWindow('2027-06-25', 'pickup', { ...SPEC_DAYS, closed: shutdown })).toThrow(RangeError);
    // Closed from REACH_DAYS - 2 days before the event to REACH_DAYS - 1 after it: the longest window there is.
    const event = '2027-03-10';
    const around = new Set(daysOf({ from: addDays(event, 2 - REACH_DAYS), to: addDays(event, REACH_DAYS - 1) }));
    const everyDay = [0, 1, 2, 3, 4, 5, 6];
    const longest = holdWindow(event, 'pickup', { pickup: everyDay, return: everyDay, closed: around });
    expect(daysOf(longest).length - 1).toBe(LONGEST_WINDOW_DAYS);
    expect(
      openWindow(event, 'pickup', {
        pickup: everyDay,
        return: everyDay,
        closed: new Set([...around, addDays(event, 1 - REACH_DAYS)]),
      }),
    ).toBeNull();
  });
});

describe('the pickup rule in words (issue 50: from the business days only)', () => {
  it("says the demo's days, Monday and Wednesday to Friday, as they are", () => {
    expect(pickupRuleText({ pickup: [1, 3, 4, 5], return: [1, 3, 4, 5] })).toBe(
      'Pick up on the last of our hire days (Monday or Wednesday to Friday) on or before your event, and return on the first one after it.',
    );
    expect(pickupRuleText({ pickup: [4, 5], return: [1, 2] })).toBe(
      'Pick up on the last of our pickup days (Thursday or Friday) on or before your event, and return on the first of our return days (Monday or Tuesday) after it.',
    );
  });

  it('names a single pickup and return day, Sunday last in the week', () => {
    expect(pickupRuleText({ pickup: [5], return: [1] })).toBe(
      'Pick up on the Friday on or before your event and return on the Monday after it.',
    );
    expect(pickupRuleText({ pickup: [0, 4], return: [1] })).toContain('(Thursday or Sunday)');
    expect(pickupRuleText({ pickup: [5, 6, 0], return: [1] })).toContain('(Friday to Sunday)');
  });
});
