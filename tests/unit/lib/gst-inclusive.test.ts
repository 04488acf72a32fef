import { describe, expect, it } from 'vitest';
import { gstInsideCents } from '../../../src/lib/api-contract/basis-points';
import { billOf, lineGstShares, priceText, shownCents, totalsOf } from '../../../src/lib/api-contract/money';

/** Issue 60: prices entered with GST keep their figure; the GST is worked out of them once. */
const NZ = { priceDisplay: 'including_gst' as const, gstRate: 0.15, pricesIncludeGst: true };
const AU = { priceDisplay: 'including_gst' as const, gstRate: 0.1, pricesIncludeGst: true };

describe('prices entered with GST', () => {
  it('show $10.00 as $10.00 at 15% (today’s $8.69 shows $9.99 and $8.70 shows $10.01)', () => {
    expect(shownCents(1_000, NZ)).toBe(1_000);
    expect(priceText(1_000, NZ)).toBe('$10.00 incl. GST');
    // Entered before GST, no price shows as $10.00 at 15%: the bug the setting answers.
    const before = { priceDisplay: 'including_gst' as const, gstRate: 0.15 };
    expect([shownCents(869, before), shownCents(870, before)]).toEqual([999, 1_001]);
  });

  it('total as entered, with the GST inside worked out once, half up', () => {
    expect(totalsOf(1_000, NZ)).toEqual({ subtotalCents: 870, gstCents: 130, totalCents: 1_000 });
    expect(totalsOf(1_000, AU)).toEqual({ subtotalCents: 909, gstCents: 91, totalCents: 1_000 });
    expect(totalsOf(3_000, AU).gstCents).toBe(273);
    // Before GST, as before: added on top.
    expect(totalsOf(1_000, { gstRate: 0.1 })).toEqual({ subtotalCents: 1_000, gstCents: 100, totalCents: 1_100 });
  });

  it('works out GST exactly in whole numbers, against the exact fraction, for every amount to $1,000', () => {
    for (const [rate, bp] of [
      [0.1, 1_000],
      [0.15, 1_500],
    ] as const) {
      for (let cents = 0; cents <= 100_000; cents += 7) {
        const exact = (cents * bp) / (10_000 + bp);
        const expected = Math.floor(exact) + (exact - Math.floor(exact) >= 0.5 - 1e-12 ? 1 : 0);
        expect(gstInsideCents(cents, rate)).toBe(expected);
      }
    }
    expect(gstInsideCents(-1_000, 0.15)).toBe(-130);
  });

  it('bill the lines as entered, each with its share of the GST inside, adding up to the order’s', () => {
    const bill = billOf(
      [
        { unitCents: 1_000, quantity: 3 },
        { unitCents: 4_550, quantity: 1 },
      ],
      NZ,
    );
    expect(bill.lines).toEqual([
      { unitCents: 1_000, lineCents: 3_000 },
      { unitCents: 4_550, lineCents: 4_550 },
    ]);
    expect(bill.totals).toEqual({ subtotalCents: 7_550 - 985, gstCents: 985, totalCents: 7_550 });
    const shares = lineGstShares([3_000, 4_550], 0.15, true);
    expect(shares.reduce((sum, cents) => sum + cents, 0)).toBe(985);
    expect(shares).toEqual([391, 594]);
  });
});
