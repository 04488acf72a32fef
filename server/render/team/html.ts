import { html as honoHtml, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { instantText } from '../../../src/lib/api-contract/dates';

/** Server-rendered markup: every interpolated string is escaped; nested markup is kept as it is. */
export type Html = HtmlEscapedString;

/** The team's pages are built from synchronous templates only (no promises inside). */
export const html = honoHtml as (strings: TemplateStringsArray, ...values: unknown[]) => Html;
export { raw };

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
