import Holidays from 'date-holidays';
import type { ClosedDay } from '../../src/lib/api-contract/business-settings';

/** From last year to three years ahead: every date the shop can book (two years out) and the year behind it. */
const YEARS_BEHIND = 1;
const YEARS_AHEAD = 3;

const cache = new Map<string, ClosedDay[]>();

/**
 * The public holidays of a region ("AU-WA", "NZ-AUK", "AU" for the national ones), as date-holidays
 * knows them: only days off for everyone (type "public"), substitute days included, named as the
 * region names them. Read once per region and year.
 */
export function publicHolidays(region: string, now = new Date()): ClosedDay[] {
  const year = now.getUTCFullYear();
  const key = `${region} ${year}`;
  const known = cache.get(key);
  if (known) return known;
  const [country = '', state] = region.split('-');
  const calendar = state ? new Holidays(country, state) : new Holidays(country);
  const days: ClosedDay[] = [];
  for (let y = year - YEARS_BEHIND; y <= year + YEARS_AHEAD; y++) {
    for (const holiday of calendar.getHolidays(y)) {
      if (holiday.type === 'public') days.push({ date: holiday.date.slice(0, 10), name: holiday.name });
    }
  }
  cache.set(key, days);
  return days;
}

/** A region's name as people read it: "AU-WA" -> "Western Australia", "NZ" -> "New Zealand (national)". */
export function holidayRegionName(region: string): string {
  const [country = '', state] = region.split('-');
  const calendar = new Holidays();
  if (!state) return `${calendar.getCountries('en')[country] ?? country} (national holidays)`;
  return `${calendar.getStates(country, 'en')?.[state] ?? state}, ${calendar.getCountries('en')[country] ?? country}`;
}
