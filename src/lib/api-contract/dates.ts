/** Dates as people read them, shared by the pages and the server's emails (no zod, no DOM). */

const LONG = new Intl.DateTimeFormat('en-AU', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days written out so far: formatting one costs about 0.05 ms, and an order's emails write a dozen. */
const written = new Map<string, string>();

/** '2026-12-05' → 'Saturday 5 December 2026'; anything that is not a real date comes back as it was. */
export function longDate(iso: string): string {
  const known = written.get(iso);
  if (known !== undefined) return known;
  const match = ISO_DATE.exec(iso);
  if (!match) return iso;
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) return iso;
  const parts = Object.fromEntries(LONG.formatToParts(date).map((part) => [part.type, part.value]));
  const text = `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
  // Bounded: a few years of days at most.
  if (written.size < 5000) written.set(iso, text);
  return text;
}

/**
 * The calendar date in Sydney of an instant, as YYYY-MM-DD: from the formatter's parts, never its
 * whole output (engines differ: WebKitGTK writes en-CA dates as 11/25/2026, not 2026-11-25).
 */
export function sydneyDate(instant: Date): string {
  // Building a formatter costs about 0.3 ms (a time-zone lookup); every order request asks once.
  sydneyFormat ??= new Intl.DateTimeFormat('en-AU', {
    timeZone: 'Australia/Sydney',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = sydneyFormat.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
let sydneyFormat: Intl.DateTimeFormat | undefined;

/** How far ahead a hire date may be: a request for a later day is refused. */
export const MAX_YEARS_AHEAD = 2;

/** The last hire date a request may name, counted from `today` (YYYY-MM-DD). */
export function latestHireDate(today: string): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  // 29 February two years on is 1 March.
  const date = new Date(Date.UTC(year + MAX_YEARS_AHEAD, month - 1, day));
  if (date.getUTCDate() !== day) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

const SHORT_DAY = new Intl.DateTimeFormat('en-AU', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const SHORT_YEAR = new Intl.DateTimeFormat('en-AU', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * '2027-03-14' → 'Sun 14 Mar', with its year when that is not the year of `today`
 * ('Sun 14 Mar 2027'), so a date next year never reads as this year's.
 */
export function shortDate(iso: string, today?: string): string {
  const format = today && today.slice(0, 4) !== iso.slice(0, 4) ? SHORT_YEAR : SHORT_DAY;
  const parts = Object.fromEntries(format.formatToParts(new Date(`${iso}T00:00:00Z`)).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.day} ${parts.month}${format === SHORT_YEAR ? ` ${parts.year}` : ''}`;
}

/** '2026-12-04' → 'Friday 4 December', with the year when it is not the year of `today`. */
export function dayAndMonth(iso: string, today: string): string {
  const long = longDate(iso);
  return today.slice(0, 4) === iso.slice(0, 4) ? long.replace(/ \d{4}$/, '') : long;
}
