import { z } from 'zod';
import { type ClosedDay, WEEKDAYS, type Weekday } from './business-settings';
import { daysOf, isCalendarDay } from './hold-window';

/** The field types of `business.json` (business-file.ts): each says, when wrong, what it takes. */

export const text = (max: number, what: string) =>
  z
    .string({ error: `must be text (${what})` })
    .trim()
    .max(max, `must be at most ${max} characters (${what})`);
export const dollars = (what: string) =>
  z
    .number({ error: `must be a number of dollars, such as 250 (${what})` })
    .min(0, `must be 0 or more (${what})`)
    .max(100_000, `must be at most 100000 (${what})`)
    .transform((value) => Math.round(value * 100));
/** A whole number of days from `min` to `max`; `message` says so when it is not. */
export const wholeDays = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);
export const weekdayList = (what: string) =>
  z
    .array(
      z.enum(WEEKDAYS, {
        error: (issue) => `${JSON.stringify(issue.input)} is not a weekday: write sunday, monday, ... saturday`,
      }),
      { error: `must be a list of weekdays, such as ["monday", "friday"] (${what})` },
    )
    .min(1, `needs at least one day (${what})`);
export const url = z
  .string({ error: 'must be an https:// address' })
  .trim()
  .refine((value) => /^https:\/\/[^\s/]+\.[^\s]+$/.test(value), 'must be an https:// address');

export const photoPath = text(200, 'a path in the catalogue folder to a photo').min(1, 'must not be empty');
export const service = z.strictObject(
  {
    slug: z
      .string({ error: 'must be the URL name of the service, such as "styling"' })
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower case words joined by -, such as "event-styling"'),
    title: text(60, 'the service as the menu shows it').min(1, 'must not be empty'),
    summary: text(200, 'one line under the title').default(''),
    text: text(5_000, 'Markdown').default(''),
    photos: z.array(photoPath, { error: 'must be a list of photo paths' }).max(3, 'at most 3 photos').default([]),
  },
  { error: 'must be { "slug", "title", "summary", "text", "photos" }' },
);
export const collageEntry = z.strictObject(
  {
    photo: photoPath,
    title: text(80, 'shown when a shopper points at the photo').default(''),
    link: z
      .string({ error: 'must be a page of the shop, such as "/hire/tableware"' })
      .regex(/^(\/[^\s]*)?$/, 'must be a page of the shop, such as "/hire/tableware" or "/search?q=urn"')
      .default(''),
  },
  { error: 'must be { "photo", "title", "link" }' },
);

export const openingHours = z.strictObject(
  Object.fromEntries(
    WEEKDAYS.map((day) => [day, text(80, 'the hours of that day, such as "10am-4pm" or "Closed"').optional()]),
  ) as Record<Weekday, z.ZodOptional<z.ZodString>>,
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? 'only weekdays: monday ... sunday' : 'must be an object of weekdays',
  },
);

/**
 * A business number as written: an Australian Business Number (11 digits whose weighted sum is a
 * multiple of 89, the ATO's check) or a New Zealand GST number (an IRD number of 8 or 9 digits,
 * from 10,000,000 to 150,000,000, whose last digit is its check digit by Inland Revenue's
 * modulus-11 rule); spaces and hyphens allowed, as each is printed ("51 824 753 556", "49-091-850").
 */
export function taxIdReads(value: string): boolean {
  if (!/^\d[\d -]*$/.test(value)) return false;
  const digits = value.replace(/[ -]/g, '').split('').map(Number);
  if (digits.length === 8 || digits.length === 9) return irdNumberReads(digits);
  if (digits.length !== 11) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const sum = digits.reduce(
    (total, digit, index) => total + (index === 0 ? digit - 1 : digit) * (weights[index] ?? 0),
    0,
  );
  return sum % 89 === 0;
}

/** Inland Revenue's check of an IRD (GST) number: its first eight digits (of nine) weighted, modulus 11. */
function irdNumberReads(given: number[]): boolean {
  const digits = given.length === 8 ? [0, ...given] : given;
  const value = Number(digits.join(''));
  if (value < 10_000_000 || value > 150_000_000) return false;
  const check = (weights: number[]) => {
    const remainder = weights.reduce((sum, weight, index) => sum + weight * (digits[index] ?? 0), 0) % 11;
    return remainder === 0 ? 0 : 11 - remainder;
  };
  let expected = check([3, 2, 7, 6, 5, 4, 3, 2]);
  if (expected === 10) expected = check([7, 4, 3, 2, 5, 2, 7, 6]);
  return expected !== 10 && expected === digits[8];
}

/** The longest closure one entry of `closed_dates` may be (a summer shutdown): 62 days. */
export const LONGEST_CLOSURE_DAYS = 62;
const DAY_TEXT = 'a date written YYYY-MM-DD, such as "2026-12-25"';
const dayText = z
  .string({ error: `must be ${DAY_TEXT}` })
  .trim()
  .refine(isCalendarDay, `must be ${DAY_TEXT}`);

/**
 * One entry of `closed_dates`: a day ("2026-12-25"), a range ("2026-12-24/2027-01-05"), or
 * { "from", "to", "name" } to say why ("Christmas shutdown"). Read as { from, to, name }.
 */
export const closedDate = z
  .union(
    [
      z
        .string()
        .trim()
        .regex(/^\d{4}-\d{2}-\d{2}(\/\d{4}-\d{2}-\d{2})?$/)
        .transform((value) => {
          const [from, to] = value.split('/') as [string, string | undefined];
          return { from, to: to ?? from, name: '' };
        }),
      z.strictObject({
        from: dayText,
        to: dayText.optional(),
        name: text(60, 'why, such as "Christmas shutdown"').default(''),
      }),
    ],
    {
      error:
        'must be a date ("2026-12-25"), a range ("2026-12-24/2027-01-05") or { "from": ..., "to": ..., "name": ... }',
    },
  )
  .transform((entry) => ({ from: entry.from, to: entry.to ?? entry.from, name: entry.name }))
  .superRefine((entry, ctx) => {
    for (const day of new Set([entry.from, entry.to])) {
      if (!isCalendarDay(day)) ctx.addIssue({ code: 'custom', message: `${day} is not a calendar date` });
    }
    if (entry.to < entry.from)
      ctx.addIssue({ code: 'custom', message: `ends (${entry.to}) before it starts (${entry.from})` });
    else if (isCalendarDay(entry.from) && isCalendarDay(entry.to) && daysOf(entry).length > LONGEST_CLOSURE_DAYS) {
      ctx.addIssue({ code: 'custom', message: `is longer than ${LONGEST_CLOSURE_DAYS} days` });
    }
  });

/** business.json `closed_dates`: the days and ranges the business is closed. */
export const closedDates = z
  .array(closedDate, { error: 'must be a list of dates and ranges, such as ["2026-12-25", "2026-12-28/2027-01-04"]' })
  .max(200, 'at most 200 entries')
  .default([]);

/** The regions whose public holidays the shop knows (date-holidays' codes): a country, or a state or region of it. */
export const HOLIDAY_REGIONS = {
  AU: ['AU', 'AU-ACT', 'AU-NSW', 'AU-NT', 'AU-QLD', 'AU-SA', 'AU-TAS', 'AU-VIC', 'AU-WA'],
  NZ: [
    'NZ',
    ...[
      'AUK',
      'BOP',
      'CAN',
      'CIT',
      'GIS',
      'HKB',
      'MBH',
      'MWT',
      'NSN',
      'NTL',
      'OTA',
      'STL',
      'TAS',
      'TKI',
      'WKO',
      'WGN',
      'WTC',
    ].map((region) => `NZ-${region}`),
  ],
} as const;

/** The countries the shop is made for: their time zones, tax (GST), postcodes and phone numbers. */
export const SUPPORTED_COUNTRIES = ['AU', 'NZ'] as const;
export type Country = (typeof SUPPORTED_COUNTRIES)[number];
export const COUNTRY_NAMES: Record<Country, string> = { AU: 'Australia', NZ: 'New Zealand' };
export const SUPPORTED_CURRENCIES = ['AUD', 'NZD'] as const;
export type Currency = (typeof SUPPORTED_CURRENCIES)[number];
export const DEFAULT_CURRENCY: Record<Country, Currency> = { AU: 'AUD', NZ: 'NZD' };
export const AU_STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'];

/** tel: form of an Australian number: (02) 5550 2184 -> tel:+61255502184; others keep their digits. */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  if (!digits) return '';
  if (digits.startsWith('+')) return `tel:${digits}`;
  if (digits.startsWith('0') && digits.length === 10) return `tel:+61${digits.slice(1)}`;
  return `tel:${digits}`;
}

/**
 * Every day of the closed dates and the public holidays, in date order, each once (a closed date's
 * own name first; one with none is "Closed").
 */
export function closedDaysOf(
  closedDates: readonly { from: string; to: string; name: string }[],
  holidays: readonly ClosedDay[],
): ClosedDay[] {
  const days = new Map<string, string>();
  for (const entry of closedDates) {
    for (const date of daysOf(entry)) if (!days.has(date)) days.set(date, entry.name || 'Closed');
  }
  for (const holiday of holidays) if (!days.has(holiday.date)) days.set(holiday.date, holiday.name);
  return [...days].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, name]) => ({ date, name }));
}

const REGIONS = [...HOLIDAY_REGIONS.AU, ...HOLIDAY_REGIONS.NZ];
/** business.json `public_holidays`: the region whose public holidays close the business. */
export const holidayRegion = z.enum(REGIONS, {
  error: `must be a country or a state or region of it whose public holidays close the business, such as "AU-WA", "AU-NSW" or "NZ-AUK": ${REGIONS.join(', ')}`,
});
