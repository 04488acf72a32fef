import { describe, expect, it } from 'vitest';
import { emptyCheckoutForm } from '../../../../src/features/checkout/checkout-rules';
import {
  extraDaysRuleText,
  hireLengthOf,
  hireLengthText,
  hireUnitPrice,
  lastDayProblem,
} from '../../../../src/features/checkout/hire-length';
import { pickupDatesText } from '../../../../src/features/checkout/next-steps';
import { buildOrderRequest } from '../../../../src/features/checkout/order-request-builder';
import { orderPayload } from '../../../../src/features/order-requests/submissions/order-payloads';
import { DEMO_BUSINESS } from '../../../fixtures/demo-business';

/**
 * Issue 60: the checkout's longer hire. The demo business is open Monday and Wednesday to Friday, and
 * each extra day it is open adds 25% of the event price.
 */
const business = {
  ...DEMO_BUSINESS,
  hirePricing: { kind: 'extension', extraDayBasisPoints: 2_500, countClosedDays: false, longestHireDays: 90 },
} as const;
const NOW = new Date('2027-03-01T00:00:00Z');

describe('the hire the checkout prices', () => {
  it('is one day without a last day, or with one on or before the hire date', () => {
    for (const last of ['', '2027-03-12', '2027-03-10', 'not a day']) {
      expect(hireLengthOf(business, '2027-03-12', last)).toEqual({
        first: '2027-03-12',
        last: '2027-03-12',
        days: 1,
        extraDays: 0,
      });
    }
    expect(hireLengthOf(business, '', '2027-03-14')).toBeNull();
  });

  it('counts the extra days the business is open: Friday to Monday is 4 days of use, 1 of them paid', () => {
    // Friday 12 March to Monday 15 March 2027: Saturday and Sunday closed, Monday open.
    const hire = hireLengthOf(business, '2027-03-12', '2027-03-15');
    expect(hire).toEqual({ first: '2027-03-12', last: '2027-03-15', days: 4, extraDays: 1 });
    // $80.00 a unit for the event, $100.00 for the four days.
    expect(hireUnitPrice(business, hire)(8_000)).toBe(10_000);
    // A week from Monday: Wednesday, Thursday, Friday and the next Monday are paid.
    const week = hireLengthOf(business, '2027-03-15', '2027-03-22');
    expect(week?.extraDays).toBe(4);
    expect(hireUnitPrice(business, week)(999)).toBe(999 + Math.round((999 * 4 * 2_500) / 10_000));
  });

  it('says the length and the rule, and nothing for one day', () => {
    const hire = hireLengthOf(business, '2027-03-12', '2027-03-15');
    expect(hireLengthText(business, hire, NOW)).toBe(
      '4 days of use, Friday 12 March to Monday 15 March. Each extra day adds 25% of the price (days we are closed are not counted).',
    );
    expect(hireLengthText(business, hireLengthOf(business, '2027-03-12', ''), NOW)).toBeNull();
    expect(
      extraDaysRuleText({
        kind: 'tiers',
        tiers: [
          { upToDays: 3, multiplierBasisPoints: 10_000 },
          { upToDays: 7, multiplierBasisPoints: 15_000 },
        ],
        countClosedDays: true,
        longestHireDays: 7,
      }),
    ).toBe('Longer hires by their length: 1 to 3 days 1x, 4 to 7 days 1.5x.');
  });
});

describe('a last day the server would refuse, said beside the field', () => {
  const problem = (last: string, fulfilment: 'pickup' | 'delivery' = 'pickup') =>
    lastDayProblem(business, '2027-03-12', last, fulfilment, NOW);

  it('accepts none, the hire date itself, and a day within the longest hire', () => {
    expect(problem('')).toBeNull();
    expect(problem('2027-03-12')).toBeNull();
    expect(problem('2027-06-09')).toBeNull(); // the 90th day of use
  });

  it('refuses a day before the hire date and one past the longest hire, naming what to choose', () => {
    expect(problem('2027-03-11')).toBe('The last day is before the hire date: choose the hire date or a day after it.');
    expect(problem('2027-06-10')).toBe(
      'A hire runs at most 90 days: choose a last day on or before Wednesday 9 June 2027.',
    );
  });

  it('refuses a last day with no day to bring the items back near it', () => {
    const closedMonth = {
      ...business,
      closedDays: Array.from({ length: 40 }, (_, i) => ({
        date: new Date(Date.UTC(2027, 3, 1 + i)).toISOString().slice(0, 10),
        name: 'Closed for renovation',
      })),
    };
    expect(lastDayProblem(closedMonth, '2027-03-12', '2027-04-20', 'pickup', NOW)).toBe(
      'We are closed around Tuesday 20 April, with no day to hand your items over: please choose another date.',
    );
  });
});

describe('a longer hire sent', () => {
  const form = { ...emptyCheckoutForm(), name: 'Ava', email: 'a@example.com', phone: '0400 111 222' };
  const items = [
    {
      id: 'p1',
      name: 'Chair',
      priceCents: 8_000,
      quantity: 2,
      photo_url: null,
      isBundle: false,
      productGroupId: 'g1',
      bundleVariations: [],
      stock_count: 10,
    },
  ];

  it('asks for its last day of use as stops_at, and its lines at the price for the whole hire', () => {
    const hire = hireLengthOf(business, '2027-03-12', '2027-03-15');
    const request = buildOrderRequest(
      { ...form, hireDate: '2027-03-12', lastDay: '2027-03-15' },
      items as never,
      'attempt-0001',
      NOW,
      0.1,
      hireUnitPrice(business, hire),
    );
    expect(request.lines[0]?.priceCents).toBe(10_000);
    const payload = orderPayload(request, 'customer-1');
    expect([payload.starts_at, payload.stops_at]).toEqual(['2027-03-12', '2027-03-15']);
  });

  it('asks for one day when no last day is chosen (and an older saved request has none)', () => {
    const request = buildOrderRequest({ ...form, hireDate: '2027-03-12' }, items as never, 'attempt-0002', NOW);
    const { lastDay: _none, ...older } = request.form;
    const payload = orderPayload({ ...request, form: older }, 'customer-1');
    expect([payload.starts_at, payload.stops_at]).toEqual(['2027-03-12', '2027-03-12']);
    expect(request.lines[0]?.priceCents).toBe(8_000);
  });

  it('names the pickup and the return of the whole hire', () => {
    // Picked up Friday 12 March, used to Wednesday 17, returned on Thursday 18 (the next open day).
    expect(pickupDatesText('2027-03-12', business, NOW, '2027-03-17')).toBe(
      'Pick up Friday 12 March, return Thursday 18 March.',
    );
  });
});
