import { z } from 'zod';
import { WEEKDAYS, type Weekday } from './business-settings';

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
 * multiple of 89, the ATO's check) or a New Zealand GST number (8 or 9 digits); spaces allowed.
 */
export function taxIdReads(value: string): boolean {
  if (!/^[\d ]+$/.test(value)) return false;
  const digits = value.replace(/ /g, '').split('').map(Number);
  if (digits.length === 8 || digits.length === 9) return true;
  if (digits.length !== 11) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const sum = digits.reduce(
    (total, digit, index) => total + (index === 0 ? digit - 1 : digit) * (weights[index] ?? 0),
    0,
  );
  return sum % 89 === 0;
}
