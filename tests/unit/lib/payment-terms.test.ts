import { describe, expect, it } from 'vitest';
import {
  balanceDueDaysOf,
  bondCents,
  bondOutcome,
  cancellationOutcome,
  DEFAULT_PAYMENT_TERMS as DEMO,
  depositCents,
  type PaymentTerms,
  paymentSchedule,
  percentOf,
} from '../../../src/lib/api-contract/payment-terms';
import { cancellationLines, scheduleLines } from '../../../src/lib/api-contract/payment-terms-text';

/** A second business: 30% deposit, refundable; the balance 7 days before; a bond of $100 or 10%. */
const KOWHAI: PaymentTerms = {
  ...DEMO,
  depositPercent: 30,
  depositRefundable: true,
  bondMinimumCents: 10_000,
  bondPercent: 10,
  balanceDueDays: 7,
  balanceDueDaysByCategory: { styling: 14 },
  cancellation: [
    { daysBefore: 14, refundPercent: 100 },
    { daysBefore: 0, refundPercent: 50 },
  ],
  lateFeePercentPerDay: 5,
};

describe('payment terms: the money rules of a booking', () => {
  it('rounds a percentage to the nearest cent, halves up, once', () => {
    expect(percentOf(25, 50)).toBe(13);
    expect(percentOf(1, 50)).toBe(1);
    expect(percentOf(123_456, 12.5)).toBe(15_432);
    expect(percentOf(0, 50)).toBe(0);
  });

  it('takes a deposit of the percentage and a bond of the greater of the minimum and the percentage', () => {
    expect(depositCents(123_45, DEMO)).toBe(61_73);
    expect(bondCents(200_00, DEMO)).toBe(50_00); // 20% is $40: the $50 minimum
    expect(bondCents(400_00, DEMO)).toBe(80_00);
    expect(depositCents(1000_00, KOWHAI)).toBe(300_00);
    expect(bondCents(500_00, KOWHAI)).toBe(100_00);
    expect(bondCents(2500_00, KOWHAI)).toBe(250_00);
  });

  it('sets the balance by the longest notice among the booking’s categories', () => {
    expect(balanceDueDaysOf([], DEMO)).toBe(3);
    expect(balanceDueDaysOf(['decor'], KOWHAI)).toBe(7);
    expect(balanceDueDaysOf(['decor', 'styling'], KOWHAI)).toBe(14);
    const schedule = paymentSchedule(
      { totalCents: 1000_00, hireDate: '2027-03-20', today: '2027-01-10', categoryKeys: ['styling'] },
      KOWHAI,
    );
    expect(schedule).toEqual({
      deposit: { cents: 300_00, due: '2027-01-10' },
      balance: { cents: 700_00, due: '2027-03-06' },
      bond: { cents: 100_00, due: '2027-03-06' },
      allDueNow: false,
    });
  });

  it('makes everything due now for a booking inside the balance’s notice, and adds up to the total', () => {
    const schedule = paymentSchedule(
      { totalCents: 333_33, hireDate: '2027-01-12', today: '2027-01-10', categoryKeys: [] },
      DEMO,
    );
    expect(schedule.allDueNow).toBe(true);
    expect(schedule.balance?.due).toBe('2027-01-10');
    expect(schedule.deposit.cents + (schedule.balance?.cents ?? 0)).toBe(333_33);
    expect(scheduleLines(schedule, DEMO)).toEqual([
      'Deposit of $166.67 (50%) to book your date, not refundable.',
      'Balance of $166.66, due now: your date is close.',
      'Bond of $66.67, paid with the balance and refunded after the return, less any late fee or damage.',
    ]);
  });

  it('writes the schedule with its due date in words', () => {
    const schedule = paymentSchedule(
      { totalCents: 440_00, hireDate: '2027-02-13', today: '2027-01-10', categoryKeys: [] },
      DEMO,
    );
    expect(scheduleLines(schedule, DEMO)[1]).toBe('Balance of $220.00, due by Wednesday 10 February 2027.');
  });

  it('refunds by the ladder: all but the deposit 4 weeks out, the team decides between, nothing inside 2 weeks', () => {
    const paid = { paidCents: 1000_00, totalCents: 1000_00, hireDate: '2027-06-30' };
    const on = (cancelledOn: string) => cancellationOutcome({ ...paid, cancelledOn }, DEMO);
    expect(on('2027-06-02')).toMatchObject({ daysBefore: 28, keptDepositCents: 500_00, refundCents: 500_00 });
    expect(on('2027-06-03')).toMatchObject({ daysBefore: 27, refundCents: null });
    expect(on('2027-06-15')).toMatchObject({ daysBefore: 15, refundCents: null });
    expect(on('2027-06-16')).toMatchObject({ daysBefore: 14, refundCents: 0 });
    expect(on('2027-06-30')).toMatchObject({ daysBefore: 0, refundCents: 0 });
    // Only the deposit paid so far: it is kept, nothing more to refund.
    expect(cancellationOutcome({ ...paid, paidCents: 500_00, cancelledOn: '2027-05-01' }, DEMO)).toMatchObject({
      keptDepositCents: 500_00,
      refundCents: 0,
    });
  });

  it('refunds a refundable deposit with the rest, by a second business’s ladder', () => {
    const base = { paidCents: 300_00, totalCents: 1000_00, hireDate: '2027-06-30' };
    expect(cancellationOutcome({ ...base, cancelledOn: '2027-06-16' }, KOWHAI)).toMatchObject({
      keptDepositCents: 0,
      refundCents: 300_00,
    });
    expect(cancellationOutcome({ ...base, cancelledOn: '2027-06-17' }, KOWHAI).refundCents).toBe(150_00);
  });

  it('writes the ladder as the terms do', () => {
    expect(cancellationLines(DEMO)).toEqual([
      'Cancel 4 weeks or more before the hire date: we refund what you paid, less the deposit.',
      'Cancel 15 to 27 days before the hire date: a refund is at our discretion.',
      'Cancel less than 15 days before the hire date: nothing is refunded.',
    ]);
    expect(cancellationLines(KOWHAI)).toEqual([
      'Cancel 2 weeks or more before the hire date: we refund what you paid.',
      'Cancel less than 2 weeks before the hire date: we refund 50% of what you paid.',
    ]);
  });

  it('takes late days and damage from the bond, and says what is owed beyond it', () => {
    expect(bondOutcome({ bondCents: 80_00, hireCents: 400_00, daysLate: 0, damageCents: 0 }, DEMO)).toEqual({
      lateFeeCents: 0,
      keptCents: 0,
      refundCents: 80_00,
      owedCents: 0,
    });
    expect(bondOutcome({ bondCents: 80_00, hireCents: 400_00, daysLate: 1, damageCents: 15_00 }, DEMO)).toEqual({
      lateFeeCents: 40_00,
      keptCents: 55_00,
      refundCents: 25_00,
      owedCents: 0,
    });
    expect(bondOutcome({ bondCents: 80_00, hireCents: 400_00, daysLate: 3, damageCents: 0 }, DEMO)).toEqual({
      lateFeeCents: 120_00,
      keptCents: 80_00,
      refundCents: 0,
      owedCents: 40_00,
    });
  });
});
