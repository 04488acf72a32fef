import { dayAndMonth, longDate, sydneyDate } from '../../lib/api-contract/dates';
import { type HoldWindow, holdWindow } from '../../lib/api-contract/hold-window';
import { BUSINESS, BUSINESS_HIRE_DAYS } from '../../lib/business';

const DAY_MS = 86_400_000;

/**
 * The day the team answers a request by: the first working day after the day it arrived (Sydney
 * time), so a Saturday request is answered by Monday and a Monday one by Wednesday (Tuesday is closed).
 */
export function replyByDate(arrived: Date, workingDays: readonly number[] = BUSINESS.workingDays): string {
  const start = new Date(`${sydneyDate(arrived)}T00:00:00Z`);
  for (let offset = 1; offset <= 7; offset++) {
    const day = new Date(start.getTime() + offset * DAY_MS);
    if (workingDays.includes(day.getUTCDay())) return day.toISOString().slice(0, 10);
  }
  throw new Error('No working day in the week');
}

/** 'Wednesday 25 November' (the year is the obvious one). */
export function replyByText(arrived: Date): string {
  return longDate(replyByDate(arrived)).replace(/ \d{4}$/, '');
}

/** The days a pickup for this event is collected and returned (the business's pickup and return days). */
export const pickupWindow = (hireDate: string): HoldWindow => holdWindow(hireDate, 'pickup', BUSINESS_HIRE_DAYS);

/** 'Pick up Friday 4 December, return Monday 7 December.' (with the year when it is not this year's). */
export function pickupDatesText(hireDate: string, now = new Date()): string {
  const today = sydneyDate(now);
  const { from, to } = pickupWindow(hireDate);
  return `Pick up ${dayAndMonth(from, today)}, return ${dayAndMonth(to, today)}.`;
}

/** What pickup or delivery means for this request: for a pickup, the very days. */
export function fulfilmentText(
  option: 'pickup' | 'delivery',
  address: string,
  hireDate: string,
  now = new Date(),
): string {
  if (option === 'delivery') {
    return `Delivery to ${address.trim()}. We will email the delivery fee and times with your confirmation.`;
  }
  const today = sydneyDate(now);
  const { from, to } = pickupWindow(hireDate);
  return `Pickup (dry hire) from ${BUSINESS.street}, ${BUSINESS.suburb}: collect on ${dayAndMonth(from, today)} and return on ${dayAndMonth(to, today)}. Other times can be arranged.`;
}
