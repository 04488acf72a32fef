/**
 * Which days an order request holds its items: the one rule both the server (availability, orders)
 * and the pages (what a shopper is told) use. Dates are calendar days, YYYY-MM-DD, in Sydney.
 *
 * - Pickup (dry hire): from the Friday of the hire week (the last Friday on or before the hire date)
 *   to the Monday after (the first Monday on or after it): spec section 5's "pickup on the Friday of
 *   the order week and return the following Monday". A Saturday hire holds Friday to Monday.
 * - Delivery: the day before the hire date to the day after.
 */
export type Fulfilment = 'pickup' | 'delivery';

export interface HoldWindow {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const FRIDAY = 5;
const MONDAY = 1;

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

/** Every day from `from` to `to`, both included. */
export function daysOf({ from, to }: HoldWindow): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

export function holdWindow(hireDate: string, fulfilment: Fulfilment): HoldWindow {
  if (!isCalendarDay(hireDate)) throw new RangeError(`Not a calendar date: ${hireDate}`);
  if (fulfilment === 'delivery') return { from: addDays(hireDate, -1), to: addDays(hireDate, 1) };
  const weekday = toDate(hireDate).getUTCDay();
  const sinceFriday = (weekday - FRIDAY + 7) % 7;
  const untilMonday = (MONDAY - weekday + 7) % 7;
  return { from: addDays(hireDate, -sinceFriday), to: addDays(hireDate, untilMonday) };
}
