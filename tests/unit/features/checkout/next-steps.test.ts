import { describe, expect, it } from 'vitest';
import {
  fulfilmentText,
  pickupDatesText,
  replyByDate,
  replyByText,
} from '../../../../src/features/checkout/next-steps';
import { orderReceiptSchema, receiptFromRequest } from '../../../../src/features/checkout/order-receipt';
import type { OrderRequest } from '../../../../src/features/order-requests/order-request';
import { longDate } from '../../../../src/lib/api-contract/dates';
import { DEMO_BUSINESS } from '../../../fixtures/demo-business';

describe('the day the team answers by', () => {
  it.each([
    ['a Monday morning in Sydney', '2026-11-22T22:00:00Z', '2026-11-25'], // Mon 23 Nov 09:00 AEDT → Wed (Tue closed)
    ['a Wednesday', '2026-11-25T03:00:00Z', '2026-11-26'],
    ['a Friday', '2026-11-27T03:00:00Z', '2026-11-30'], // → Monday
    ['a Saturday', '2026-11-28T03:00:00Z', '2026-11-30'],
    ['Sunday 11 pm in Sydney, still Sunday there though Monday in no UTC sense', '2026-11-29T12:00:00Z', '2026-11-30'],
    ['Monday 1 am in Sydney, which is Sunday in UTC', '2026-11-29T14:00:00Z', '2026-12-02'],
    ['New Year’s Eve, a Thursday', '2026-12-31T03:00:00Z', '2027-01-01'],
  ])('%s', (_name, instant, expected) => {
    expect(replyByDate(new Date(instant), DEMO_BUSINESS.workingDays, DEMO_BUSINESS.timeZone)).toBe(expected);
  });

  it('writes the day out without the year', () => {
    expect(replyByText(new Date('2026-11-22T22:00:00Z'), DEMO_BUSINESS)).toBe('Wednesday 25 November');
  });

  it('skips the days the business is closed', () => {
    // Thursday 24 December: the next working day, Friday 25, is Christmas; Monday 28 is Boxing Day's substitute.
    const closedDays = [
      { date: '2026-12-25', name: 'Christmas Day' },
      { date: '2026-12-28', name: 'Boxing Day (substitute day)' },
    ];
    expect(replyByText(new Date('2026-12-24T01:00:00Z'), { ...DEMO_BUSINESS, closedDays })).toBe(
      'Wednesday 30 December',
    );
  });
});

describe('dates written out', () => {
  it('gives the weekday, day, month and year', () => {
    expect(longDate('2026-12-05')).toBe('Saturday 5 December 2026');
    expect(longDate('2028-02-29')).toBe('Tuesday 29 February 2028');
  });
  it('leaves what is not a real date as it was', () => {
    expect(longDate('2027-02-29')).toBe('2027-02-29');
    expect(longDate('next week')).toBe('next week');
  });
});

describe('pickup or delivery', () => {
  it('says the pickup days and the warehouse, or the delivery address', () => {
    const now = new Date('2026-11-25T03:00:00Z');
    // A Saturday event: collected the Friday before, back on the Monday after.
    expect(fulfilmentText('pickup', '', '2026-12-05', DEMO_BUSINESS, now)).toBe(
      'Pickup (dry hire) from Unit 4, 21 Belmore Road North, Riverwood NSW 2210: collect on Friday 4 December and return on Monday 7 December. Other times can be arranged.',
    );
    // A Tuesday event (Tuesday is closed): Monday to Wednesday; next year's days carry their year.
    expect(pickupDatesText('2027-01-12', DEMO_BUSINESS, now)).toBe(
      'Pick up Monday 11 January 2027, return Wednesday 13 January 2027.',
    );
    expect(pickupDatesText('2026-12-08', DEMO_BUSINESS, now)).toBe(
      'Pick up Monday 7 December, return Wednesday 9 December.',
    );
    expect(fulfilmentText('delivery', ' 1 George St ', '2026-12-05', DEMO_BUSINESS, now)).toBe(
      'Delivery to 1 George St. We will email the delivery fee and times with your confirmation.',
    );
  });
});

describe('the receipt of a request', () => {
  const request: OrderRequest = {
    version: 1,
    attemptId: 'attempt-123',
    createdAt: '2026-11-23T01:00:00Z',
    form: {
      name: 'Ana',
      email: 'ana@example.com',
      phone: '0400 000 000',
      hireDate: '2026-12-05',
      deliveryOption: 'pickup',
      deliveryAddress: 'ignored for pickup',
      orderNotes: '',
      wantsSignage: false,
    },
    lines: [
      {
        id: 'p1',
        name: 'Tiffany Chair - Gold',
        priceCents: 800,
        quantity: 10,
        photo_url: '/photos/p1/large_a.webp',
        isBundle: false,
        productGroupId: 'g1',
        bundleVariations: [],
      },
      {
        id: 'b1',
        name: 'Ghost Ceremony Package',
        priceCents: 45000,
        quantity: 1,
        photo_url: null,
        isBundle: true,
        productGroupId: null,
        bundleVariations: [
          { bundleItemId: 'i1', productId: 'x', displayName: 'Ghost Plinth - Tall' },
          { bundleItemId: 'i2', productId: 'y', displayName: 'Ghost Chair' },
        ],
      },
    ],
  };

  it('keeps the lines, choices, subtotal and hire date, and no address for pickup', () => {
    const receipt = receiptFromRequest(request, {
      orderId: '1042',
      saved: false,
      now: new Date('2026-11-23T02:00:00Z'),
    });
    expect(receipt).toMatchObject({
      orderId: '1042',
      hireDate: '2026-12-05',
      deliveryOption: 'pickup',
      deliveryAddress: '',
      subtotalCents: 53000,
      arrivedAt: '2026-11-23T02:00:00.000Z',
    });
    expect(receipt.lines[1]).toEqual({
      name: 'Ghost Ceremony Package',
      quantity: 1,
      priceCents: 45000,
      photoUrl: null,
      choices: ['Ghost Plinth - Tall', 'Ghost Chair'],
    });
  });

  it('keeps the schedule the server worked out, and reads it back from storage as it was', () => {
    const schedule = {
      deposit: { cents: 17490, due: '2026-11-23' },
      balance: { cents: 40810, due: '2026-11-21' },
      bond: { cents: 11660, due: '2026-11-21' },
      allDueNow: false,
    };
    const receipt = receiptFromRequest(request, { orderId: '1042', saved: false, schedule });
    expect(receipt.schedule).toEqual(schedule);
    expect(orderReceiptSchema.parse(JSON.parse(JSON.stringify(receipt))).schedule).toEqual(schedule);
    expect(receiptFromRequest(request, { orderId: null, saved: true }).schedule).toBeUndefined();
  });
});
