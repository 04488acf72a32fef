import { addDays } from '../../../src/lib/api-contract/hold-window';
import { formatMoney, totalsOf } from '../../../src/lib/api-contract/money';
import { REQUEST_STATES, REQUESTS_PAGE, type RequestFilter, type RequestRow } from '../../services/team/requests';
import { day, type Html, html, raw, when } from './html';
import { type PageContext, teamLayout } from './layout';

const query = (filter: RequestFilter, change: Partial<RequestFilter>) => {
  const next = { ...filter, ...change };
  const params = new URLSearchParams();
  if (next.state !== 'open') params.set('state', next.state);
  if (next.q) params.set('q', next.q);
  if (next.from) params.set('from', next.from);
  if (next.to) params.set('to', next.to);
  if (next.page > 1) params.set('page', String(next.page));
  const text = params.toString();
  return `/team/requests${text ? `?${text}` : ''}`;
};

function stateBadge(row: RequestRow, now: Date, timeZone: string) {
  if (row.stillOut?.reason === 'late')
    return html`<span class="pill warn">Late: due back ${day(addDays(row.stillOut.since, -1))}</span>`;
  if (row.stillOut) return html`<span class="pill warn">Pieces missing</span>`;
  if (row.returnedOn) return html`<span class="pill ok">Returned</span>`;
  if (row.handedOverOn)
    return html`<span class="pill ok">${row.fulfilment === 'delivery' ? 'Delivered' : 'Picked up'}</span>`;
  if (row.decision)
    return html`<span class="pill${row.decision === 'confirmed' ? ' ok' : ''}">${row.decision[0]?.toUpperCase()}${row.decision.slice(1)}</span>`;
  if (row.status !== 'reserved') return html`<span class="pill warn">Manual processing</span>`;
  if (!row.holdUntil) return html`<span class="pill warn">Hold lapsed</span>`;
  const soon = new Date(row.holdUntil).getTime() - now.getTime() < 86_400_000;
  return html`<span class="pill${soon ? ' warn' : ''}">Held until ${when(row.holdUntil, timeZone)}</span>`;
}

/** The request list: a tab per state, a search and a hire-date range, 25 to a page. */
export function requestsPage(
  ctx: PageContext,
  filter: RequestFilter,
  result: { rows: RequestRow[]; total: number },
  now: Date,
): Html {
  const tabs = Object.entries(REQUEST_STATES).map(
    ([state, label]) =>
      html`<li><a href="${query(filter, { state: state as RequestFilter['state'], page: 1 })}"${raw(filter.state === state ? ' aria-current="page"' : '')}>${label}</a></li>`,
  );
  const pages = Math.max(1, Math.ceil(result.total / REQUESTS_PAGE));
  const first = (filter.page - 1) * REQUESTS_PAGE + 1;
  const rows = result.rows.map(
    (row) => html`<li class="card row">
<div><h2 class="row-title"><a href="/team/requests/${row.id}">Request ${row.number}: ${row.customerName}</a></h2>
<p class="muted">${day(row.startsAt)} · ${row.fulfilment === 'pickup' ? 'Pickup' : 'Delivery'} · ${formatMoney(totalsOf(row.subtotalInCents, { gstRate: ctx.business.gstRate, pricesIncludeGst: row.pricesIncludeGst }, row.gstFreeInCents).totalCents)} with GST</p>
<p class="muted">${row.customerEmail} · asked ${when(row.createdAt, ctx.business.timeZone)}</p></div>
<div>${stateBadge(row, now, ctx.business.timeZone)}${row.overPromised ? html` <span class="pill warn">Over-promised</span>` : ''}</div></li>`,
  );
  return teamLayout(
    { ...ctx, section: 'requests' },
    'Requests',
    html`${ctx.member?.role === 'viewer' ? '' : html`<p><a class="button" href="/team/requests/new">New request (by phone or in person)</a></p>`}
<nav aria-label="Request states"><ul class="tabs">${tabs}</ul></nav>
<form method="get" action="/team/requests" class="filters card" role="search" aria-label="Find requests">
${filter.state !== 'open' ? html`<input type="hidden" name="state" value="${filter.state}">` : ''}
<div class="wide"><label for="q">Number, name or email</label><input id="q" name="q" type="search" value="${filter.q ?? ''}"></div>
<div><label for="from">Hire date from</label><input id="from" name="from" type="date" value="${filter.from ?? ''}"></div>
<div><label for="to">Hire date to</label><input id="to" name="to" type="date" value="${filter.to ?? ''}"></div>
<div class="wide"><button type="submit">Find</button></div>
</form>
<p role="status">${
      result.total === 0
        ? 'No requests match.'
        : `${REQUEST_STATES[filter.state]}: ${result.total} request${result.total === 1 ? '' : 's'}${pages > 1 ? `, showing ${first} to ${first + result.rows.length - 1}` : ''}`
    }</p>
<ul class="list">${rows}</ul>
${
  pages > 1
    ? html`<nav class="pager" aria-label="Pages">${filter.page > 1 ? html`<a class="button quiet" href="${query(filter, { page: filter.page - 1 })}">Previous</a>` : html`<span></span>`}
<span>Page ${filter.page} of ${pages}</span>
${filter.page < pages ? html`<a class="button quiet" href="${query(filter, { page: filter.page + 1 })}">Next</a>` : html`<span></span>`}</nav>`
    : ''
}`,
  );
}
