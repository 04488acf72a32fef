import { z } from 'zod';
import { deliveryZonesField } from './business-file-delivery-zones';
import {
  AU_STATES,
  COUNTRY_NAMES,
  closedDates,
  collageEntry,
  dollars,
  HOLIDAY_REGIONS,
  holidayRegion,
  openingHours,
  SUPPORTED_COUNTRIES,
  SUPPORTED_CURRENCIES,
  service,
  taxIdReads,
  text,
  url,
  weekdayList,
  wholeDays,
} from './business-file-fields';
import { hirePricingField } from './business-file-hire-pricing';
import { paymentsField } from './business-file-payments';
import { DEFAULT_TIME_ZONE, isTimeZone } from './dates';

/**
 * The catalogue folder's `business.json`: every key has a default; a key that is there but wrong is
 * an error naming it and saying what it takes. Server and importer only (zod stays out of pages).
 */

export const businessFileSchema = z
  .strictObject(
    {
      name: text(80, 'the business name shown in the header, titles and emails')
        .min(1, 'must not be empty')
        .default('Event Hire'),
      short_name: text(12, 'the name under the app icon').min(1, 'must not be empty').optional(),
      logo: text(200, 'a path in the catalogue folder to an SVG or PNG file').optional(),
      accent_colour: z
        .string({ error: 'must be a colour such as "#8a6a4a"' })
        .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as "#8a6a4a"')
        .default('#2b2927'),
      email: z.union([z.literal(''), z.email('must be an email address')]).default(''),
      phone: text(30, 'as customers dial it, such as "(02) 5550 0000"').default(''),
      country: z
        .enum(SUPPORTED_COUNTRIES, {
          error: `must be one of the countries the shop supports: ${SUPPORTED_COUNTRIES.map((c) => `"${c}" (${COUNTRY_NAMES[c]})`).join(' or ')}`,
        })
        .default('AU'),
      currency: z.enum(SUPPORTED_CURRENCIES, { error: 'must be "AUD" or "NZD"' }).optional(),
      address: z
        .strictObject(
          {
            street: text(120, 'street address').default(''),
            suburb: text(60, 'suburb').default(''),
            state: text(40, 'state or region, such as NSW or Auckland').default(''),
            postcode: z
              .string({ error: 'must be a 4-digit postcode written as text, such as "2210"' })
              .regex(/^(\d{4})?$/, 'must be a 4-digit postcode written as text, such as "2210"')
              .default(''),
          },
          { error: 'must be an object with street, suburb, state and postcode' },
        )
        .default({ street: '', suburb: '', state: '', postcode: '' }),
      service_area: text(60, 'where the business hires out, such as "Sydney", used in page descriptions').optional(),
      map: z
        .union(
          [
            text(200, 'a place to search on the map'),
            z.strictObject({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
          ],
          { error: 'must be a search text or { "lat": ..., "lng": ... }' },
        )
        .optional(),
      opening_hours: openingHours.default({
        monday: '9am-5pm',
        tuesday: '9am-5pm',
        wednesday: '9am-5pm',
        thursday: '9am-5pm',
        friday: '9am-5pm',
      }),
      pickup_days: weekdayList('the days customers collect hired items').optional(),
      return_days: weekdayList('the days customers bring them back').optional(),
      closed_dates: closedDates,
      public_holidays: holidayRegion.optional(),
      time_zone: z
        .string({ error: 'must be a time zone name such as "Australia/Perth"' })
        .refine(isTimeZone, 'must be a time zone name such as "Australia/Perth" or "Pacific/Auckland"')
        .default(DEFAULT_TIME_ZONE),
      hold_days: wholeDays(1, 90, 'must be a whole number of days, 1 to 90').default(7),
      remind_days_before_hire: wholeDays(0, 14, 'must be a whole number of days, 0 (no reminder) to 14').default(2),
      remind_days_before_return: wholeDays(0, 14, 'must be a whole number of days, 0 (no reminder) to 14').default(1),
      staff_may_change_prices: z.boolean({ error: 'must be true or false' }).default(true),
      staff_may_cancel_confirmed: z.boolean({ error: 'must be true or false' }).default(true),
      email_links_act_without_sign_in: z.boolean({ error: 'must be true or false' }).default(false),
      delivery_minimum: z
        .strictObject(
          { weekday: dollars('Monday to Friday events'), weekend: dollars('Saturday and Sunday events') },
          { error: 'must be { "weekday": 250, "weekend": 300 } in dollars' },
        )
        .prefault({ weekday: 250, weekend: 300 }),
      gst_rate: z
        .number({ error: 'must be a rate such as 0.1 for 10%' })
        .min(0, 'must be between 0 and 0.5 (0.1 is 10%)')
        .max(0.5, 'must be between 0 and 0.5 (0.1 is 10%)')
        .default(0.1),
      price_display: z
        .enum(['excluding_gst', 'including_gst'], { error: 'must be "excluding_gst" or "including_gst"' })
        .default('excluding_gst'),
      // Issue 60: prices in the spreadsheet and the workspace include GST; it is worked out of them.
      prices_include_gst: z.boolean({ error: 'must be true or false' }).default(false),
      terms: text(50_000, 'Markdown').default(''),
      about: text(20_000, 'Markdown').default(''),
      email_footer: text(1_000, 'a line under every email').default(''),
      tagline: text(80, 'the line beside the name in the header, such as "Event Styling & Prop Hire"').optional(),
      legal_name: text(120, 'the registered name on tax invoices, such as "Kowhai Party Hire Ltd"').optional(),
      tax_id: z
        .string({ error: 'must be the business number written as text, such as "51 824 753 556"' })
        .trim()
        .refine(
          taxIdReads,
          'must be an ABN of 11 digits (such as "51 824 753 556") or a New Zealand GST number of 8 or 9 digits (such as "49-091-850"), whose check digits add up',
        )
        .optional(),
      services: z
        .array(service, { error: 'must be a list of services' })
        .max(8, 'at most 8 services')
        .refine((list) => new Set(list.map((s) => s.slug)).size === list.length, 'each slug must be used once')
        .default([]),
      collage: z
        .array(collageEntry, { error: 'must be a list of 11 photos' })
        .refine((list) => list.length === 0 || list.length === 11, 'must have 11 photos: the 10th is behind the logo')
        .default([]),
      payments: paymentsField,
      hire_pricing: hirePricingField,
      delivery_zones: deliveryZonesField,
      social: z
        .array(z.strictObject({ name: text(30, 'such as Instagram').min(1, 'must not be empty'), url }), {
          error: 'must be a list of { "name": ..., "url": ... }',
        })
        .max(8, 'at most 8 links')
        .default([]),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? undefined : 'must be a JSON object of settings') },
  )
  .superRefine((file, ctx) => {
    if (file.public_holidays && !file.public_holidays.startsWith(file.country)) {
      ctx.addIssue({
        code: 'custom',
        path: ['public_holidays'],
        message: `must be a region of the business's country (${file.country}), such as "${HOLIDAY_REGIONS[file.country][1]}"`,
      });
    }
    // An Australian address names its state or territory by its abbreviation (a New Zealand one, its region).
    const state = file.address.state;
    if (file.country === 'AU' && state && !AU_STATES.includes(state.toUpperCase())) {
      ctx.addIssue({
        code: 'custom',
        path: ['address', 'state'],
        message: `must be an Australian state or territory: ${AU_STATES.join(', ')}`,
      });
    }
  });

export type BusinessFile = z.input<typeof businessFileSchema>;

export type BusinessFileSettings = z.output<typeof businessFileSchema>;
