import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysOf,
  type HireDays,
  holdWindow,
  isCalendarDay,
  LONGEST_WINDOW_DAYS,
  pickupRuleText,
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
    expect(longest).toBe(LONGEST_WINDOW_DAYS);
  });

  it('refuses what is not a calendar day', () => {
    expect(isCalendarDay('2027-02-29')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('5/12/2026')).toBe(false);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(() => holdWindow('2027-02-29', 'pickup', SPEC_DAYS)).toThrow(RangeError);
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
