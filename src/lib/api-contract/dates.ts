/** Dates as people read them, shared by the pages and the server's emails (no zod, no DOM). */

const LONG = new Intl.DateTimeFormat('en-AU', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '2026-12-05' → 'Saturday 5 December 2026'; anything that is not a real date comes back as it was. */
export function longDate(iso: string): string {
  const match = ISO_DATE.exec(iso);
  if (!match) return iso;
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) return iso;
  const parts = Object.fromEntries(LONG.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}

/** The calendar date in Sydney of an instant, as YYYY-MM-DD. */
export function sydneyDate(instant: Date): string {
  // Building a formatter costs about 0.3 ms (a time-zone lookup); every order request asks once.
  sydneyFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Australia/Sydney',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return sydneyFormat.format(instant);
}
let sydneyFormat: Intl.DateTimeFormat | undefined;
