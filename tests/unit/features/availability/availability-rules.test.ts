import { describe, expect, it } from 'vitest';
import {
  availabilityLabel,
  cartFreeCounts,
  closedDayNote,
  closedDaysAhead,
  eventDateProblem,
  shortDate,
  shortLines,
} from '../../../../src/features/availability/availability-rules';
import { savedCopyAge } from '../../../../src/features/availability/saved-copy-age';
import { addDays } from '../../../../src/lib/api-contract/hold-window';

const SYDNEY = 'Australia/Sydney';

describe('availability wording', () => {
  it('writes the date short and says what is free or that it is booked', () => {
    const inMarch = new Date('2027-03-01T00:00:00Z');
    expect(shortDate('2027-03-14', SYDNEY, inMarch)).toBe('Sun 14 Mar');
    expect(availabilityLabel(3, '2027-03-13', SYDNEY, inMarch)).toBe('3 free on Sat 13 Mar');
    expect(availabilityLabel(0, '2027-03-13', SYDNEY, inMarch)).toBe('Booked on your date');
  });

  it('says a longer hire’s counts hold from its first day to its last (issue 60)', () => {
    const inMarch = new Date('2027-03-01T00:00:00Z');
    expect(availabilityLabel(3, '2027-03-13', SYDNEY, inMarch, '2027-03-16')).toBe(
      '3 free from Sat 13 Mar to Tue 16 Mar',
    );
    expect(availabilityLabel(0, '2027-03-13', SYDNEY, inMarch, '2027-03-16')).toBe('Booked on some of your days');
    // A last day on the event date is a one-day hire.
    expect(availabilityLabel(2, '2027-03-13', SYDNEY, inMarch, '2027-03-13')).toBe('2 free on Sat 13 Mar');
  });

  it('gives a date of another year than today’s its year', () => {
    const lateIn2026 = new Date('2026-11-25T03:00:00Z');
    expect(shortDate('2027-03-14', SYDNEY, lateIn2026)).toBe('Sun 14 Mar 2027');
    expect(shortDate('2026-12-05', SYDNEY, lateIn2026)).toBe('Sat 5 Dec');
    // Sydney's new year comes 11 hours before UTC's.
    expect(shortDate('2027-01-02', SYDNEY, new Date('2026-12-31T14:00:00Z'))).toBe('Sat 2 Jan');
  });

  it('takes event dates from today to two years ahead only', () => {
    const now = new Date('2026-11-25T03:00:00Z');
    expect(eventDateProblem('2026-11-24', SYDNEY, now)).toBe('Choose a day from today on.');
    expect(eventDateProblem('2026-11-25', SYDNEY, now)).toBeNull();
    expect(eventDateProblem('2028-11-25', SYDNEY, now)).toBeNull();
    expect(eventDateProblem('2028-11-26', SYDNEY, now)).toBe('Choose a day within two years from today.');
    expect(eventDateProblem('2099-01-01', SYDNEY, now)).toBe('Choose a day within two years from today.');
    expect(eventDateProblem('2027-02-29', SYDNEY, now)).toBe('Choose a day from today on.');
  });

  it("counts today where the business is, not where the shopper's device or the server is", () => {
    // 9:30 pm in Perth on 25 November is 12:30 am on the 26th in Sydney (UTC+11 in summer).
    const perthEvening = new Date('2026-11-25T13:30:00Z');
    expect(eventDateProblem('2026-11-25', 'Australia/Perth', perthEvening)).toBeNull();
    expect(eventDateProblem('2026-11-25', SYDNEY, perthEvening)).toBe('Choose a day from today on.');
    // 11:30 UTC on the 25th: 12:30 am on the 26th in Auckland (UTC+13), 10:30 pm on the 25th in Sydney.
    const aucklandMorning = new Date('2026-11-25T11:30:00Z');
    expect(eventDateProblem('2026-11-25', 'Pacific/Auckland', aucklandMorning)).toBe('Choose a day from today on.');
    expect(eventDateProblem('2026-11-25', SYDNEY, aucklandMorning)).toBeNull();
  });

  it('tells the age of a saved copy', () => {
    const now = Date.parse('2027-03-13T10:00:00Z');
    expect(savedCopyAge('2027-03-13T09:59:30Z', now)).toBe('from just now');
    expect(savedCopyAge('2027-03-13T09:35:00Z', now)).toBe('from 25 minutes ago');
    expect(savedCopyAge('2027-03-13T07:00:00Z', now)).toBe('from 3 hours ago');
    expect(savedCopyAge('2027-03-10T10:00:00Z', now)).toBe('from 3 days ago');
  });
});

describe('cart lines short on a date', () => {
  const free = cartFreeCounts({ products: { p1: 3, p2: 0, p3: 10 }, bundles: { b1: 1 } });

  it('flags nothing when every line fits', () => {
    expect(shortLines([{ key: 'a', quantity: 3, needs: ['p:p1'] }], free)).toEqual([]);
  });

  it('counts lines of the same product together, earlier lines first', () => {
    expect(
      shortLines(
        [
          { key: 'a', quantity: 2, needs: ['p:p1'] },
          { key: 'b', quantity: 2, needs: ['p:p1'] },
        ],
        free,
      ),
    ).toEqual([{ key: 'b', fits: 1 }]);
  });

  it('says a booked-out line fits 0, and checks bundles by their own count', () => {
    expect(
      shortLines(
        [
          { key: 'a', quantity: 1, needs: ['p:p2'] },
          { key: 'b', quantity: 2, needs: ['b:b1'] },
          { key: 'c', quantity: 4, needs: ['p:p3'] },
        ],
        free,
      ),
    ).toEqual([
      { key: 'a', fits: 0 },
      { key: 'b', fits: 1 },
    ]);
  });

  it('leaves alone a line whose item the day does not know (a retired one)', () => {
    expect(shortLines([{ key: 'a', quantity: 5, needs: ['p:gone'] }], free)).toEqual([]);
  });
});

describe('closed days in the event-date picker (issue 47)', () => {
  const perth = {
    pickupDays: [4, 5],
    returnDays: [1],
    workingDays: [1, 2, 3, 4, 5],
    openingHours: ['', '9am-5pm', '9am-5pm', '9am-5pm', '9am-5pm', '9am-5pm', ''],
    timeZone: 'Australia/Perth',
    closedDays: [
      ...['2026-12-24', '2026-12-25', '2026-12-26'].map((date) => ({ date, name: 'Christmas shutdown' })),
      { date: '2026-12-28', name: 'Boxing Day (substitute day)' },
      { date: '2027-01-01', name: "New Year's Day" },
    ],
  };
  const now = new Date('2026-12-01T02:00:00Z');

  it('says a date is closed and where its pickup moved, and nothing for an ordinary date', () => {
    expect(closedDayNote('2027-01-01', perth, now)).toBe(
      "We are closed on Friday 1 January 2027 (New Year's Day). For pickup, collect on Thursday 31 December and return on Monday 4 January 2027.",
    );
    expect(closedDayNote('2027-01-02', perth, now)).toBe(
      'For pickup, collect on Thursday 31 December and return on Monday 4 January 2027.',
    );
    expect(closedDayNote('2027-01-09', perth, now)).toBeNull();
  });

  it('lists the closures ahead as runs of one name', () => {
    expect(closedDaysAhead(perth, now)).toEqual([
      { from: '2026-12-24', to: '2026-12-26', name: 'Christmas shutdown' },
      { from: '2026-12-28', to: '2026-12-28', name: 'Boxing Day (substitute day)' },
      { from: '2027-01-01', to: '2027-01-01', name: "New Year's Day" },
    ]);
    expect(closedDaysAhead(perth, new Date('2027-01-02T02:00:00Z'))).toEqual([]);
  });

  it('refuses a date with no open day near it', () => {
    const shut = {
      ...perth,
      closedDays: Array.from({ length: 50 }, (_, i) => ({ date: addDays('2027-06-01', i), name: 'Winter break' })),
    };
    expect(eventDateProblem('2027-06-25', perth.timeZone, now, shut)).toBe(
      'We are closed around Friday 25 June 2027, with no day to hand your items over: please choose another date.',
    );
    expect(eventDateProblem('2027-06-25', perth.timeZone, now, perth)).toBeNull();
  });
});
