import { describe, expect, it } from 'vitest';
import { dayIn, instantText, isTimeZone } from '../../../src/lib/api-contract/dates';

/** Issue 47: days and times on the business's clock, across Sydney's daylight-saving changes. */
const SYDNEY = 'Australia/Sydney';

describe("the business's day", () => {
  it("is the formatter's day for every minute, remembered by quarter hour, in zones off the hour and across their changes", {
    timeout: 60_000,
  }, () => {
    // One formatter a zone (making one is most of the cost: this test timed out on a loaded machine).
    const formatters = new Map<string, Intl.DateTimeFormat>();
    const format = (instant: Date, timeZone: string) => {
      let formatter = formatters.get(timeZone);
      if (!formatter) {
        formatter = new Intl.DateTimeFormat('en-AU', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
        formatters.set(timeZone, formatter);
      }
      const parts = formatter.formatToParts(instant);
      const part = (type: string) => parts.find((p) => p.type === type)?.value;
      return `${part('year')}-${part('month')}-${part('day')}`;
    };
    // Adelaide (+10:30 and +9:30), Chatham (+13:45 and +12:45), Kathmandu (+5:45), Auckland: two days
    // around each April and October change, every minute, asked out of order so the cache is read back.
    const zones = ['Australia/Adelaide', 'Pacific/Chatham', 'Asia/Kathmandu', 'Pacific/Auckland', SYDNEY];
    for (const start of ['2027-04-02T00:00:00Z', '2027-09-24T00:00:00Z', '2027-10-01T00:00:00Z']) {
      for (let minute = 0; minute < 3 * 24 * 60; minute += 1) {
        const instant = new Date(Date.parse(start) + ((minute * 7919) % (3 * 24 * 60)) * 60_000 + 59_000);
        for (const zone of zones) expect(dayIn(instant, zone)).toBe(format(instant, zone));
      }
    }
  });

  it('turns at midnight where the business is', () => {
    const instant = new Date('2026-12-02T13:30:00Z');
    expect(dayIn(instant, 'Australia/Perth')).toBe('2026-12-02'); // 9:30 pm
    expect(dayIn(instant, SYDNEY)).toBe('2026-12-03'); // 12:30 am
    expect(dayIn(instant, 'Pacific/Auckland')).toBe('2026-12-03'); // 2:30 am
  });

  it('follows the end of daylight saving, the first Sunday of April (3 am becomes 2 am)', () => {
    // Sunday 4 April 2027: AEDT (UTC+11) until 16:00 UTC on the 3rd, AEST (UTC+10) after.
    expect(dayIn(new Date('2027-04-03T12:59:59Z'), SYDNEY)).toBe('2027-04-03');
    expect(dayIn(new Date('2027-04-03T13:00:00Z'), SYDNEY)).toBe('2027-04-04');
    // Midnight after the change is an hour later in UTC than midnight before it.
    expect(dayIn(new Date('2027-04-04T13:59:59Z'), SYDNEY)).toBe('2027-04-04');
    expect(dayIn(new Date('2027-04-04T14:00:00Z'), SYDNEY)).toBe('2027-04-05');
    expect(instantText('2027-04-03T15:30:00Z', SYDNEY)).toBe('Sunday 4 April 2027 at 2:30 am');
    expect(instantText('2027-04-03T16:30:00Z', SYDNEY)).toBe('Sunday 4 April 2027 at 2:30 am');
  });

  it('follows the start of daylight saving, the first Sunday of October (2 am becomes 3 am)', () => {
    // Sunday 3 October 2027: AEST until 16:00 UTC on the 2nd, AEDT after.
    expect(dayIn(new Date('2027-10-02T13:59:59Z'), SYDNEY)).toBe('2027-10-02');
    expect(dayIn(new Date('2027-10-02T14:00:00Z'), SYDNEY)).toBe('2027-10-03');
    expect(dayIn(new Date('2027-10-03T12:59:59Z'), SYDNEY)).toBe('2027-10-03');
    expect(dayIn(new Date('2027-10-03T13:00:00Z'), SYDNEY)).toBe('2027-10-04');
    expect(instantText('2027-10-02T15:59:00Z', SYDNEY)).toBe('Sunday 3 October 2027 at 1:59 am');
    expect(instantText('2027-10-02T16:00:00Z', SYDNEY)).toBe('Sunday 3 October 2027 at 3:00 am');
  });

  it('writes an instant short for the workspace, and nothing for no instant', () => {
    expect(instantText('2026-12-02T01:18:00Z', 'Australia/Perth', 'short')).toBe('Wed, 2 Dec, 9:18 am');
    expect(instantText(null, SYDNEY)).toBe('');
  });

  it('knows the time zones the engine knows', () => {
    expect(isTimeZone('Australia/Perth')).toBe(true);
    expect(isTimeZone('Pacific/Auckland')).toBe(true);
    expect(isTimeZone('Perth')).toBe(false);
  });
});
