import { describe, expect, it } from 'vitest';
import {
  canSubmit,
  checkoutTotals,
  deliveryMinimumCents,
  deliveryWarning,
  emptyCheckoutForm,
  isWeekendDate,
  serverFieldProblems,
} from '../../../../src/features/checkout/checkout-rules';
import { DEMO_BUSINESS } from '../../../fixtures/demo-business';

describe('totals', () => {
  it('adds 10% GST on top of the subtotal in whole cents', () => {
    expect(checkoutTotals(17700)).toEqual({ subtotalCents: 17700, gstCents: 1770, totalCents: 19470 });
    expect(checkoutTotals(1005)).toEqual({ subtotalCents: 1005, gstCents: 101, totalCents: 1106 });
    expect(checkoutTotals(0)).toEqual({ subtotalCents: 0, gstCents: 0, totalCents: 0 });
  });
  it('has no float drift over many small lines', () => {
    const subtotal = Array.from({ length: 1000 }, () => 10).reduce((a, b) => a + b, 0);
    expect(checkoutTotals(subtotal).totalCents).toBe(11000);
  });
});

describe('delivery minimum', () => {
  it('knows weekends from calendar dates', () => {
    expect(isWeekendDate('2026-12-05')).toBe(true); // Saturday
    expect(isWeekendDate('2026-12-06')).toBe(true); // Sunday
    expect(isWeekendDate('2026-12-04')).toBe(false); // Friday
    expect(isWeekendDate('2026-12-07')).toBe(false); // Monday
    expect(isWeekendDate('')).toBe(false);
  });
  it('is $250 for weekday and $300 for weekend hire', () => {
    expect(deliveryMinimumCents('2026-12-07', DEMO_BUSINESS.deliveryMinimumCents)).toBe(25_000);
    expect(deliveryMinimumCents('2026-12-05', DEMO_BUSINESS.deliveryMinimumCents)).toBe(30_000);
  });
  it('warns only for delivery below the minimum', () => {
    expect(deliveryWarning('pickup', '2026-12-05', 100, DEMO_BUSINESS.deliveryMinimumCents)).toBeNull();
    expect(deliveryWarning('delivery', '2026-12-07', 25_000, DEMO_BUSINESS.deliveryMinimumCents)).toBeNull();
    expect(deliveryWarning('delivery', '2026-12-07', 24_999, DEMO_BUSINESS.deliveryMinimumCents)).toBe(
      'Note: Our standard delivery minimum is $250 for weekday hire. You can still submit your order and we will contact you regarding delivery costs. Alternatively, you can add more products to your cart to meet the minimum.',
    );
    expect(deliveryWarning('delivery', '2026-12-05', 29_999, DEMO_BUSINESS.deliveryMinimumCents)).toContain(
      '$300 for weekend hire',
    );
    expect(deliveryWarning('delivery', '2026-12-05', 30_000, DEMO_BUSINESS.deliveryMinimumCents)).toBeNull();
  });
});

describe('submit enabled', () => {
  const complete = {
    ...emptyCheckoutForm(),
    name: 'Ava',
    email: 'ava@example.com',
    phone: '0400 000 000',
    hireDate: '2026-12-05',
  };
  it('needs name, email, phone and hire date after trimming', () => {
    expect(canSubmit(complete)).toBe(true);
    for (const key of ['name', 'email', 'phone', 'hireDate'] as const) {
      expect(canSubmit({ ...complete, [key]: '   ' }), key).toBe(false);
    }
  });
  it('needs an address for delivery only', () => {
    expect(canSubmit({ ...complete, deliveryOption: 'delivery' })).toBe(false);
    expect(canSubmit({ ...complete, deliveryOption: 'delivery', deliveryAddress: '  ' })).toBe(false);
    expect(canSubmit({ ...complete, deliveryOption: 'delivery', deliveryAddress: '1 George St' })).toBe(true);
  });
});

describe('server field errors (issue 50)', () => {
  it('names each checkout field the server refused, by its path', () => {
    expect(
      serverFieldProblems([
        { path: 'data.attributes.email', message: 'email must be a valid email address' },
        { path: 'starts_at', message: 'We are closed around Friday 1 January 2027' },
        { path: 'lines.0.id', message: 'unknown product' },
        { path: 'data.attributes.email', message: 'a second message' },
      ]),
    ).toEqual({ email: 'email must be a valid email address', hireDate: 'We are closed around Friday 1 January 2027' });
  });
});
