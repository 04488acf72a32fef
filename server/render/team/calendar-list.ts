import { addDays } from '../../../src/lib/api-contract/hold-window';
import { LIST_DAYS, type ListDay } from '../../services/team/calendar-list';
import { day, type Html, html } from './html';

const how = (fulfilment: string) => (fulfilment === 'delivery' ? 'delivery' : 'pickup');

/**
 * The calendar on a phone: day by day from today, what goes out, what comes back and what is
 * over-promised, each linking to its requests and its day sheet. Wide screens show the grid instead.
 */
export function calendarList(days: ListDay[], from: string, today: string, pageOf: (day: string) => string): Html {
  const requests = (label: string, list: ListDay['out']) =>
    list.length
      ? html`<h4>${label}</h4><ul>${list.map(
          (r) =>
            html`<li><a href="/team/requests/${r.id}">Request ${r.number}</a>: ${r.name} <span class="muted">(${how(r.fulfilment)})</span></li>`,
        )}</ul>`
      : '';
  const to = addDays(from, LIST_DAYS - 1);
  const pager = html`<nav class="pager" aria-label="Two weeks at a time"><a class="button quiet" href="${pageOf(addDays(from, -LIST_DAYS))}">Earlier</a>
<a class="button quiet" href="${pageOf(addDays(from, LIST_DAYS))}">Later</a></nav>`;
  return html`<section class="phone-only" aria-labelledby="list-title"><h2 id="list-title">${from === today ? 'From today' : `From ${day(from)}`} to ${day(to)}</h2>
${
  days.length === 0
    ? html`<p role="status">Nothing goes out or comes back in these two weeks.</p>`
    : html`<ol class="days">${days.map(
        (
          d,
        ) => html`<li class="card${d.over.length ? ' over' : ''}"><h3><a href="/team/calendar/day/${d.day}">${day(d.day)}</a></h3>
${d.over.map((o) => html`<p class="flag"><strong>Over-promised:</strong> <a href="/team/calendar/products/${o.productId}">${o.name}</a>, ${o.promised} promised of ${o.stock}</p>`)}
${requests('Going out', d.out)}${requests('Coming back', d.back)}</li>`,
      )}</ol>`
}${pager}</section>`;
}
