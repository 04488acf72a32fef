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
