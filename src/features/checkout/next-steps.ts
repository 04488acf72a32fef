import { longDate, sydneyDate } from '../../lib/api-contract/dates';
import { BUSINESS } from '../../lib/business';

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

/** What pickup or delivery means for this request, in the spec's words (section 5). */
export function fulfilmentText(option: 'pickup' | 'delivery', address: string): string {
  return option === 'pickup'
    ? `Pickup (dry hire) from ${BUSINESS.street}, ${BUSINESS.suburb}: collect on the Friday of your event week and return the following Monday. Other times can be arranged.`
    : `Delivery to ${address.trim()}. We will email the delivery fee and times with your confirmation.`;
}
