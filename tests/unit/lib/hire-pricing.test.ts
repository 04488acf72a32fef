import { describe, expect, it } from 'vitest';
import { priceHire } from '../../../src/features/checkout/hire-length';
import { parseBusinessFile } from '../../../src/lib/api-contract/business-file';
import { hirePricingByCategoryOf, hirePricingOf } from '../../../src/lib/api-contract/business-file-hire-pricing';
import { hireRuleFor } from '../../../src/lib/api-contract/business-settings';
import {
  DEFAULT_HIRE_PRICING,
  daysOfUse,
  eventCentsOf,
  extraDaysOf,
  type HirePricing,
  hirePricingText,
  hireUnitCents,
} from '../../../src/lib/api-contract/hire-pricing';
import { openRangeWindow } from '../../../src/lib/api-contract/hold-window';

/** Issue 60: the pricing rule of a hire of several days, and the window of a range. */
const QUARTER: HirePricing = {
  kind: 'extension',
  extraDayBasisPoints: 2_500,
  countClosedDays: false,
  longestHireDays: 90,
};
const WEEKLY: HirePricing = {
  kind: 'tiers',
  tiers: [
    { upToDays: 3, multiplierBasisPoints: 10_000 },
    { upToDays: 7, multiplierBasisPoints: 15_000 },
    { upToDays: 31, multiplierBasisPoints: 30_000 },
  ],
  countClosedDays: true,
  longestHireDays: 31,
};
// Open Monday, Wednesday to Friday (the demo's hours); Christmas Day closed.
const TRADING = { openWeekdays: [1, 3, 4, 5], closed: new Set(['2026-12-25']) };

describe('the price of a hire of several days', () => {
  it('is the event price for one day of use', () => {
    expect(daysOfUse('2027-03-01', '2027-03-01')).toBe(1);
    expect(extraDaysOf('2027-03-01', '2027-03-01', QUARTER, TRADING)).toBe(0);
    expect(hireUnitCents(1_000, 0, QUARTER)).toBe(1_000);
    expect(hireUnitCents(1_000, 0, WEEKLY)).toBe(1_000);
  });

  it('adds 25% of the event price for each extra day the business is open, not its closed days', () => {
    // Monday 1 March 2027 to Sunday 7 March: Tuesday, Saturday and Sunday closed; 3 extra open days.
    expect(daysOfUse('2027-03-01', '2027-03-07')).toBe(7);
    expect(extraDaysOf('2027-03-01', '2027-03-07', QUARTER, TRADING)).toBe(3);
    expect(hireUnitCents(1_000, 3, QUARTER)).toBe(1_750);
    // Each extra day, one at a time.
    expect([1, 2, 3, 4].map((days) => hireUnitCents(1_000, days, QUARTER))).toEqual([1_250, 1_500, 1_750, 2_000]);
    // A public holiday or closed date is not counted: Thursday 24 to Monday 28 December 2026.
    expect(extraDaysOf('2026-12-24', '2026-12-28', QUARTER, TRADING)).toBe(1);
    // Unless the rule counts closed days too.
    expect(extraDaysOf('2026-12-24', '2026-12-28', { ...QUARTER, countClosedDays: true }, TRADING)).toBe(4);
  });

  it('rounds once, half up, by the one rule: 25% of $8.66 a day is 216.5 c, charged 217 c', () => {
    expect(hireUnitCents(866, 1, QUARTER)).toBe(866 + 217);
    expect(hireUnitCents(866, 3, QUARTER)).toBe(866 + 650);
  });

  it('multiplies by the tier of the hire’s length, at each tier’s edges', () => {
    const unit = (extra: number) => hireUnitCents(2_000, extra, WEEKLY);
    expect([unit(1), unit(2)]).toEqual([2_000, 2_000]); // 2 and 3 days
    expect([unit(3), unit(6)]).toEqual([3_000, 3_000]); // 4 and 7 days, a week
    expect([unit(7), unit(30)]).toEqual([6_000, 6_000]); // 8 and 31 days, a month
  });

  it('prices a second business with a 1.5x step from its second day', () => {
    const step: HirePricing = {
      kind: 'tiers',
      tiers: [
        { upToDays: 1, multiplierBasisPoints: 10_000 },
        { upToDays: 90, multiplierBasisPoints: 15_000 },
      ],
      countClosedDays: false,
      longestHireDays: 90,
    };
    expect(hireUnitCents(4_999, 1, step)).toBe(7_499); // 7,498.5 c, half up
    expect(hireUnitCents(4_999, 20, step)).toBe(7_499);
    expect(hirePricingText(step)).toBe(
      'The price covers one day of use; longer hires by their length: 1 day 1x, 2 to 90 days 1.5x (days we are closed are not counted).',
    );
  });

  it('charges a day rate for each extra day when the business has no rule', () => {
    expect(DEFAULT_HIRE_PRICING).toMatchObject({ kind: 'extension', extraDayBasisPoints: 10_000, longestHireDays: 90 });
    expect(hireUnitCents(1_200, 2, DEFAULT_HIRE_PRICING)).toBe(3_600);
  });
});

describe('the event price behind a line priced for a longer hire', () => {
  it('is found again exactly for every price the rule made, so a new length keeps the agreed price', () => {
    for (const pricing of [QUARTER, WEEKLY]) {
      for (let event = 0; event <= 5_000; event += 7) {
        for (const extra of [0, 1, 2, 5, 9, 30]) {
          expect(eventCentsOf(hireUnitCents(event, extra, pricing), extra, pricing)).toBe(event);
        }
      }
    }
    // A price set by hand between two the rule makes: the event price whose hire price is next above it.
    const made = hireUnitCents(1_001, 3, QUARTER);
    expect(eventCentsOf(made - 1, 3, QUARTER)).toBe(1_001);
  });
});

describe('business.json hire_pricing', () => {
  it('reads the three common shapes', () => {
    const read = (hire_pricing: unknown) => parseBusinessFile({ hire_pricing });
    expect(hirePricingOf(read({ extra_day_percent: 25 }).settings?.hire_pricing)).toEqual(QUARTER);
    expect(
      hirePricingOf(
        read({
          tiers: [
            { up_to_days: 3, multiplier: 1 },
            { up_to_days: 7, multiplier: 1.5 },
            { up_to_days: 31, multiplier: 3 },
          ],
          count_closed_days: true,
          longest_hire_days: 31,
        }).settings?.hire_pricing,
      ),
    ).toEqual(WEEKLY);
    expect(hirePricingOf(read(undefined).settings?.hire_pricing)).toEqual(DEFAULT_HIRE_PRICING);
  });

  it('refuses a rule it cannot read, by name', () => {
    const problems = (hire_pricing: unknown) =>
      parseBusinessFile({ hire_pricing }).problems.map((p) => `${p.key}: ${p.message}`);
    expect(problems({ extra_day_percent: 25, tiers: [{ up_to_days: 90, multiplier: 1 }] })).toEqual([
      'hire_pricing: must give either extra_day_percent or tiers (one of them)',
    ]);
    expect(
      problems({
        tiers: [
          { up_to_days: 7, multiplier: 1.5 },
          { up_to_days: 3, multiplier: 1 },
        ],
      }),
    ).toContain('hire_pricing.tiers: each tier must end later than the one before (up_to_days ascending)');
    expect(problems({ tiers: [{ up_to_days: 7, multiplier: 1.5 }] })).toEqual([
      'hire_pricing.tiers: the last tier must reach longest_hire_days (its up_to_days at least that)',
    ]);
    expect(problems({ extra_day_percent: -5 })).toEqual([
      'hire_pricing.extra_day_percent: must be 0 or more (of the price, each extra day)',
    ]);
    expect(problems({ extra_day_percent: 25, longest_hire_days: 400 })).toEqual([
      'hire_pricing.longest_hire_days: must be at most 366 (the longest hire)',
    ]);
  });
});

describe('the window of a hire of several days', () => {
  it('is picked up as for its first day and returned as for its last', () => {
    const days = { pickup: [1, 3, 4, 5], return: [1, 3, 4, 5] };
    // Saturday 6 March 2027 to Tuesday 9 March: picked up Friday the 5th, back Wednesday the 10th.
    expect(openRangeWindow('2027-03-06', '2027-03-09', 'pickup', days)).toEqual({
      from: '2027-03-05',
      to: '2027-03-10',
    });
    // One day is the event's own window.
    expect(openRangeWindow('2027-03-06', '2027-03-06', 'pickup', days)).toEqual({
      from: '2027-03-05',
      to: '2027-03-08',
    });
    // Delivered the day before the first, collected the day after the last.
    expect(openRangeWindow('2027-03-06', '2027-03-09', 'delivery', days)).toEqual({
      from: '2027-03-05',
      to: '2027-03-10',
    });
  });
});

describe('a category priced its own way (hire_pricing.by_category)', () => {
  const file = (by_category: unknown) =>
    parseBusinessFile({ hire_pricing: { extra_day_percent: 25, by_category } }).settings?.hire_pricing;
  const settings = (byCategory: unknown) => ({
    hirePricing: hirePricingOf(file(byCategory)),
    hirePricingByCategory: hirePricingByCategoryOf(file(byCategory)),
    categories: [
      { key: 'marquees', parent: null },
      { key: 'stretch-tents', parent: 'marquees' },
      { key: 'furniture', parent: null },
    ],
  });

  it('prices an item of the category by its rule, one of a sub-category too, and the rest by the business’s', () => {
    const business = settings({
      marquees: { extra_day_percent: 50 },
      furniture: { tiers: [{ up_to_days: 90, multiplier: 1.5 }] },
    });
    const marquee = hireRuleFor(business, ['marquees']);
    expect(marquee).toMatchObject({ kind: 'extension', extraDayBasisPoints: 5_000, longestHireDays: 90 });
    expect(hireRuleFor(business, ['stretch-tents'])).toBe(marquee);
    expect(hireRuleFor(business, ['furniture'])).toMatchObject({ kind: 'tiers' });
    expect(hireRuleFor(business, ['tableware'])).toBe(business.hirePricing);
    expect(hireRuleFor(business, undefined)).toBe(business.hirePricing);
    // Three extra open days: the marquee adds 50% a day, a chair 25%, a table 1.5x.
    expect(hireUnitCents(10_000, 3, marquee)).toBe(25_000);
    expect(hireUnitCents(10_000, 3, business.hirePricing)).toBe(17_500);
    expect(hireUnitCents(10_000, 3, hireRuleFor(business, ['furniture']))).toBe(15_000);
  });

  it('counts closed days as the business does unless the category says otherwise', () => {
    const business = settings({ marquees: { extra_day_percent: 50, count_closed_days: true } });
    const rule = hireRuleFor(business, ['marquees']);
    expect(extraDaysOf('2027-03-01', '2027-03-07', rule, TRADING)).toBe(6);
    expect(extraDaysOf('2027-03-01', '2027-03-07', business.hirePricing, TRADING)).toBe(3);
  });

  it('is refused by its category when it does not read', () => {
    const parsed = parseBusinessFile({
      hire_pricing: { extra_day_percent: 25, by_category: { Marquees: { extra_day_percent: 50 }, furniture: '50' } },
    });
    expect(parsed.settings).toBeNull();
    const keys = parsed.problems.map((problem) => problem.key);
    expect(keys.some((key) => key.startsWith('hire_pricing.by_category'))).toBe(true);
    expect(keys).toContain('hire_pricing.by_category.furniture');
  });

  it('is priced the same in the browser as by the rule (the checkout’s priceHire)', () => {
    const business = {
      ...settings({ marquees: { extra_day_percent: 50 } }),
      openingHours: ['', '10am-4pm', 'Closed', '10am-4pm', '10am-4pm', '10am-4pm', ''],
      pickupDays: [1, 3, 4, 5],
      returnDays: [1, 3, 4, 5],
      closedDays: [],
      workingDays: [1, 3, 4, 5],
      timeZone: 'Australia/Sydney',
    };
    const priced = priceHire(business, '2027-03-01', '2027-03-07', [
      { priceCents: 10_000, quantity: 1, categories: ['stretch-tents'] },
      { priceCents: 10_000, quantity: 2 },
    ]);
    expect(priced.subtotalCents).toBe(25_000 + 2 * 17_500);
  });
});
