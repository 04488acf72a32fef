import { describe, expect, it } from 'vitest';
import {
  availabilityLabel,
  cartFreeCounts,
  shortDate,
  shortLines,
} from '../../../../src/features/availability/availability-rules';
import { savedCopyAge } from '../../../../src/features/availability/saved-copy-age';

describe('availability wording', () => {
  it('writes the date short and says what is free or that it is booked', () => {
    expect(shortDate('2027-03-14')).toBe('Sun 14 Mar');
    expect(availabilityLabel(3, '2027-03-13')).toBe('3 free on Sat 13 Mar');
    expect(availabilityLabel(0, '2027-03-13')).toBe('Booked on your date');
  });

  it('tells the age of a saved copy', () => {
    const now = Date.parse('2027-03-13T10:00:00Z');
    expect(savedCopyAge('2027-03-13T09:59:30Z', now)).toBe('from just now');
    expect(savedCopyAge('2027-03-13T09:35:00Z', now)).toBe('from 25 minutes ago');
    expect(savedCopyAge('2027-03-13T07:00:00Z', now)).toBe('from 3 hours ago');
    expect(savedCopyAge('2027-03-10T10:00:00Z', now)).toBe('from 3 days ago');
  });
});

describe('cart lines short on a date', () => {
  const free = cartFreeCounts({ products: { p1: 3, p2: 0, p3: 10 }, bundles: { b1: 1 } });

  it('flags nothing when every line fits', () => {
    expect(shortLines([{ key: 'a', quantity: 3, needs: ['p:p1'] }], free)).toEqual([]);
  });

  it('counts lines of the same product together, earlier lines first', () => {
    expect(
      shortLines(
        [
          { key: 'a', quantity: 2, needs: ['p:p1'] },
          { key: 'b', quantity: 2, needs: ['p:p1'] },
        ],
        free,
      ),
    ).toEqual([{ key: 'b', fits: 1 }]);
  });

  it('says a booked-out line fits 0, and checks bundles by their own count', () => {
    expect(
      shortLines(
        [
          { key: 'a', quantity: 1, needs: ['p:p2'] },
          { key: 'b', quantity: 2, needs: ['b:b1'] },
          { key: 'c', quantity: 4, needs: ['p:p3'] },
        ],
        free,
      ),
    ).toEqual([
      { key: 'a', fits: 0 },
      { key: 'b', fits: 1 },
    ]);
  });

  it('leaves alone a line whose item the day does not know (a retired one)', () => {
    expect(shortLines([{ key: 'a', quantity: 5, needs: ['p:gone'] }], free)).toEqual([]);
  });
});
