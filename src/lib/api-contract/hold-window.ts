/**
 * Which days an order request holds its items: the one rule both the server (availability, orders,
 * the team's pages and emails) and the pages (what a shopper is told) use. Dates are calendar days,
 * YYYY-MM-DD, in the business's time zone.
 *
 * - Pickup (dry hire): picked up on the last pickup day on or before the event and returned on the
 *   first return day after it. With the spec's hours (open Monday and Wednesday to Friday) a Saturday
 *   event is picked up on Friday and returned on Monday, and a Tuesday event runs Monday to Wednesday
 *   (not over two weekends).
 * - Delivery: delivered on the last delivery day before the event and collected on the first after it
 *   (the day before and the day after when the business delivers every day). The delivery days are
 *   the business's open weekdays: a weekly closed day moves a delivery or a collection as a closed
 *   date does.
 *
 * The pickup and return days are the business's (`HireDays`, 0 Sunday to 6 Saturday), never a
 * constant here. No hand-over is ever on a day the business is closed (`HireDays.closed`: its
 * closed dates and public holidays): the pickup or delivery moves to the open day before, the return
 * or collection to the open day after. A date with no open day within REACH_DAYS cannot be booked.
 */
export type Fulfilment = 'pickup' | 'delivery';

export interface HoldWindow {
  from: string;
  to: string;
}

/** The weekdays (0 Sunday to 6 Saturday) a customer may pick items up and bring them back. */
export interface HireDays {
  pickup: readonly number[];
  return: readonly number[];
  /** The weekdays it delivers and collects on (its open weekdays); every day when not given. */
  delivery?: readonly number[];
  /** Days the business is closed, YYYY-MM-DD (closed dates, public holidays): no hand-over on them. */
  closed?: ReadonlySet<string>;
}

/** How far a hand-over moves from its usual day for the business's closures: three weeks each way. */
export const REACH_DAYS = 21;

const DAY_MS = 86_400_000;

/**
 * The most days any window spans, first to last: a pickup at most REACH_DAYS - 1 days before the event
 * (6 without closures) and a return at most REACH_DAYS after it (7 without). Reads of the holds of a
 * window use it to bound their range.
 */
export const LONGEST_WINDOW_DAYS = 2 * REACH_DAYS - 1;

/** The most days of use one hire may run, first day to last, whatever a business allows (a year). */
export const LONGEST_HIRE_CAP_DAYS = 366;

/**
 * The most days any hold spans: the window around a hire of LONGEST_HIRE_CAP_DAYS. Reads of the holds
 * overlapping a window bound their index range with it.
 */
export const LONGEST_HOLD_DAYS = LONGEST_HIRE_CAP_DAYS + LONGEST_WINDOW_DAYS;

/** The most turnaround days an item can have (cleaning, repair after a return): two weeks. */
export const MAX_TURNAROUND_DAYS = 14;

const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const toIso = (date: Date) => date.toISOString().slice(0, 10);

/** Whether `value` is a real calendar date written YYYY-MM-DD. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = toDate(value);
  return !Number.isNaN(date.getTime()) && toIso(date) === value;
}

export function addDays(iso: string, days: number): string {
  return toIso(new Date(toDate(iso).getTime() + days * DAY_MS));
}

/** The weekday of a calendar day, 0 Sunday to 6 Saturday. */
export const weekdayOf = (iso: string) => toDate(iso).getUTCDay();

/** Every day from `from` to `to`, both included. */
export function daysOf({ from, to }: HoldWindow): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Whether a list of weekdays can be used: at least one, each 0 to 6. */
export function validWeekdays(days: readonly number[]): boolean {
  return days.length > 0 && days.every((day) => Number.isInteger(day) && day >= 0 && day <= 6);
}

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

/** The first day from `start` (itself included) stepping by `step` that is one of `weekdays` and not closed. */
function nearest(
  start: string,
  step: 1 | -1,
  weekdays: readonly number[],
  closed?: ReadonlySet<string>,
): string | null {
  for (let offset = 0; offset < REACH_DAYS; offset++) {
    const day = addDays(start, offset * step);
    if (weekdays.includes(weekdayOf(day)) && !closed?.has(day)) return day;
  }
  return null;
}

/** The window, or null when the business is closed for every hand-over day within reach of the date. */
export function openWindow(hireDate: string, fulfilment: Fulfilment, days: HireDays): HoldWindow | null {
  if (!isCalendarDay(hireDate)) throw new RangeError(`Not a calendar date: ${hireDate}`);
  if (!validWeekdays(days.pickup) || !validWeekdays(days.return)) {
    throw new RangeError(`No day of the week is one of ${days.pickup.join(', ')} / ${days.return.join(', ')}`);
  }
  const deliveryDays = days.delivery && validWeekdays(days.delivery) ? days.delivery : EVERY_DAY;
  const [out, back] = fulfilment === 'delivery' ? [deliveryDays, deliveryDays] : [days.pickup, days.return];
  const from = nearest(fulfilment === 'delivery' ? addDays(hireDate, -1) : hireDate, -1, out, days.closed);
  const to = nearest(addDays(hireDate, 1), 1, back, days.closed);
  return from && to ? { from, to } : null;
}

/**
 * The window of a hire from its first day of use to its last (issue 60): picked up (or delivered) as
 * for its first day, returned (or collected) as for its last. One day is the event's own window.
 */
export function openRangeWindow(
  first: string,
  last: string,
  fulfilment: Fulfilment,
  days: HireDays,
): HoldWindow | null {
  const start = openWindow(first, fulfilment, days);
  if (!start || last <= first) return start;
  const end = openWindow(last, fulfilment, days);
  return end ? { from: start.from, to: end.to } : null;
}

/**
 * The days an order for this event date holds its items. Callers check `openWindow` first where a
 * date comes from a person (the shop and the team refuse a date with no open day near it); here such a
 * date throws.
 */
export function holdWindow(hireDate: string, fulfilment: Fulfilment, days: HireDays): HoldWindow {
  const window = openWindow(hireDate, fulfilment, days);
  if (!window) throw new RangeError(`Closed for every hand-over day near ${hireDate}`);
  return window;
}

/** The message for a date `openWindow` gives no window for. */
export const closedAroundText = (dateText: string) =>
  `We are closed around ${dateText}, with no day to hand your items over: please choose another date.`;

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** [1, 3, 4, 5] -> 'Monday or Wednesday to Friday': week order from Monday, runs of 3 or more joined. */
function dayList(days: readonly number[]): string {
  const order = [...new Set(days)].map((day) => (day + 6) % 7).sort((a, b) => a - b);
  const name = (index: number) => DAY_NAMES[(index + 1) % 7] ?? '';
  const parts: string[] = [];
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && (order[j + 1] as number) === (order[j] as number) + 1) j++;
    const first = order[i] as number;
    const last = order[j] as number;
    if (j - i >= 2) parts.push(`${name(first)} to ${name(last)}`);
    else for (let k = i; k <= j; k++) parts.push(name(order[k] as number));
    i = j + 1;
  }
  return parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} or ${parts.at(-1)}`;
}

/**
 * How a pickup works for this business, from its own pickup and return days (never a fixed
 * weekday): "Pick up on the Friday on or before your event and return on the Monday after it.", or
 * with several days "Pick up on the last of our hire days (Monday or Wednesday to Friday) on or
 * before your event, and return on the first one after it."
 */
export function pickupRuleText(days: HireDays): string {
  const pickup = dayList(days.pickup);
  const back = dayList(days.return);
  if (days.pickup.length === 1 && days.return.length === 1) {
    return `Pick up on the ${pickup} on or before your event and return on the ${back} after it.`;
  }
  if (pickup === back) {
    return `Pick up on the last of our hire days (${pickup}) on or before your event, and return on the first one after it.`;
  }
  return `Pick up on the last of our pickup days (${pickup}) on or before your event, and return on the first of our return days (${back}) after it.`;
}

/** A time of day as a form sends it (`<input type="time">`): 'HH:MM', 24-hour. */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** '09:30' as people read it: '9:30 am' ('12:00' is '12:00 pm'). */
export function clockTimeText(time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const half = hours < 12 ? 'am' : 'pm';
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${half}`;
}

/**
 * When a hand-over is agreed (a delivery slot, a pickup time): 'between 9:00 am and 11:00 am', or
 * null when none is set.
 */
export function handOverTimeText(from: string | null | undefined, to: string | null | undefined): string | null {
  if (!from || !to) return null;
  return `between ${clockTimeText(from)} and ${clockTimeText(to)}`;
}
