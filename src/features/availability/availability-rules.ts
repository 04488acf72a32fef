import { hireDaysOf } from '../../lib/api-contract/business-settings';
import { dayAndMonth, dayIn, latestHireDate, shortDate as shortDateOf } from '../../lib/api-contract/dates';
import { earliestHireDay, type HandOverSettings, inTimeFor, tooLateText } from '../../lib/api-contract/hand-over-day';
import {
  addDays,
  closedAroundText,
  type Fulfilment,
  isCalendarDay,
  openWindow,
} from '../../lib/api-contract/hold-window';

/**
 * '2026-12-05' → 'Sat 5 Dec'; a day of another year than today's (in the business's time zone)
 * carries its year: 'Sun 14 Mar 2027'.
 */
export const shortDate = (iso: string, timeZone: string, now = new Date()) => shortDateOf(iso, dayIn(now, timeZone));

/** When a free count holds: 'on Sat 13 Mar', or for a longer hire 'from Sat 13 Mar to Tue 16 Mar' (every day of it). */
export function freeWhenText(date: string, last: string, timeZone: string, now = new Date()): string {
  const first = shortDate(date, timeZone, now);
  return last > date ? `from ${first} to ${shortDate(last, timeZone, now)}` : `on ${first}`;
}

/** What a card or popup says of an item on the shopper's date (or every day of a longer hire). */
export function availabilityLabel(free: number, date: string, timeZone: string, now = new Date(), last = date): string {
  if (free < 1) return last > date ? 'Booked on some of your days' : 'Booked on your date';
  return `${free} free ${freeWhenText(date, last, timeZone, now)}`;
}

/** The earliest event date a shopper may pick: today where the business is (its time zone). */
export const earliestHireDate = (timeZone: string, now = new Date()) => dayIn(now, timeZone);

/** The latest: two years from today (the server refuses later ones). */
export const latestEventDate = (timeZone: string, now = new Date()) => latestHireDate(dayIn(now, timeZone));

type ClosedDaysSettings = HandOverSettings;

/**
 * Why a typed event date cannot be used, or null when it can: before today, past two years, or (with
 * the business's days) closed for every hand-over day near it, delivery included.
 */
export function eventDateProblem(
  value: string,
  timeZone: string,
  now = new Date(),
  business?: ClosedDaysSettings,
): string | null {
  if (!isCalendarDay(value)) return 'Choose a day from today on.';
  if (value < earliestHireDate(timeZone, now)) return 'Choose a day from today on.';
  if (value > latestEventDate(timeZone, now)) return 'Choose a day within two years from today.';
  if (business && !openWindow(value, 'delivery', hireDaysOf(business))) {
    return closedAroundText(dayAndMonth(value, dayIn(now, timeZone)));
  }
  return business ? lateProblem(value, ['pickup', 'delivery'], business, now) : null;
}

/**
 * Why a hire date is too late to hand over (its pickup or delivery day gone by, or today after
 * closing) by every one of `fulfilments`, naming the first hire date that can still be done; else null.
 */
export function lateProblem(
  value: string,
  fulfilments: readonly Fulfilment[],
  business: HandOverSettings,
  now = new Date(),
): string | null {
  if (fulfilments.some((fulfilment) => inTimeFor(value, fulfilment, business, now))) return null;
  const today = dayIn(now, business.timeZone);
  const next = fulfilments
    .map((fulfilment) => earliestHireDay(fulfilment, business, now))
    .filter((day): day is string => day !== null)
    .sort()[0];
  return tooLateText(dayAndMonth(value, today), next ? dayAndMonth(next, today) : null);
}

/**
 * What an event date means for the business's closed days, or null when nothing: "We are closed on
 * Friday 1 January (New Year's Day). Pick up Thursday 31 December, return Monday 4 January." when the
 * date or its pickup or return day is closed.
 */
export function closedDayNote(value: string, business: ClosedDaysSettings, now = new Date()): string | null {
  if (!isCalendarDay(value) || business.closedDays.length === 0) return null;
  const today = dayIn(now, business.timeZone);
  const days = hireDaysOf(business);
  const closedOn = business.closedDays.find((day) => day.date === value);
  const window = openWindow(value, 'pickup', days);
  const usual = openWindow(value, 'pickup', { pickup: days.pickup, return: days.return });
  const moved = !window || window.from !== usual?.from || window.to !== usual?.to;
  if (!closedOn && !moved) return null;
  const parts = closedOn ? [`We are closed on ${dayAndMonth(value, today)} (${closedOn.name}).`] : [];
  if (!window)
    parts.push(`No pickup is possible near ${dayAndMonth(value, today)}: ask for delivery or choose another date.`);
  else if (moved) {
    parts.push(
      `For pickup, collect on ${dayAndMonth(window.from, today)} and return on ${dayAndMonth(window.to, today)}.`,
    );
  }
  return parts.join(' ');
}

/**
 * The closures of the next `days` days from today, for the event-date picker: runs of days in a row
 * with one name joined ("Thu 24 Dec to Thu 31 Dec, Christmas shutdown"), at most `limit`.
 */
export function closedDaysAhead(business: ClosedDaysSettings, now = new Date(), days = 90, limit = 5) {
  const today = dayIn(now, business.timeZone);
  const last = addDays(today, days);
  const runs: { from: string; to: string; name: string }[] = [];
  for (const day of business.closedDays) {
    if (day.date < today || day.date > last) continue;
    const run = runs.at(-1);
    if (run && run.name === day.name && addDays(run.to, 1) === day.date) run.to = day.date;
    else runs.push({ from: day.date, to: day.date, name: day.name });
  }
  return runs.slice(0, limit);
}

export interface CartDemandLine {
  key: string;
  quantity: number;
  /** What one unit of the line takes from the day: a product's id, or a bundle's. */
  needs: string[];
}

export interface ShortLine {
  key: string;
  /** The most of this line the date allows, the lines before it counted first (0 or more). */
  fits: number;
}

/**
 * The cart lines the date cannot supply: units summed over the lines that need the same thing,
 * against what is free. Nothing is changed here: the shopper is told, and decides.
 */
export function shortLines(lines: CartDemandLine[], free: Record<string, number>): ShortLine[] {
  const left = { ...free };
  const short: ShortLine[] = [];
  for (const line of lines) {
    const known = line.needs.filter((id) => id in left);
    if (known.length === 0) continue;
    const fits = Math.min(line.quantity, ...known.map((id) => Math.max(0, left[id] ?? 0)));
    for (const id of known) left[id] = (left[id] ?? 0) - fits;
    if (fits < line.quantity) short.push({ key: line.key, fits });
  }
  return short;
}

/** The day's counts keyed as cart lines name them: 'p:' products, 'b:' bundles. */
export function cartFreeCounts(day: { products: Record<string, number>; bundles: Record<string, number> }) {
  return {
    ...Object.fromEntries(Object.entries(day.products).map(([id, n]) => [`p:${id}`, n])),
    ...Object.fromEntries(Object.entries(day.bundles).map(([id, n]) => [`b:${id}`, n])),
  };
}
