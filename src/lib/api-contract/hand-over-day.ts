/**
 * Whether a hire's first hand-over (its pickup or delivery day) can still happen (issue 60): not on a
 * day gone by, and not today once the business has closed. The shop and the server refuse a hire
 * date whose hand-over has passed and name the first hire date that can still be done. Windows stay
 * the clock-free rule of hold-window.ts; only taking a new request reads the clock.
 */
import { type BusinessSettings, hireDaysOf } from './business-settings';
import { dayIn, minuteOfDayIn } from './dates';
import { addDays, type Fulfilment, openWindow, weekdayOf } from './hold-window';

export type HandOverSettings = Pick<
  BusinessSettings,
  'timeZone' | 'openingHours' | 'pickupDays' | 'returnDays' | 'workingDays' | 'closedDays'
>;

const END_OF_DAY = 24 * 60;

/**
 * The minute a day's opening hours end, as people write them: '10am-4pm by appointment' is 960,
 * '9:30am – 5:30pm' 1050, '8-17' and '08:00 to 17:00' 1020, 'Closed' or '' 0 (no hand-over that day
 * past midnight), hours with no readable end the whole day (1440).
 */
export function closingMinuteOf(hours: string): number {
  const text = hours.trim();
  if (!text || /^closed\b/i.test(text)) return 0;
  const end = text.split(/\s*(?:-|–|—|\bto\b|\buntil\b|\btill\b)\s*/i)[1];
  const match = end ? /^(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?/i.exec(end) : null;
  if (!match) return END_OF_DAY;
  const hour = Number(match[1]);
  const minute = Number(match[2] ?? 0);
  if (hour > 24 || minute > 59) return END_OF_DAY;
  const half = match[3]?.toLowerCase().replace(/\./g, '');
  // '9-5' means 5 pm: an end hour before 8 without am or pm is in the afternoon.
  const hour24 = half === 'pm' ? (hour % 12) + 12 : half === 'am' ? hour % 12 : hour < 8 ? hour + 12 : hour;
  return Math.min(END_OF_DAY, hour24 * 60 + minute);
}

/** Whether a hand-over on `day` has passed at `now`: a day gone by, or today after closing. */
export function handOverPassed(day: string, settings: HandOverSettings, now: Date): boolean {
  const today = dayIn(now, settings.timeZone);
  if (day !== today) return day < today;
  return minuteOfDayIn(now, settings.timeZone) >= closingMinuteOf(settings.openingHours[weekdayOf(today)] ?? '');
}

/** Whether a hire from `hireDate` can still be handed over in time: its window opens on a day still to come. */
export function inTimeFor(hireDate: string, fulfilment: Fulfilment, settings: HandOverSettings, now: Date): boolean {
  const window = openWindow(hireDate, fulfilment, hireDaysOf(settings));
  return window !== null && !handOverPassed(window.from, settings, now);
}

/** The first hire date from today that can still be handed over in time (within eight weeks), or null. */
export function earliestHireDay(fulfilment: Fulfilment, settings: HandOverSettings, now: Date): string | null {
  const today = dayIn(now, settings.timeZone);
  for (let offset = 0; offset < 56; offset++) {
    const day = addDays(today, offset);
    if (inTimeFor(day, fulfilment, settings, now)) return day;
  }
  return null;
}

/** The refusal of a hire date whose hand-over has passed, naming the first one that can be done. */
export const tooLateText = (dateText: string, nextText: string | null) =>
  nextText
    ? `It is too late to hand your items over for ${dateText}: the first hire date we can still do is ${nextText}.`
    : `It is too late to hand your items over for ${dateText}: please choose a later date.`;
