import { addDays, type HoldWindow } from '../../../src/lib/api-contract/hold-window';
import type { FreeCount, StillOut } from '../../booking';
import type { orders } from '../../db/schema';
import { day, type Html, html } from './html';
import { csrfField, type PageContext } from './layout';

export interface HandOverData {
  order: typeof orders.$inferSelect;
  window: HoldWindow;
  /** The request's lines per product (from its availability: product id, name, units). */
  lines: FreeCount[];
  stillOut: StillOut | null;
  today: string;
}

/** "Picked up" or "Delivered": the hand-over's name for this request. */
export const handOverVerb = (order: { fulfillmentType: string }) =>
  order.fulfillmentType === 'delivery' ? 'Delivered' : 'Picked up';

const dayField = (id: string, label: string, value: string, max: string) =>
  html`<label for="${id}">${label}</label><input id="${id}" name="day" type="date" value="${value}" max="${max}" required>`;

/** What happened so far: handed over, back, late, and what the last return counted. */
function facts(data: HandOverData, names: Map<string, string>): Html {
  const { order, stillOut } = data;
  const report = order.returnReport;
  const counted = (counts: Record<string, number> | undefined, what: string) =>
    Object.entries(counts ?? {}).map(([id, n]) => html`<li>${n} × ${names.get(id) ?? id} ${what}</li>`);
  const items = [
    order.handedOverOn ? html`<li>${handOverVerb(order)} ${day(order.handedOverOn)}</li>` : '',
    order.returnedOn ? html`<li>Back ${day(order.returnedOn)}</li>` : '',
    ...counted(report?.missing, 'missing'),
    ...counted(report?.damaged, 'back damaged'),
  ].filter(Boolean);
  const flag =
    stillOut?.reason === 'late'
      ? html`<p class="flag" role="status"><strong>Late:</strong> due back ${day(addDays(stillOut.since, -1))} and not recorded back. Its items stay out until they are.</p>`
      : stillOut
        ? html`<p class="flag" role="status"><strong>Pieces missing:</strong> they stay out until a return records them back.</p>`
        : '';
  const photos = report?.photos?.length
    ? html`<ul class="return-photos">${report.photos.map(
        (name, index) =>
          html`<li><a href="/team/requests/${order.id}/return-photos/${name}"><img src="/team/requests/${order.id}/return-photos/${name}" alt="Return photo ${index + 1}" loading="lazy" width="160" height="120"></a></li>`,
      )}</ul>`
    : '';
  return html`${flag}${items.length ? html`<ul>${items}</ul>` : html`<p class="muted">Not ${handOverVerb(order).toLowerCase()} yet: due ${day(data.window.from)}.</p>`}${report?.note ? html`<p class="notes">“${report.note}”</p>` : ''}${photos}`;
}

/** The return form: the day, and per product how many are missing or damaged (none by default). */
function returnForm(ctx: PageContext, data: HandOverData): Html {
  const { order, today } = data;
  const missing = order.returnReport?.missing ?? {};
  const again = order.returnedOn !== null;
  const rows = data.lines.map(
    (line) => html`<tr><th scope="row">${line.name} <span class="muted">(${line.needed})</span></th>
<td><input aria-label="${line.name}: missing" name="missing:${line.productId}" type="number" inputmode="numeric" min="0" max="${line.needed}" value="${again ? (missing[line.productId] ?? 0) : 0}"></td>
<td><input aria-label="${line.name}: damaged" name="damaged:${line.productId}" type="number" inputmode="numeric" min="0" max="${line.needed}" value="0"></td></tr>`,
  );
  return html`<form method="post" action="/team/requests/${order.id}/return" class="return-form" enctype="multipart/form-data">${csrfField(ctx)}
${dayField('return-day', 'Back on', today, today)}
<table class="counts"><caption>${again ? 'Still missing after this return' : 'Anything missing or damaged?'}</caption><thead><tr><th scope="col">Item</th><th scope="col">Missing</th><th scope="col">Damaged</th></tr></thead><tbody>${rows}</tbody></table>
<label for="return-note">Note (what happened, what needs repair)</label><textarea id="return-note" name="note" maxlength="1000" rows="2"></textarea>
<label for="return-photo">Photo (optional, up to 20 MB)</label><input id="return-photo" name="photo" type="file" accept="image/*">
<button type="submit">Returned</button></form>`;
}

/** Hand-over and return of a confirmed request: what happened, and the next action for the team. */
export function handOverCard(ctx: PageContext, data: HandOverData): Html {
  const { order, today } = data;
  if (order.decision !== 'confirmed') return html``;
  const names = new Map(data.lines.map((line) => [line.productId, line.name]));
  const allBack = order.returnedOn !== null && !data.stillOut;
  const viewer = ctx.member?.role === 'viewer';
  const verb = handOverVerb(order);
  const handOver =
    viewer || order.handedOverOn || order.returnedOn
      ? ''
      : html`<form method="post" action="/team/requests/${order.id}/hand-over">${csrfField(ctx)}
${dayField('hand-over-day', `${verb} on`, today, today)}<button type="submit">${verb}</button></form>`;
  const back = viewer || allBack || (!order.handedOverOn && today < data.window.from) ? '' : returnForm(ctx, data);
  return html`<section class="card hand-over" aria-labelledby="hand-over-title"><h2 id="hand-over-title">${verb} and returned</h2>
${facts(data, names)}${handOver}${back}</section>`;
}
