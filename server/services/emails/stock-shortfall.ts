import { longDate } from '../../../src/lib/api-contract/dates';
import type { StockShortfall } from '../../booking';
import { html } from '../../lib/html';
import { type EmailBrand, layout, type RenderedEmail, whenText } from './layout';

/** 'Ghost Chair: 3 promised, new stock 2, Friday 4 December 2026 to Monday 7 December 2026'. */
export function stockShortfallText(short: StockShortfall): string {
  const days = short.from === short.to ? longDate(short.from) : `${longDate(short.from)} to ${longDate(short.to)}`;
  return `${short.name}: ${short.promised} promised, new stock ${short.stock}, ${days}`;
}

/** To the business: an import left some products with less stock than is promised. */
export function renderStockShortfallEmail(shortfalls: StockShortfall[], now: Date, brand: EmailBrand): RenderedEmail {
  const products = new Set(shortfalls.map((s) => s.productId)).size;
  const subject = `Catalogue import: ${products} product${products === 1 ? '' : 's'} now short of what is promised`;
  const intro = `The catalogue import of ${whenText(now.toISOString(), brand.timeZone)} set stock below what requests hold or you have confirmed on these days. Nothing was cancelled: check these bookings and tell the customers affected.`;
  const body = html`<p>${intro}</p><ul>${shortfalls.map((s) => html`<li>${stockShortfallText(s)}</li>`)}</ul>`;
  const text = [intro, '', ...shortfalls.map((s) => `- ${stockShortfallText(s)}`)].join('\n');
  return { subject, html: layout(brand, subject, body), text };
}
