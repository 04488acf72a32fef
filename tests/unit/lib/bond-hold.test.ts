import { describe, expect, it } from 'vitest';
import { bondReturned } from '../../../server/services/bond-settlement';
import { bondHoldFits } from '../../../src/lib/api-contract/bond-hold';

/** Issue 61: when a bond can be held on the card, and what a settlement releases of a hold. */
describe('the bond held on the card', () => {
  it('fits a hire whose return leaves two of the hold’s seven days to settle', () => {
    expect(bondHoldFits('2026-12-07', '2026-12-07')).toBe(true);
    expect(bondHoldFits('2026-12-07', '2026-12-12')).toBe(true);
    expect(bondHoldFits('2026-12-07', '2026-12-13')).toBe(false);
    // Across a month's and a year's end, by calendar days.
    expect(bondHoldFits('2026-12-29', '2027-01-03')).toBe(true);
    expect(bondHoldFits('2026-12-29', '2027-01-04')).toBe(false);
  });

  it('releases what is not kept of a hold, and refunds only what was paid beyond it', () => {
    // All held: $5 kept of $50, $45 released, nothing to refund.
    expect(bondReturned({ heldCents: 5_000, keptCents: 500, refundCents: 4_500 })).toEqual({
      released: 4_500,
      refunded: 0,
    });
    // Nothing kept: the whole hold released.
    expect(bondReturned({ heldCents: 5_000, keptCents: 0, refundCents: 5_000 })).toEqual({
      released: 5_000,
      refunded: 0,
    });
    // $20 paid and $30 held, $40 kept: the hold is taken in full, $10 of what was paid refunded.
    expect(bondReturned({ heldCents: 3_000, keptCents: 4_000, refundCents: 1_000 })).toEqual({
      released: 0,
      refunded: 1_000,
    });
    // Paid in full, nothing held: the refund as before.
    expect(bondReturned({ heldCents: 0, keptCents: 500, refundCents: 4_500 })).toEqual({
      released: 0,
      refunded: 4_500,
    });
  });
});
