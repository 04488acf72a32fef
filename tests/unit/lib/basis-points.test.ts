import { describe, expect, it } from 'vitest';
import {
  basisPointsOf,
  parseDollars,
  percentOfCents,
  rateOfCents,
  toBasisPoints,
} from '../../../src/lib/api-contract/basis-points';
import { totalsWithGst } from '../../../src/lib/api-contract/money';
import { cardSurchargeCents, DEFAULT_PAYMENT_TERMS } from '../../../src/lib/api-contract/payment-terms';

/**
 * Issue 59: one rounding rule, in integers. Every figure is checked against exact rational arithmetic
 * (BigInt: cents x bp / 10,000, halves up), never against another float.
 */
const exact = (cents: number, bp: number): number => {
  const product = BigInt(cents) * BigInt(bp);
  const whole = product / 10_000n;
  return Number(product % 10_000n >= 5_000n ? whole + 1n : whole);
};

describe('basis points, halves up', () => {
  it('charges 1.4% of $27.50 as 39 c (38.5 c exactly), not 38 c', () => {
    expect(percentOfCents(2750, 1.4)).toBe(39);
    expect(cardSurchargeCents(2750, { ...DEFAULT_PAYMENT_TERMS, cardSurchargePercent: 1.4 })).toBe(39);
  });

  it('is exact for every basis point from 0.01% to 100% over the first $20 and sampled amounts to $50,000', () => {
    let wrong = 0;
    const amounts = [...Array.from({ length: 2_000 }, (_, i) => i + 1)];
    // A fixed, spread sample of larger amounts up to $50,000 (a multiplicative walk, no randomness).
    for (let cents = 2_001, step = 1; cents <= 5_000_000; cents += step, step = (step * 7 + 3) % 9_973 || 1) {
      amounts.push(cents);
    }
    amounts.push(5_000_000);
    for (let bp = 1; bp <= 10_000; bp += bp < 500 ? 1 : 7) {
      for (const cents of amounts) if (basisPointsOf(cents, bp) !== exact(cents, bp)) wrong++;
    }
    expect(wrong).toBe(0);
  });

  it('takes every amount under $5,000 at 0.7%, 1.4% and 2.3% to the exact nearest cent', () => {
    let wrong = 0;
    for (const percent of [0.7, 1.4, 2.3]) {
      const bp = toBasisPoints(percent);
      for (let cents = 1; cents < 500_000; cents++) if (percentOfCents(cents, percent) !== exact(cents, bp)) wrong++;
    }
    expect(wrong).toBe(0);
  });

  it('lands every exact half on the cent above', () => {
    // 50 bp of 100 c is 0.5 c; 1,250 bp of 4 c is 0.5 c; 3,333 bp of 15 c is 4.9995 c.
    expect(basisPointsOf(100, 50)).toBe(1);
    expect(basisPointsOf(4, 1_250)).toBe(1);
    expect(basisPointsOf(15, 3_333)).toBe(5);
    expect(basisPointsOf(-100, 50)).toBe(-1);
    expect(basisPointsOf(0, 50)).toBe(0);
  });

  it('works GST out by the same rule at 10%, 12.5% and 15%', () => {
    expect(rateOfCents(5, 0.1)).toBe(1);
    expect(rateOfCents(3, 0.15)).toBe(0);
    expect(rateOfCents(10, 0.15)).toBe(2);
    expect(rateOfCents(4, 0.125)).toBe(1);
    for (let cents = 0; cents < 100_000; cents++) {
      expect(totalsWithGst(cents, 0.15).gstCents).toBe(exact(cents, 1_500));
    }
  });

  it('stays exact past the safe product range', () => {
    expect(basisPointsOf(9_000_000_000_000, 3_333)).toBe(exact(9_000_000_000_000, 3_333));
  });
});

describe('parseDollars: one reading of typed dollars', () => {
  it.each([
    ['99', 9_900],
    ['$1,250.50', 125_050],
    ['0.5', 50],
    [' 12.05 ', 1_205],
    ['1,000,000', 100_000_000],
  ])('reads %j as %i cents', (typed, cents) => {
    expect(parseDollars(typed)).toBe(cents);
  });

  it.each(['', ' ', '0x10', '1e3', '-5', '1.005', 'ten', '1,00', '$', '12.'])('refuses %j', (typed) => {
    expect(parseDollars(typed)).toBeNull();
  });
});
