import { describe, expect, it } from 'vitest';
import { checkoutDeliveryFee } from '../../../src/features/checkout/delivery-fee';
import { parseBusinessFile } from '../../../src/lib/api-contract/business-file';
import { deliveryZonesOf } from '../../../src/lib/api-contract/business-file-delivery-zones';
import {
  deliveryFeeOf,
  deliveryQuoteText,
  postcodeOfAddress,
  postcodeProblem,
  postcodeRangesOf,
  zoneOf,
} from '../../../src/lib/api-contract/delivery-zones';

const ZONES = deliveryZonesOf([
  { name: 'Near', postcodes: '2209-2212, 2196', fee: 45, minimum_order: 0, after_hours_surcharge: 35 },
  { name: 'City', postcodes: '2000-2050', fee: 90, minimum_order: 250, after_hours_surcharge: 0 },
]);

describe('delivery zones (issue 60)', () => {
  it('read postcodes and ranges, and refuse what is not four digits or runs backwards', () => {
    expect(postcodeRangesOf('2209-2212, 2196')).toEqual([
      { from: '2209', to: '2212' },
      { from: '2196', to: '2196' },
    ]);
    expect(postcodeRangesOf('2212-2209')).toBeNull();
    expect(postcodeRangesOf('221')).toBeNull();
    expect(postcodeRangesOf('')).toBeNull();
  });

  it('find the zone at both ends of a range, and none outside', () => {
    expect(zoneOf('2209', ZONES)?.name).toBe('Near');
    expect(zoneOf('2212', ZONES)?.name).toBe('Near');
    expect(zoneOf('2213', ZONES)).toBeNull();
    expect(zoneOf('2196', ZONES)?.name).toBe('Near');
    expect(zoneOf('0800', ZONES)).toBeNull();
  });

  it('charge the fee, the surcharge after hours, and quote below the minimum or outside', () => {
    expect(deliveryFeeOf('2210', false, 1_000, ZONES)).toMatchObject({ kind: 'fee', cents: 4_500 });
    expect(deliveryFeeOf('2210', true, 1_000, ZONES)).toMatchObject({ kind: 'fee', cents: 8_000, afterHours: true });
    // A zone with no surcharge charges none, whatever is asked.
    expect(deliveryFeeOf('2000', true, 25_000, ZONES)).toMatchObject({ kind: 'fee', cents: 9_000, afterHours: false });
    expect(deliveryFeeOf('2000', false, 24_999, ZONES)).toMatchObject({ kind: 'quote', reason: 'below-minimum' });
    const far = deliveryFeeOf('2780', false, 99_999, ZONES);
    expect(far).toMatchObject({ kind: 'quote', reason: 'outside' });
    if (far.kind === 'quote') expect(deliveryQuoteText(far)).toContain('no set fee for delivery to 2780');
    expect(deliveryFeeOf(undefined, false, 1_000, ZONES)).toMatchObject({ kind: 'quote', reason: 'unknown' });
  });

  it('read the postcode last written in an address, and say when a postcode is not four digits', () => {
    expect(postcodeOfAddress('Unit 4, 21 Belmore Rd, Riverwood NSW 2210')).toBe('2210');
    expect(postcodeOfAddress('1234 Long Road')).toBe('1234');
    expect(postcodeOfAddress('12 Main St')).toBeNull();
    expect(postcodeOfAddress('phone 0400123456')).toBeNull();
    expect(postcodeProblem('221')).toBe('Write the postcode as four digits, such as 2210.');
    expect(postcodeProblem('22100')).not.toBeNull();
    expect(postcodeProblem('2210')).toBeNull();
    expect(postcodeProblem('')).toBeNull();
  });

  it('are refused in business.json by row and column', () => {
    const parsed = parseBusinessFile({
      delivery_zones: [
        { name: 'Near', postcodes: '2210', fee: 45 },
        { name: 'Far', postcodes: '27x0', fee: -1 },
      ],
    });
    expect(parsed.settings).toBeNull();
    const keys = parsed.problems.map((problem) => problem.key);
    expect(keys).toContain('delivery_zones, row 2, postcodes');
    expect(keys).toContain('delivery_zones, row 2, fee');
  });

  it('price at the checkout as the server does: the typed postcode, else the address’s', () => {
    const business = { deliveryZones: ZONES };
    const form = {
      deliveryOption: 'delivery' as const,
      deliveryAddress: '1 Rd, Padstow 2211',
      deliveryPostcode: '',
      afterHours: false,
    };
    expect(checkoutDeliveryFee(form, 1_000, business)).toMatchObject({ kind: 'fee', cents: 4_500 });
    expect(checkoutDeliveryFee({ ...form, deliveryPostcode: '2000' }, 1_000, business)).toMatchObject({
      kind: 'quote',
      reason: 'below-minimum',
    });
    expect(checkoutDeliveryFee({ ...form, deliveryOption: 'pickup' }, 1_000, business)).toBeNull();
    // A business with no zones quotes every delivery by email, as the spec says: no fee line.
    expect(checkoutDeliveryFee(form, 1_000, { deliveryZones: [] })).toBeNull();
  });
});
