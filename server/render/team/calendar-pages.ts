import { addDays, handOverTimeText } from '../../../src/lib/api-contract/hold-window';
import { type CalendarHold, OPEN_END } from '../../booking';
import type { OrderView } from '../../orders';
import type { CalendarQuery, CalendarRow, RequestSummary } from '../../services/team/calendar';
import type { ListDay } from '../../services/team/calendar-list';
import { calendarList } from './calendar-list';
import { handOverVerb } from './hand-over-card';
import { day, type Html, html, raw } from './html';
import { csrfField, flash, type Notice, type PageContext, teamLayout } from './layout';

const WEEKDAY = new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', weekday: 'short' });
const MONTH = new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', month: 'long', year: 'numeric' });
const at = (iso: string) => new Date(`${iso}T00:00:00Z`);

const link = (query: CalendarQuery, change: Partial<CalendarQuery>) => {
  const next = { ...query, ...change };
  const params = new URLSearchParams({ view: next.view });
  if (next.day) params.set('day', next.day);
  if (next.category) params.set('category', next.category);
  return `/team/calendar?${params}`;
};

function cell(row: CalendarRow, date: string): Html {
  const out = row.days.get(date);
  if (!out) return html`<td class="free"><span class="visually-hidden">none out</span></td>`;
  const total = out.held + out.confirmed;
  // Over-promised (a stock change, pieces late or missing): it stands out and leads to the bookings.
  if (total > row.stock) {
    return html`<td class="over"><a href="/team/calendar/products/${row.productId}">${total}<span class="of">/${row.stock}</span><span class="held">over by ${total - row.stock}</span></a></td>`;
  }
  return html`<td class="${total >= row.stock ? 'full' : 'some'}">${total}<span class="of">/${row.stock}</span>${
    out.held ? html`<span class="held">${out.held} held</span>` : ''
  }</td>`;
}

/** The calendar: per product, how many are out on each day of a week or month (held and confirmed). */
export function calendarPage(
  ctx: PageContext,
  query: CalendarQuery,
  data: {
    range: { from: string; to: string };
    days: string[];
    rows: CalendarRow[];
    categories: { key: string; name: string }[];
  },
  feed?: { url: string; renewed: boolean },
  list?: { days: ListDay[]; from: string; today: string },
): Html {
  const { range, days, rows } = data;
  const step = query.view === 'week' ? 7 : 0;
  const previous = step ? addDays(range.from, -7) : addDays(range.from, -1);
  const next = step ? addDays(range.from, 7) : addDays(range.to, 1);
  const title = query.view === 'week' ? `Week of ${day(range.from)}` : MONTH.format(at(range.from));
  const option = (key: string, name: string) =>
    html`<option value="${key}"${raw(query.category === key ? ' selected' : '')}>${name}</option>`;
  return teamLayout(
    { ...ctx, section: 'calendar' },
    'Calendar',
    html`<div class="wide-only"><nav aria-label="Calendar views"><ul class="tabs">
<li><a href="${link(query, { view: 'week' })}"${raw(query.view === 'week' ? ' aria-current="page"' : '')}>Week</a></li>
<li><a href="${link(query, { view: 'month' })}"${raw(query.view === 'month' ? ' aria-current="page"' : '')}>Month</a></li>
<li><a href="/team/calendar/day/${query.day ?? range.from}">Day sheet</a></li></ul></nav>
</div><form method="get" action="/team/calendar" class="filters card" aria-label="Choose what the calendar shows">
<input type="hidden" name="view" value="${query.view}">
<div><label for="category">Category</label><select id="category" name="category">${option('', 'Every product')}${data.categories.map((c) => option(c.key, c.name))}</select></div>
<div><label for="cal-day">Showing</label><input id="cal-day" name="day" type="date" value="${query.day ?? list?.today ?? range.from}"></div>
<div><button type="submit">Show</button></div></form>
${list ? calendarList(list.days, list.from, list.today, (d) => link(query, { day: d })) : ''}
<div class="wide-only"><h2>${title}</h2>
<nav class="pager" aria-label="${query.view === 'week' ? 'Weeks' : 'Months'}"><a class="button quiet" href="${link(query, { day: previous })}">Previous ${query.view}</a>
<a class="button quiet" href="${link(query, { day: next })}">Next ${query.view}</a></nav>
<p class="muted">Units out each day (pickup to return), of the stock. “Held”: waiting for an answer; the rest are confirmed.</p>
${
  rows.length === 0
    ? html`<p role="status">Nothing is out ${query.view === 'week' ? 'this week' : 'this month'}${query.category ? ' in this category' : ''}.</p>`
    : html`<div class="scroll" role="region" aria-label="${title}" tabindex="0"><table class="calendar">
<thead><tr><th scope="col">Product</th>${days.map(
        (d) =>
          html`<th scope="col"><a href="/team/calendar/day/${d}">${WEEKDAY.format(at(d))}<br>${Number(d.slice(8))}</a></th>`,
      )}</tr></thead>
<tbody>${rows.map(
        (row) =>
          html`<tr><th scope="row"><a href="/team/calendar/products/${row.productId}">${row.name}</a></th>${days.map((d) => cell(row, d))}</tr>`,
      )}</tbody></table></div>`
}</div>
${feed ? feedSection(ctx, feed) : ''}`,
  );
}

/** The member's own calendar feed: its address to subscribe to, and a way to replace it. */
function feedSection(ctx: PageContext, feed: { url: string; renewed: boolean }): Html {
  return html`<section class="card" aria-labelledby="feed-title"><h2 id="feed-title">Your calendar feed</h2>
${feed.renewed ? flash('A new address: the old one no longer works. Subscribe to this one instead.') : ''}
<p>Subscribe to this address in your phone’s or computer’s calendar (“add calendar from URL”) to see every held and confirmed request there, kept up to date.</p>
<div class="field"><label for="feed-url">Your feed address (keep it to yourself: it shows the bookings without signing in)</label>
<input id="feed-url" type="url" readonly value="${feed.url}" spellcheck="false"></div>
<form method="post" action="/team/calendar/feed">${csrfField(ctx)}<button type="submit" class="quiet">Make a new address (the old one stops)</button></form></section>`;
}

const stateText = (state: string) => (state === 'confirmed' ? 'Confirmed' : 'Held, waiting for an answer');

/** One product's bookings from today on, by date. */
export function productBookingsPage(
  ctx: PageContext,
  data: { product: { name: string; stock: number }; holds: CalendarHold[]; requests: Map<string, RequestSummary> },
): Html {
  return teamLayout(
    { ...ctx, section: 'calendar' },
    data.product.name,
    html`<p>${data.product.stock} in stock. Bookings from today on:</p>
${
  data.holds.length === 0
    ? html`<p role="status">No bookings.</p>`
    : html`<ul class="list">${data.holds.map((hold) => {
        const request = data.requests.get(hold.orderId);
        return html`<li class="card row"><div><h2 class="row-title"><a href="/team/requests/${hold.orderId}">Request ${hold.orderId}: ${request?.name ?? ''}</a></h2>
<p class="muted">${hold.stillOut ? html`${hold.quantity} still out since ${day(hold.from)}${hold.stillOut === 'late' ? ': late' : ': missing'}${hold.to === OPEN_END ? '' : html`, back ${day(hold.to)}`}` : html`${hold.quantity} out ${day(hold.from)} to ${day(hold.to)}`}</p></div><div><span class="pill${hold.state === 'confirmed' ? ' ok' : ''}">${stateText(hold.state)}</span></div></li>`;
      })}</ul>`
}
<p><a href="/team/calendar">Back to the calendar</a></p>`,
  );
}

type SheetEntry = { request: RequestSummary; state: string; lines: { name: string; quantity: number }[] };

/** The one-tap action of a day sheet's entry: hand it over, or record it all back (on the sheet's day). */
function sheetAction(
  ctx: PageContext,
  date: string,
  today: string,
  entry: SheetEntry,
  which: 'hand_over' | 'return' | null,
): Html {
  const { request } = entry;
  if (!which || ctx.member?.role === 'viewer' || request.decision !== 'confirmed' || date > today) return html``;
  const fields = html`${csrfField(ctx)}<input type="hidden" name="day" value="${date}"><input type="hidden" name="back" value="/team/calendar/day/${date}">`;
  if (which === 'hand_over' && !request.handedOverOn && !request.returnedOn) {
    return html`<form method="post" action="/team/requests/${request.id}/hand-over" class="no-print">${fields}<button type="submit">${handOverVerb({ fulfillmentType: request.fulfilment })}<span class="visually-hidden">: request ${request.number}</span></button></form>`;
  }
  if (which === 'return' && !request.returnedOn) {
    return html`<form method="post" action="/team/requests/${request.id}/return" class="no-print">${fields}<button type="submit">Returned<span class="visually-hidden">: request ${request.number}</span></button>
<a href="/team/requests/${request.id}#hand-over-title">Missing or damaged pieces?</a></form>`;
  }
  return html`<p class="muted">${request.returnedOn ? `Back ${day(request.returnedOn)}` : request.handedOverOn ? `${handOverVerb({ fulfillmentType: request.fulfilment })} ${day(request.handedOverOn)}` : ''}</p>`;
}

/** A request's lines on the sheet: as asked (photos, bundle choices) when known, else its holds. */
function sheetLines(entry: SheetEntry, view: OrderView | undefined): Html {
  if (!view) return html`<ul>${entry.lines.map((l) => html`<li>${l.quantity} × ${l.name}</li>`)}</ul>`;
  return html`<ul class="sheet-lines">${view.items.map(
    (item) =>
      html`<li>${item.photoUrl ? html`<img src="${item.photoUrl}" alt="" width="56" height="42" loading="lazy">` : html`<span></span>`}<span><strong>${item.quantity} × ${item.name}</strong>${item.variations.length ? html`<br><span class="muted">With ${item.variations.join(', ')}</span>` : ''}</span></li>`,
  )}</ul>${view.notes ? html`<p class="notes"><strong>Notes:</strong> ${view.notes}</p>` : ''}`;
}

function sheetList(
  entries: SheetEntry[],
  empty: string,
  action: (entry: SheetEntry) => Html = () => html``,
  views: ReadonlyMap<string, OrderView> = new Map(),
  /** The list of what goes out: each with its agreed time. */
  going = false,
): Html {
  if (entries.length === 0) return html`<p>${empty}</p>`;
  return html`<ul class="list">${entries.map(
    (
      e,
    ) => html`<li class="card"><h3><a href="/team/requests/${e.request.id}">Request ${e.request.number}</a>: ${e.request.name}${e.request.phone ? html` · ${e.request.phone}` : ''}</h3>
<p class="muted">${e.request.fulfilment === 'delivery' ? html`Delivery to ${e.request.address ?? ''}` : 'Pickup'}${going ? timeOf(e) : ''} · ${stateText(e.state)}</p>
${sheetLines(e, views.get(e.request.id))}${action(e)}</li>`,
  )}</ul>`;
}

/** The hand-over's agreed time, for the list of what goes out ('' when none is agreed). */
function timeOf(e: SheetEntry): string {
  const time = handOverTimeText(e.request.timeFrom, e.request.timeTo);
  return time ? `, ${time}` : '';
}

/** A printable sheet of one day: what goes out and what comes back. */
export function daySheetPage(
  ctx: PageContext,
  date: string,
  sheet: { out: SheetEntry[]; back: SheetEntry[]; stillOut: SheetEntry[] },
  today: string,
  message?: Notice,
  views: ReadonlyMap<string, OrderView> = new Map(),
): Html {
  return teamLayout(
    { ...ctx, section: 'calendar' },
    `Day sheet: ${day(date)}`,
    html`<nav aria-label="Days" class="pager no-print"><a class="button quiet" href="/team/calendar/day/${addDays(date, -1)}">Previous day</a>
<a class="button quiet" href="/team/calendar/day/${addDays(date, 1)}">Next day</a></nav>
${message ? flash(message.text, message.tone) : ''}
<h2>Going out</h2>${sheetList(sheet.out, 'Nothing goes out.', (e) => sheetAction(ctx, date, today, e, 'hand_over'), views, true)}
<h2>Coming back</h2>${sheetList(sheet.back, 'Nothing comes back.', (e) => sheetAction(ctx, date, today, e, 'return'), views)}
${sheet.stillOut.length ? html`<h2>Still out: late or missing</h2>${sheetList(sheet.stillOut, '', (e) => sheetAction(ctx, date, today, e, 'return'), views)}` : ''}`,
  );
}
