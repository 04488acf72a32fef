import { describe, expect, it } from 'vitest';
import demo from '../../../server/seed/demo-business.json';
import {
  defaultBusinessSettings,
  parseBusinessFile,
  phoneHref,
  settingsOf,
} from '../../../src/lib/api-contract/business-file';
import { addressLine, hoursLines } from '../../../src/lib/api-contract/business-settings';
import { gstPercent, totalsWithGst } from '../../../src/lib/api-contract/money';

/** Issue 32: business.json, its defaults and how its values read. */
describe('business settings', () => {
  it('gives every key a default: open Monday to Friday, 7 hold days, the spec’s minimums and GST', () => {
    const settings = defaultBusinessSettings();
    expect(settings).toMatchObject({
      pickupDays: [1, 2, 3, 4, 5],
      returnDays: [1, 2, 3, 4, 5],
      holdDays: 7,
      deliveryMinimumCents: { weekday: 25_000, weekend: 30_000 },
      gstRate: 0.1,
      priceDisplay: 'excluding_gst',
      logoUrl: null,
      social: [],
    });
  });

  it('reads the demo business as the spec has it: hours, days and address', () => {
    const parsed = parseBusinessFile(demo);
    expect(parsed.problems).toEqual([]);
    const settings = settingsOf(parsed.settings as NonNullable<typeof parsed.settings>);
    expect(settings.pickupDays).toEqual([1, 3, 4, 5]);
    expect(hoursLines(settings.openingHours)).toEqual([
      ['Monday', '10am-4pm by appointment'],
      ['Tuesday', 'Closed'],
      ['Wednesday to Friday', '10am-4pm by appointment'],
      ['Saturday and Sunday', 'Closed'],
    ]);
    expect(addressLine(settings)).toBe('Unit 4, 21 Belmore Road North, Riverwood NSW 2210');
    expect(settings.phoneHref).toBe('tel:+61255502184');
  });

  it('takes pickup and return days apart from the opening hours', () => {
    const parsed = parseBusinessFile({ pickup_days: ['friday'], return_days: ['monday', 'friday', 'monday'] });
    const settings = settingsOf(parsed.settings as NonNullable<typeof parsed.settings>);
    expect([settings.pickupDays, settings.returnDays]).toEqual([[5], [1, 5]]);
  });

  it('reads closed dates as days, ranges and named ranges, each day once in date order', () => {
    const parsed = parseBusinessFile({
      closed_dates: [
        '2027-01-26',
        '2026-12-30/2027-01-02',
        { from: '2026-12-24', to: '2026-12-26', name: 'Christmas' },
      ],
    });
    const holidays = [
      { date: '2026-12-25', name: 'Christmas Day' },
      { date: '2027-01-26', name: 'Australia Day' },
      { date: '2027-03-01', name: 'Labour Day' },
    ];
    const settings = settingsOf(
      parsed.settings as NonNullable<typeof parsed.settings>,
      null,
      () => null,
      () => holidays,
    );
    // No region asked for: no public holidays.
    expect(settings.closedDays.map((day) => day.date)).toEqual([
      '2026-12-24',
      '2026-12-25',
      '2026-12-26',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-26',
    ]);
    expect(settings.closedDays[1]).toEqual({ date: '2026-12-25', name: 'Christmas' });
    expect(settings.closedDays.at(-1)).toEqual({ date: '2027-01-26', name: 'Closed' });
    const withHolidays = parseBusinessFile({ public_holidays: 'AU-WA' });
    const read = settingsOf(
      withHolidays.settings as NonNullable<typeof withHolidays.settings>,
      null,
      () => null,
      (region) => (region === 'AU-WA' ? holidays : []),
    );
    expect(read.closedDays).toEqual(holidays);
  });

  it('names what is wrong with a closed date or a holiday region', () => {
    expect(
      parseBusinessFile({
        closed_dates: ['2027-02-30', '25/12/2026', { from: '2027-01-10', to: '2027-01-02' }, '2027-01-01/2027-04-01'],
      }).problems,
    ).toEqual([
      { key: 'closed_dates.0', message: '2027-02-30 is not a calendar date' },
      {
        key: 'closed_dates.1',
        message:
          'must be a date ("2026-12-25"), a range ("2026-12-24/2027-01-05") or { "from": ..., "to": ..., "name": ... }',
      },
      { key: 'closed_dates.2', message: 'ends (2027-01-02) before it starts (2027-01-10)' },
      { key: 'closed_dates.3', message: 'is longer than 62 days' },
    ]);
    expect(parseBusinessFile({ public_holidays: 'NZ-AUK' }).problems).toEqual([
      { key: 'public_holidays', message: 'must be a region of the business\'s country (AU), such as "AU-ACT"' },
    ]);
    expect(parseBusinessFile({ country: 'NZ', public_holidays: 'NZ-AUK' }).problems).toEqual([]);
    expect(parseBusinessFile({ public_holidays: 'AU-XYZ' }).problems[0]?.key).toBe('public_holidays');
  });

  it('names the key of every mistake, nested ones by their path', () => {
    const parsed = parseBusinessFile({
      name: '',
      address: { postcode: 2210 },
      social: [{ name: 'Instagram', url: 'http://instagram.com/x' }],
      pickup_days: ['friyay'],
    });
    expect(parsed.problems).toEqual([
      { key: 'name', message: 'must not be empty' },
      { key: 'address.postcode', message: 'must be a 4-digit postcode written as text, such as "2210"' },
      { key: 'pickup_days.0', message: '"friyay" is not a weekday: write sunday, monday, ... saturday' },
      { key: 'social.0.url', message: 'must be an https:// address' },
    ]);
    expect(parseBusinessFile([]).problems).toEqual([{ key: '(file)', message: 'must be a JSON object of settings' }]);
  });

  it('writes phone links and GST labels as Australians read them', () => {
    expect(phoneHref('(02) 5550 2184')).toBe('tel:+61255502184');
    expect(phoneHref('0400 111 222')).toBe('tel:+61400111222');
    expect(phoneHref('+61 2 5550 2184')).toBe('tel:+61255502184');
    expect(phoneHref('')).toBe('');
    expect(gstPercent(0.1)).toBe('10%');
    expect(gstPercent(0.125)).toBe('12.5%');
    expect(totalsWithGst(9_000, 0.15)).toEqual({ subtotalCents: 9_000, gstCents: 1_350, totalCents: 10_350 });
  });
});
