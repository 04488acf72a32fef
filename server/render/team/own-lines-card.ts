import type { Bill } from '../../../src/lib/api-contract/money';
import { formatMoney, quantityText } from '../../../src/lib/api-contract/money';
import { OWN_LINE_DESCRIPTION_MAX } from '../../../src/lib/api-contract/own-lines';
import { type OrderView, ownLineIndex, ownLineLabel } from '../../orders';
import type { OwnLinesData } from '../../services/team/request-page-data';
import { type Html, html, raw } from './html';
import { csrfField, type PageContext } from './layout';
import { savedLineText } from './saved-lines-card';

/**
 * Lines of the team's own on a request's page (issue 61): under its items, each with Remove, and a
 * card to add one, typed or picked from the saved ones. A line the form refuses is shown again as
 * typed, with why beside the field.
 */

/** The own lines under the items, on the bill's basis, each with its Remove button where it may change. */
export function ownLineRows(ctx: PageContext, view: OrderView, bill: Bill, editable: boolean): Html {
  const from = ownLineIndex(view);
  return html`${(view.ownLines ?? []).map((line, i) => {
    const shown = bill.lines[from + i] ?? { unitCents: line.unitCents, lineCents: line.unitCents * line.quantity };
    const remove = editable
      ? html`<form method="post" action="/team/requests/${view.orderId}/lines/${line.id}/remove" class="line-remove">${csrfField(ctx)}<button type="submit" class="link" aria-label="Remove ${line.description}">Remove</button></form>`
      : '';
    return html`<li class="fee own"><span></span><div><strong>${ownLineLabel({ ...line, gstFree: false })}</strong>${line.gstFree ? html`<br><span class="muted">GST-free</span>` : ''}${remove}</div>
<div>${line.quantity > 1 ? html`${quantityText(line.quantity, shown, { totalShown: true })}<br><span class="muted">${formatMoney(shown.lineCents)}</span>` : formatMoney(shown.lineCents)}</div></li>`;
  })}`;
}

/** The card to add a line: typed (and kept for later when asked), or one of the saved lines. */
export function ownLinesCard(
  ctx: PageContext,
  orderId: string,
  data: OwnLinesData,
  { editable, basisWords }: { editable: boolean; basisWords: string },
): Html {
  if (!editable) return html``;
  const typed = data.typed;
  const form = typed?.form;
  const problem = typed?.problem;
  const value = (key: 'description' | 'quantity' | 'amount', stored: string) => form?.[key] ?? stored;
  const kind = form?.kind ?? 'charge';
  // A refused field says why beside it, and is the one a screen reader hears as wrong.
  const field = (name: string, id: string) =>
    problem?.field === name
      ? raw(` aria-invalid="true" aria-describedby="${id}-problem${name === 'amount' ? ' own-amount-hint' : ''}"`)
      : raw(name === 'amount' ? ' aria-describedby="own-amount-hint"' : '');
  const says = (name: string, id: string) =>
    problem?.field === name ? html`<p class="field-problem" id="${id}-problem">${problem.message}</p>` : '';
  const radio = (option: string, label: string) =>
    html`<label class="check"><input type="radio" name="kind" value="${option}"${raw(kind === option ? ' checked' : '')}> ${label}</label>`;
  const saved = data.saved.length
    ? html`<form method="post" action="/team/requests/${orderId}/lines/saved" class="saved-lines">${csrfField(ctx)}
<div class="field"><label for="own-saved">A saved line</label><select id="own-saved" name="saved" required>${data.saved.map((line) => html`<option value="${line.id}">${savedLineText(line)}</option>`)}</select></div>
<button type="submit">Add saved line</button></form>`
    : '';
  return html`<section class="card own-lines" aria-labelledby="own-title"><details${raw(typed ? ' open' : '')}><summary><h2 id="own-title">Add a charge or discount</h2></summary>
<p class="muted">Setup labour, travel, a styling fee, a custom build, or a discount of the hire. The customer is emailed the new totals; an invoiced booking gets a credit note and a new tax invoice.</p>
${saved}
<form method="post" action="/team/requests/${orderId}/lines" novalidate>${csrfField(ctx)}
<fieldset><legend>Charge or discount</legend>${radio('charge', 'Charge')}${radio('discount', 'Discount')}</fieldset>
<div class="field"><label for="own-description">Description</label><input id="own-description" name="description" maxlength="${String(OWN_LINE_DESCRIPTION_MAX)}" value="${value('description', '')}"${field('description', 'own-description')}>${says('description', 'own-description')}</div>
<div class="pair"><div class="field"><label for="own-quantity">Quantity</label><input id="own-quantity" name="quantity" inputmode="numeric" maxlength="5" value="${value('quantity', '1')}"${field('quantity', 'own-quantity')}>${says('quantity', 'own-quantity')}</div>
<div class="field"><label for="own-amount">Unit amount ${basisWords} ($), or a percentage</label><input id="own-amount" name="amount" inputmode="decimal" maxlength="14" value="${value('amount', '')}"${field('amount', 'own-amount')}><p class="muted" id="own-amount-hint">Dollars such as 45 or 45.50; for a discount, an amount off or a percentage of the hire such as 10%.</p>${says('amount', 'own-amount')}</div></div>
<label class="check"><input type="checkbox" name="gstFree" value="1"${raw(form?.gstFree ? ' checked' : '')}${field('gstFree', 'own-gst')}> GST-free (no GST on this line)</label>${says('gstFree', 'own-gst')}
<label class="check"><input type="checkbox" name="save" value="1"${raw(form?.save ? ' checked' : '')}> Save it to use on other requests</label>
<button type="submit">Add line</button></form>
${data.saved.length ? html`<p class="muted">Saved lines: ${data.saved.length}. <a href="/team/settings#saved-lines">Remove saved lines in Settings</a>.</p>` : ''}</details></section>`;
}
