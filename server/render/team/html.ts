import { instantText } from '../../../src/lib/api-contract/dates';

export { type Html, html, joinHtml, raw } from '../../lib/html';

const DAY = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** An instant as the business's clock shows it: "Sat, 28 Nov, 2:05 pm". */
export const when = (iso: string | null | undefined, timeZone: string) => instantText(iso, timeZone, 'short');
/** A YYYY-MM-DD day: "Sat 28 Nov 2026". */
export const day = (isoDay: string) => DAY.format(new Date(`${isoDay.slice(0, 10)}T00:00:00Z`));
