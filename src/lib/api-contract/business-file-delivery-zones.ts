import { z } from 'zod';
import { text } from './business-file-fields';
import { type DeliveryZone, postcodeRangesOf } from './delivery-zones';

/*
 * business.json `delivery_zones` (issue 60): delivery fees by postcode, in dollars before GST.
 *   [{ "name": "Riverwood and nearby", "postcodes": "2209-2212, 2196", "fee": 40,
 *      "minimum_order": 0, "after_hours_surcharge": 30 }]
 * An address in no zone is quoted by the team. The first zone that takes a postcode prices it.
 */

/** Dollars as written (a parsed file shows what the owner typed); cents in the zones. */
const dollars = (what: string) =>
  z
    .number({ error: `must be a number of dollars, such as 45 (${what})` })
    .min(0, `must be 0 or more (${what})`)
    .max(100_000, `must be at most 100000 (${what})`)
    .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), `must be whole cents (${what})`);
const cents = (dollars: number) => Math.round(dollars * 100);

const zone = z.strictObject(
  {
    name: text(60, 'the zone as the shopper reads it, such as "Inner West"').min(1, 'must not be empty (the zone)'),
    postcodes: z
      .string({ error: 'must be postcodes written as text, such as "2209-2212, 2196"' })
      .max(2_000, 'at most 2000 characters of postcodes')
      .refine(
        (value) => postcodeRangesOf(value) !== null,
        'must be four-digit postcodes and ranges, such as "2209-2212, 2196" (a range from the lower)',
      ),
    fee: dollars('the delivery fee, before GST'),
    minimum_order: dollars('the smallest order delivered for the fee, before GST').default(0),
    after_hours_surcharge: dollars('added outside opening hours; 0 for none').default(0),
  },
  { error: 'must be { "name", "postcodes", "fee" }, with "minimum_order" and "after_hours_surcharge" if wanted' },
);

export const deliveryZonesField = z
  .array(zone, { error: 'must be a list of zones: [{ "name", "postcodes", "fee" }]' })
  .max(50, 'at most 50 zones')
  .refine((zones) => new Set(zones.map((z) => z.name.toLowerCase())).size === zones.length, 'each zone name once')
  .default([]);

export type DeliveryZonesFile = z.output<typeof deliveryZonesField>;

/** The zones of a parsed `delivery_zones` block (fees in cents). */
export function deliveryZonesOf(file: DeliveryZonesFile): DeliveryZone[] {
  return file.map((entry) => ({
    name: entry.name,
    postcodes: postcodeRangesOf(entry.postcodes) ?? [],
    feeCents: cents(entry.fee),
    minimumOrderCents: cents(entry.minimum_order),
    afterHoursCents: cents(entry.after_hours_surcharge),
  }));
}
