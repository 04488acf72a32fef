import { describe, expect, it } from 'vitest';
import { waiverCents, waiverCovers } from '../../../src/lib/api-contract/damage-waiver';
import { billOf, lineGstShares, totalsOf } from '../../../src/lib/api-contract/money';
import { ownLineCents, readOwnLine } from '../../../src/lib/api-contract/own-lines';
import { bondOutcome, DEFAULT_PAYMENT_TERMS } from '../../../src/lib/api-contract/payment-terms';

/** Issue 61: lines of the team's own in the totals, GST-free lines, discounts, at 10% and at 15%. */
const form = (amount: string, extra: Partial<Parameters<typeof readOwnLine>[0]> = {}) => ({
  description: 'Line',
  quantity: '1',
  amount,
  kind: 'charge',
  gstFree: false,
  ...extra,
});

describe('GST-free parts of a total', () => {
  it('bears GST only on the taxed part, added on top, at 10% and at 15%', () => {
    expect(totalsOf(43_500, { gstRate: 0.1 }, 12_000)).toEqual({
      subtotalCents: 43_500,
      gstCents: 3_150,
      totalCents: 46_650,
    });
    expect(totalsOf(43_500, { gstRate: 0.15 }, 12_000)).toEqual({
      subtotalCents: 43_500,
      gstCents: 4_725,
      totalCents: 48_225,
    });
    // A total with no GST-free part is the one it always was.
    expect(totalsOf(999, { gstRate: 0.15 })).toEqual(totalsOf(999, { gstRate: 0.15 }, 0));
  });

  it('works the GST out of the taxed part only when prices include it', () => {
    // $115.00 taxed at 15% holds $15.00; $50.00 GST-free holds none.
    expect(totalsOf(16_500, { gstRate: 0.15, pricesIncludeGst: true }, 5_000)).toEqual({
      subtotalCents: 15_000,
      gstCents: 1_500,
      totalCents: 16_500,
    });
  });

  it('shares the GST among the taxed lines only, adding up to the total exactly', () => {
    for (const rate of [0.1, 0.15]) {
      for (let a = 1; a < 3_000; a += 37) {
        const lines = [a, 333, -(a % 97), 1_205];
        const free = [false, true, false, false];
        const shares = lineGstShares(lines, rate, false, free);
        expect(shares[1]).toBe(0);
        const taxed = lines.reduce((sum, cents, i) => sum + (free[i] ? 0 : cents), 0);
        expect(shares.reduce((sum, cents) => sum + cents, 0)).toBe(totalsOf(taxed, { gstRate: rate }).gstCents);
      }
    }
  });

  it('bills a GST-free line without GST where prices show it, the lines adding up to the total', () => {
    const bill = billOf(
      [
        { unitCents: 2_000, quantity: 10 },
        { unitCents: 8_000, quantity: 1, gstFree: true },
        { unitCents: -2_000, quantity: 1 },
      ],
      { priceDisplay: 'including_gst', gstRate: 0.1 },
    );
    expect(bill.lines.map((line) => line.lineCents)).toEqual([22_000, 8_000, -2_200]);
    expect(bill.totals).toEqual({ subtotalCents: 26_000, gstCents: 1_800, totalCents: 27_800 });
    expect(bill.lines.reduce((sum, line) => sum + line.lineCents, 0)).toBe(bill.totals.totalCents);
  });
});

describe('reading a line of the team’s own', () => {
  it('reads a charge, an amount off and a percentage off the hire', () => {
    expect(readOwnLine(form('45', { quantity: '3' }), 20_000, 0)).toEqual({
      line: {
        description: 'Line',
        quantity: 3,
        unitCents: 4_500,
        kind: 'charge',
        percentBasisPoints: null,
        gstFree: false,
      },
    });
    const percent = readOwnLine(form('12.5%', { kind: 'discount' }), 20_000, 0);
    expect(percent).toMatchObject({ line: { kind: 'discount', percentBasisPoints: 1_250 } });
    if ('line' in percent) expect(ownLineCents(percent.line, 20_000)).toBe(-2_500);
    // To the nearest cent, by the one rounding rule: 12.5% of $0.99 is 12.375 c, taken as 12 c.
    if ('line' in percent) expect(ownLineCents(percent.line, 99)).toBe(-12);
  });

  it('refuses what the issue names, by field', () => {
    expect(readOwnLine(form('10', { description: ' ' }), 20_000, 0)).toMatchObject({
      problem: { field: 'description' },
    });
    expect(readOwnLine(form('-10'), 20_000, 0)).toMatchObject({ problem: { field: 'amount' } });
    expect(readOwnLine(form('150', { kind: 'discount' }), 20_000, 6_000)).toMatchObject({
      problem: {
        field: 'amount',
        message: 'A discount cannot be more than the hire: at most $140.00 is left to take off.',
      },
    });
    expect(readOwnLine(form('100.01%', { kind: 'discount' }), 20_000, 0)).toMatchObject({
      problem: { message: 'A discount is at most 100% of the hire.' },
    });
    expect(readOwnLine(form('100%', { kind: 'discount' }), 20_000, 0)).toMatchObject({
      line: { percentBasisPoints: 10_000 },
    });
  });
});

describe('the damage waiver in the bond settlement', () => {
  const terms = { ...DEFAULT_PAYMENT_TERMS, lateFeePercentPerDay: 10 };
  const waiver = { basisPoints: 750, required: false, inShop: true, coverCents: 20_000 };

  it('prices the waiver on the hire by the one rounding rule', () => {
    expect(waiverCents(20_000, waiver)).toBe(1_500);
    // 7.5% of $0.99 is 7.425 c: 7 c.
    expect(waiverCents(99, waiver)).toBe(7);
  });

  it('covers damage up to its cover (all of it without one), never the late fee', () => {
    expect(waiverCovers(23_000, waiver)).toBe(20_000);
    expect(waiverCovers(5_000, waiver)).toBe(5_000);
    expect(waiverCovers(1_000_000, { coverCents: null })).toBe(1_000_000);
    // The settlement keeps the late fee and the damage beyond the cover.
    const damage = 23_000;
    const outcome = bondOutcome(
      { bondCents: 10_000, hireCents: 0, daysLate: 0, damageCents: damage - waiverCovers(damage, waiver) + 2_000 },
      terms,
    );
    expect(outcome).toMatchObject({ keptCents: 5_000, refundCents: 5_000 });
  });
});
