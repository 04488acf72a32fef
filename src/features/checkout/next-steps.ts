import { addressLine, type BusinessSettings, hireDaysOf } from '../../lib/api-contract/business-settings';
import { dayAndMonth, dayIn, longDate } from '../../lib/api-contract/dates';
import { closedAroundText, type HoldWindow, openRangeWindow } from '../../lib/api-contract/hold-window';

/** What these texts need of the business's settings. */
export type NextStepSettings = Pick<
  BusinessSettings,
  'workingDays' | 'pickupDays' | 'returnDays' | 'closedDays' | 'address' | 'locality' | 'timeZone'
>;

const DAY_MS = 86_400_000;

/**
 * The day the team answers a request by: the first working day after the day it arrived (in the
 * business's time zone) that is not a closed day; for the demo, a Saturday request is answered by
 * Monday and a Monday one by Wednesday.
 */
export function replyByDate(
  arrived: Date,
  workingDays: readonly number[],
  timeZone: string,
  closedDays: BusinessSettings['closedDays'] = [],
): string {
  const start = new Date(`${dayIn(arrived, timeZone)}T00:00:00Z`);
  const closed = new Set(closedDays.map((day) => day.date));
  for (let offset = 1; offset <= 70; offset++) {
    const day = new Date(start.getTime() + offset * DAY_MS);
    const iso = day.toISOString().slice(0, 10);
    if (workingDays.includes(day.getUTCDay()) && !closed.has(iso)) return iso;
  }
  throw new Error('No working day in ten weeks');
}

/** 'Wednesday 25 November' (the year is the obvious one). */
export function replyByText(
  arrived: Date,
  business: Pick<NextStepSettings, 'workingDays' | 'timeZone' | 'closedDays'>,
): string {
  return longDate(replyByDate(arrived, business.workingDays, business.timeZone, business.closedDays)).replace(
    / \d{4}$/,
    '',
  );
}

/**
 * The days a pickup for this event (to its last day of use, for a longer hire) is collected and
 * returned (the business's pickup and return days, moved off its closed days), or null when it is
 * closed for every day near the date.
 */
export const pickupWindow = (hireDate: string, business: NextStepSettings, lastDay = hireDate): HoldWindow | null =>
  openRangeWindow(hireDate, lastDay > hireDate ? lastDay : hireDate, 'pickup', hireDaysOf(business));

/** 'Pick up Friday 4 December, return Monday 7 December.' (with the year when it is not this year's). */
export function pickupDatesText(
  hireDate: string,
  business: NextStepSettings,
  now = new Date(),
  lastDay = hireDate,
): string {
  const today = dayIn(now, business.timeZone);
  const window = pickupWindow(hireDate, business, lastDay);
  if (!window) return closedAroundText(dayAndMonth(hireDate, today));
  return `Pick up ${dayAndMonth(window.from, today)}, return ${dayAndMonth(window.to, today)}.`;
}

/** What pickup or delivery means for this request: for a pickup, the very days. */
export function fulfilmentText(
  option: 'pickup' | 'delivery',
  address: string,
  hireDate: string,
  business: NextStepSettings,
  now = new Date(),
  lastDay = hireDate,
): string {
  if (option === 'delivery') {
    return `Delivery to ${address.trim()}. We will email the delivery fee and times with your confirmation.`;
  }
  const today = dayIn(now, business.timeZone);
  const window = pickupWindow(hireDate, business, lastDay);
  if (!window) return closedAroundText(dayAndMonth(hireDate, today));
  const { from, to } = window;
  const where = addressLine(business);
  return `Pickup (dry hire)${where ? ` from ${where}` : ''}: collect on ${dayAndMonth(from, today)} and return on ${dayAndMonth(to, today)}. Other times can be arranged.`;
}
