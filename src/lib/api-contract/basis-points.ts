/**
 * The one rounding rule for money (issue 59): a share of an amount in whole cents, worked out in
 * integers from a rate in basis points (1% = 100 bp), to the nearest cent with halves away from zero
 * ("half up" for the positive amounts money is). Floating point is never trusted with the half: 1.4% of
 * $27.50 is 38.5 c exactly, and charges 39 c.
 */

/** A percentage as basis points: 1.4 -> 140, 12.5 -> 1250 (to the nearest basis point). */
export const toBasisPoints = (percent: number): number => Math.round(percent * 100);

/** A rate written as a fraction (GST's 0.15) as basis points: 0.15 -> 1500. */
export const rateToBasisPoints = (rate: number): number => Math.round(rate * 10_000);

/**
 * `basisPoints` of `cents`, to the nearest cent, halves away from zero; exact for any safe integer
 * input. Both are whole numbers by contract (a fraction of a cent is first taken to the nearest cent).
 */
export function basisPointsOf(wholeCents: number, wholeBasisPoints: number): number {
  const cents = Math.round(wholeCents);
  const basisPoints = Math.round(wholeBasisPoints);
  const negative = cents < 0 !== basisPoints < 0 && cents !== 0 && basisPoints !== 0;
  const product = Math.abs(cents) * Math.abs(basisPoints);
  const rounded = Number.isSafeInteger(product)
    ? Math.floor((product + 5_000) / 10_000)
    : Number((BigInt(Math.abs(cents)) * BigInt(Math.abs(basisPoints)) + 5_000n) / 10_000n);
  return negative ? -rounded : rounded;
}

/**
 * The GST inside an amount that includes it (issue 60: prices entered with GST), to the nearest cent,
 * halves away from zero: cents x rate / (1 + rate), in whole numbers (exact for any safe integer).
 */
export function gstInsideCents(cents: number, rate: number): number {
  const whole = Math.round(cents);
  const basisPoints = rateToBasisPoints(rate);
  const divisor = 10_000 + basisPoints;
  const rounded = Math.floor((2 * Math.abs(whole) * basisPoints + divisor) / (2 * divisor));
  return whole < 0 ? -rounded : rounded;
}

/** A percentage (possibly fractional, such as 1.4) of an amount in cents, by the one rounding rule. */
export const percentOfCents = (cents: number, percent: number): number => basisPointsOf(cents, toBasisPoints(percent));

/** A rate written as a fraction (GST's 0.1) of an amount in cents, by the one rounding rule. */
export const rateOfCents = (cents: number, rate: number): number => basisPointsOf(cents, rateToBasisPoints(rate));

/**
 * Dollars as a person types them ("$1,250.50", "99", "0.5") to whole cents, read as text (never
 * through a float), or null when it does not read as at most two decimals. Negative amounts and
 * exponents ("1e3"), hex ("0x10") and empty text are refused.
 */
export function parseDollars(value: unknown, { max = 10_000_000 }: { max?: number } = {}): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value)
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > max * 100 ? null : cents;
}
