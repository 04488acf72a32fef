/** Dates as people read them, shared by the pages and the server's emails (no zod, no DOM). */

/**
 * Formatters are built on first use, never when a page loads the module: the first Intl formatter a
 * page builds loads the engine's locale data (about 20 ms of a slow phone's start-up).
 */
export function lazyDateFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => {
    format ??= new Intl.DateTimeFormat('en-AU', options);
    return format;
  };
}

const LONG = lazyDateFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
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
  const parts = Object.fromEntries(
    LONG()
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const text = `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
  // Bounded: a few years of days at most.
  if (written.size < 5000) written.set(iso, text);
  return text;
}

/** The time zone of a business that names none (business.json `time_zone`). */
export const DEFAULT_TIME_ZONE = 'Australia/Sydney';

/** Formatters by time zone and shape: building one costs about 0.3 ms (a time-zone lookup). */
const zoned = new Map<string, Intl.DateTimeFormat>();
function zonedFormat(timeZone: string, shape: 'day' | 'long' | 'short'): Intl.DateTimeFormat {
  const key = `${shape}|${timeZone}`;
  let format = zoned.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      shape === 'day'
        ? { year: 'numeric', month: '2-digit', day: '2-digit' }
        : shape === 'long'
          ? { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit' }
          : { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' };
    format = new Intl.DateTimeFormat('en-AU', { ...options, timeZone });
    zoned.set(key, format);
  }
  return format;
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's clock is ahead of UTC at an instant, in ms (Sydney: 10 or 11 hours). */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-AU', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
  const wall = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant `days` calendar days after `instant` at the same time on the business's clock: 7 days
 * after Saturday 10:00 am is the next Saturday at 10:00 am, across a daylight-saving change too (168
 * hours would be 9:00 am or 11:00 am). A time the change skips moves on by the hour skipped.
 */
export function addLocalDays(instant: Date, days: number, timeZone: string): Date {
  const wall = instant.getTime() + zoneOffsetMs(instant, timeZone) + days * 86_400_000;
  const guess = wall - zoneOffsetMs(new Date(wall), timeZone);
  return new Date(wall - zoneOffsetMs(new Date(guess), timeZone));
}

/** The minute of the day (0 to 1439) an instant is on the business's clock: 4:30 pm is 990. */
export function minuteOfDayIn(instant: Date, timeZone: string): number {
  const wall = instant.getTime() + zoneOffsetMs(instant, timeZone);
  return Math.floor((((wall % 86_400_000) + 86_400_000) % 86_400_000) / 60_000);
}

/** True for a time zone name the engine knows (IANA, such as "Australia/Perth" or "Pacific/Auckland"). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The calendar date of an instant in the business's time zone, as YYYY-MM-DD: "today" for the shop,
 * the checkout, the sweeper and the calendar. From the formatter's parts, never its whole output
 * (engines differ: WebKitGTK writes en-CA dates as 11/25/2026, not 2026-11-25).
 */
export function dayIn(instant: Date, timeZone: string): string {
  // Every zone's offset is a whole number of quarter hours, so a day begins on a quarter hour in UTC:
  // instants in one quarter hour share their day. Remembered so, a list of thousands of bookings
  // formats each quarter hour once (formatToParts is most of the cost of a booking's money).
  const key = `${timeZone} ${Math.floor(instant.getTime() / QUARTER_HOUR)}`;
  const known = daysOfQuarters.get(key);
  if (known) return known;
  const parts = zonedFormat(timeZone, 'day').formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('year')}-${part('month')}-${part('day')}`;
  if (daysOfQuarters.size >= 50_000) daysOfQuarters.clear();
  daysOfQuarters.set(key, day);
  return day;
}

/**
 * The hire day a client's date names (issue 60), the one reading of `starts_at` and `stops_at`: a date
 * as written ("2026-12-09"); a date-time with an offset read on the business's clock
 * ("2026-12-09T13:00:00Z" is the 10th in Sydney); a date-time with no offset, its own date.
 */
export function hireDayOf(value: string, timeZone: string): string {
  return value.length > 10 && /(Z|[+-]\d{2}:\d{2})$/.test(value)
    ? dayIn(new Date(value), timeZone)
    : value.slice(0, 10);
}

const QUARTER_HOUR = 15 * 60_000;
const daysOfQuarters = new Map<string, string>();

/**
 * An instant as the business's clock shows it: 'long' for emails and links ("Wednesday 2 December
 * 2026 at 3:15 pm"), 'short' for the workspace's lists ("Wed, 2 Dec, 3:15 pm"). Empty for no instant.
 */
export function instantText(
  iso: string | Date | null | undefined,
  timeZone: string,
  shape: 'long' | 'short' = 'long',
): string {
  if (!iso) return '';
  const text = zonedFormat(timeZone, shape).format(typeof iso === 'string' ? new Date(iso) : iso);
  return shape === 'long' ? text.replace(/, (?=\d)/, ' at ') : text;
}

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

const SHORT_DAY = lazyDateFormat({ weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const SHORT_YEAR = lazyDateFormat({
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
  const withYear = Boolean(today && today.slice(0, 4) !== iso.slice(0, 4));
  const format = withYear ? SHORT_YEAR() : SHORT_DAY();
  const parts = Object.fromEntries(format.formatToParts(new Date(`${iso}T00:00:00Z`)).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.day} ${parts.month}${withYear ? ` ${parts.year}` : ''}`;
}

/** '2026-12-04' → 'Friday 4 December', with the year when it is not the year of `today`. */
export function dayAndMonth(iso: string, today: string): string {
  const long = longDate(iso);
  return today.slice(0, 4) === iso.slice(0, 4) ? long.replace(/ \d{4}$/, '') : long;
}
