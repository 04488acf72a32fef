import { addressLine, type BusinessSettings } from '../../lib/api-contract/business-settings';
import { dayAndMonth, dayIn, longDate } from '../../lib/api-contract/dates';
import { type HoldWindow, holdWindow } from '../../lib/api-contract/hold-window';

/** What these texts need of the business's settings. */
export type NextStepSettings = Pick<
  BusinessSettings,
  'workingDays' | 'pickupDays' | 'returnDays' | 'address' | 'locality' | 'timeZone'
>;

const DAY_MS = 86_400_000;

/**
 * The day the team answers a request by: the first working day after the day it arrived (in the
 * business's time zone); for the demo, a Saturday request is answered by Monday and a Monday one by Wednesday.
 */
export function replyByDate(arrived: Date, workingDays: readonly number[], timeZone: string): string {
  const start = new Date(`${dayIn(arrived, timeZone)}T00:00:00Z`);
  for (let offset = 1; offset <= 7; offset++) {
    const day = new Date(start.getTime() + offset * DAY_MS);
    if (workingDays.includes(day.getUTCDay())) return day.toISOString().slice(0, 10);
  }
  throw new Error('No working day in the week');
}

/** 'Wednesday 25 November' (the year is the obvious one). */
export function replyByText(arrived: Date, workingDays: readonly number[], timeZone: string): string {
  return longDate(replyByDate(arrived, workingDays, timeZone)).replace(/ \d{4}$/, '');
}

/** The days a pickup for this event is collected and returned (the business's pickup and return days). */
export const pickupWindow = (hireDate: string, business: NextStepSettings): HoldWindow =>
  holdWindow(hireDate, 'pickup', { pickup: business.pickupDays, return: business.returnDays });

/** 'Pick up Friday 4 December, return Monday 7 December.' (with the year when it is not this year's). */
export function pickupDatesText(hireDate: string, business: NextStepSettings, now = new Date()): string {
  const today = dayIn(now, business.timeZone);
  const { from, to } = pickupWindow(hireDate, business);
  return `Pick up ${dayAndMonth(from, today)}, return ${dayAndMonth(to, today)}.`;
}

/** What pickup or delivery means for this request: for a pickup, the very days. */
export function fulfilmentText(
  option: 'pickup' | 'delivery',
  address: string,
  hireDate: string,
  business: NextStepSettings,
  now = new Date(),
): string {
  if (option === 'delivery') {
    return `Delivery to ${address.trim()}. We will email the delivery fee and times with your confirmation.`;
  }
  const today = dayIn(now, business.timeZone);
  const { from, to } = pickupWindow(hireDate, business);
  const where = addressLine(business);
  return `Pickup (dry hire)${where ? ` from ${where}` : ''}: collect on ${dayAndMonth(from, today)} and return on ${dayAndMonth(to, today)}. Other times can be arranged.`;
}
