import { describe, expect, it } from 'vitest';
import {
  billOf,
  bundleFullPriceInCents,
  bundlePriceInCents,
  centsToAmount,
  formatMoney,
  includesGstText,
  lineGstShares,
  lineSavingInCents,
  priceText,
  quantityText,
  shownCents,
  totalsSentence,
  totalsWithGst,
} from '../../../src/lib/api-contract/money';

describe('prices', () => {
  it('shows cents as AUD with 2 decimals', () => {
    expect(formatMoney(6500)).toBe('$65.00');
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatMoney(5)).toBe('$0.05');
    expect(centsToAmount(13205)).toBe('132.05');
  });

  it("writes every price as en-AU's currency format would, without building one", () => {
    const aud = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', minimumFractionDigits: 2 });
    const samples = [0, 1, 99, 100, 999_99, 1000_00, 123_456_78, 100_000_000_00, -500, -123_456, 1234.4, 1234.6];
    for (const cents of samples) expect(formatMoney(cents)).toBe(aud.format(Math.round(cents) / 100));
  });

  it('prices a bundle as the discounted sum of its items (spec section 5)', () => {
    expect(
      bundlePriceInCents([
        { unitPriceInCents: 1200, quantity: 20, discountPercentage: 10 },
        { unitPriceInCents: 7200, quantity: 1, discountPercentage: 10 },
        { unitPriceInCents: 13000, quantity: 1, discountPercentage: 15 },
      ]),
    ).toBe(21600 + 6480 + 11050);
    expect(bundlePriceInCents([{ unitPriceInCents: 333, quantity: 3, discountPercentage: 33 }])).toBe(669);
    expect(bundlePriceInCents([])).toBe(0);
  });
});

describe('bundle savings', () => {
  it('gives the full price without discounts and the saving of each line', () => {
    const items = [
      { unitPriceInCents: 1000, quantity: 2, discountPercentage: 10 },
      { unitPriceInCents: 2550, quantity: 1, discountPercentage: 0 },
    ];
    expect(bundleFullPriceInCents(items)).toBe(4550);
    expect(bundlePriceInCents(items)).toBe(4350);
    expect(items.map(lineSavingInCents)).toEqual([200, 0]);
  });
});

describe('prices shown with GST (price_display including_gst)', () => {
  const including = { priceDisplay: 'including_gst' as const, gstRate: 0.1 };
  const excluding = { priceDisplay: 'excluding_gst' as const, gstRate: 0.1 };

  it('adds GST and says so, or shows the stored price', () => {
    expect(priceText(900, including)).toBe('$9.90 incl. GST');
    expect(priceText(900, excluding)).toBe('$9.00');
    expect(priceText(123450, { priceDisplay: 'including_gst', gstRate: 0.15 })).toBe('$1,419.68 incl. GST');
  });

  it("gives a cart total equal to checkout's total to the cent, for any amount", () => {
    for (let cents = 0; cents <= 50_000; cents += 7) {
      expect(shownCents(cents, including)).toBe(totalsWithGst(cents, 0.1).totalCents);
      expect(shownCents(cents, excluding)).toBe(cents);
    }
  });
});

describe('one price basis after the cart (issue 47: prices including GST)', () => {
  const incl = { priceDisplay: 'including_gst' as const, gstRate: 0.1 };
  const excl = { priceDisplay: 'excluding_gst' as const, gstRate: 0.1 };

  it('writes lines as stored under Subtotal, GST and Total, or with GST adding up to the total', () => {
    const lines = [{ unitCents: 850, quantity: 40 }];
    expect(billOf(lines, excl)).toEqual({
      lines: [{ unitCents: 850, lineCents: 34_000 }],
      totals: { subtotalCents: 34_000, gstCents: 3_400, totalCents: 37_400 },
      includesGst: false,
    });
    expect(billOf(lines, incl).lines).toEqual([{ unitCents: 935, lineCents: 37_400 }]);
    expect(includesGstText(3_400)).toBe('Total includes GST of $34.00');
    expect(totalsSentence(billOf(lines, incl), 0.1)).toBe('Total $374.00. Total includes GST of $34.00.');
    expect(totalsSentence(billOf(lines, excl), 0.1)).toBe('Subtotal $340.00, GST (10%) $34.00, total $374.00.');
  });

  it('shares the GST, rounded once on the subtotal, so the lines add up to the total to the cent', () => {
    // Three lines of 5 cents' GST and a half each: rounded one by one they would make 18 cents, not 17.
    const shares = lineGstShares([55, 55, 55], 0.1);
    expect(shares).toEqual([6, 6, 5]);
    for (let seed = 1; seed <= 500; seed++) {
      const lines = Array.from({ length: 1 + (seed % 7) }, (_, i) => ({
        unitCents: ((seed * 7919 + i * 104_729) % 99_999) + 1,
        quantity: 1 + ((seed + i) % 40),
      }));
      for (const rate of [0.1, 0.15, 0.125]) {
        const bill = billOf(lines, { priceDisplay: 'including_gst', gstRate: rate });
        expect(bill.lines.reduce((sum, line) => sum + line.lineCents, 0)).toBe(bill.totals.totalCents);
        bill.lines.forEach((line, i) => {
          const before = (lines[i]?.unitCents ?? 0) * (lines[i]?.quantity ?? 0);
          expect(Math.abs(line.lineCents - before - before * rate)).toBeLessThan(1);
        });
      }
    }
  });

  it('writes a unit price beside a quantity only where the two multiply out to the line shown', () => {
    // Three 55 c lines at 10%: each unit shows 61 c, but the order's 17 c of GST leaves the third 60 c.
    const bill = billOf(
      [55, 55, 55].map((unitCents) => ({ unitCents, quantity: 1 })),
      incl,
    );
    expect(bill.lines.map((line) => quantityText(1, line, { totalShown: true }))).toEqual([
      '1 × $0.61',
      '1 × $0.61',
      'Qty 1',
    ]);
    expect(quantityText(1, bill.lines[2] ?? { unitCents: 0, lineCents: 0 }, { totalShown: false })).toBe('1 for $0.60');
    expect(quantityText(80, { unitCents: 748, lineCents: 59_840 }, { totalShown: true, times: 'x' })).toBe(
      '80 x $7.48',
    );
    // Whatever the cart, a line that names a unit price is that price times its quantity.
    for (let seed = 1; seed <= 500; seed++) {
      const lines = Array.from({ length: 1 + (seed % 5) }, (_, i) => ({
        unitCents: ((seed * 6271 + i * 7919) % 20_000) + 1,
        quantity: 1 + ((seed * 3 + i) % 80),
      }));
      for (const rate of [0.1, 0.15]) {
        billOf(lines, { priceDisplay: 'including_gst', gstRate: rate }).lines.forEach((line, i) => {
          const quantity = lines[i]?.quantity ?? 0;
          const text = quantityText(quantity, line, { totalShown: false });
          const unit = /^\d+ × \$([\d,]+)\.(\d\d)$/.exec(text);
          if (unit)
            expect(Number((unit[1] ?? '').replaceAll(',', '')) * 100 + Number(unit[2]) * 1).toBe(
              line.lineCents / quantity,
            );
          else expect(text).toBe(`${quantity} for ${formatMoney(line.lineCents)}`);
        });
      }
    }
  });
});
