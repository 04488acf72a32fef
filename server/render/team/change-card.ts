import type { ChangeFormData } from '../../services/team/request-page-data';
import { type Html, html, raw } from './html';
import { bundleChoices, handOverTimeFields, pickerOptions } from './item-picker';
import { csrfField, type PageContext } from './layout';

/** A delivery's fee as the form shows it ("45.00"), '' for none. */
const feeDollars = (order: ChangeFormData['order']) =>
  order.fulfillmentType === 'delivery' && order.deliveryFeeInCents != null
    ? (order.deliveryFeeInCents / 100).toFixed(2)
    : '';

/**
 * "Change this request", folded away until opened: its date, pickup or delivery and address, notes,
 * each line's quantity (0 removes it) and an item to add. Saved in one go through the booking module.
 */
export function changeCard(ctx: PageContext, data: ChangeFormData): Html {
  const { order, typed } = data;
  const form = typed?.form;
  const value = (key: string, stored: string) => form?.[key] ?? stored;
  const fulfilment = value('fulfilment', order.fulfillmentType);
  const first = order.startsAt.slice(0, 10);
  const last = (order.stopsAt ?? order.startsAt).slice(0, 10);
  const radio = (option: string, label: string) =>
    html`<label class="check"><input type="radio" name="fulfilment" value="${option}"${raw(fulfilment === option ? ' checked' : '')}> ${label}</label>`;
  return html`<section class="card change" aria-labelledby="change-title"><details${raw(typed ? ' open' : '')}><summary><h2 id="change-title">Change this request</h2></summary>
<form method="post" action="/team/requests/${order.id}/change">${csrfField(ctx)}
<div class="pair"><div class="field"><label for="change-date">Hire date</label><input id="change-date" name="hireDate" type="date" required value="${value('hireDate', first)}" min="${data.today}" max="${data.latest}"></div>
<div class="field"><label for="change-last">Last day of use (optional)</label><input id="change-last" name="lastDay" type="date" value="${value('lastDay', last > first ? last : '')}" min="${data.today}" max="${data.latest}" aria-describedby="change-last-hint"><p class="muted" id="change-last-hint">Left as it is, the hire keeps its length when its date moves. Empty: one event day.</p></div></div>
<fieldset><legend>Pickup or delivery</legend>${radio('pickup', 'Pickup')}${radio('delivery', 'Delivery')}</fieldset>
${handOverTimeFields('change', value('timeFrom', order.handOverFrom ?? ''), value('timeTo', order.handOverTo ?? ''))}
<div class="field"><label for="change-address">Delivery address</label><textarea id="change-address" name="deliveryAddress" rows="2" maxlength="500">${value('deliveryAddress', order.deliveryAddress ?? '')}</textarea></div>
<div class="field"><label for="change-fee">Delivery fee ${order.pricesIncludeGst ? 'with' : 'before'} GST ($)</label><input id="change-fee" name="deliveryFee" inputmode="decimal" maxlength="12" value="${value('deliveryFee', feeDollars(order))}" aria-describedby="change-fee-hint"><p class="muted" id="change-fee-hint">Set by the postcode's zone; write your own, or leave it empty to quote it. A new address in another zone takes that zone's fee.</p></div>
<table class="counts"><caption>Items (0 removes one)</caption><thead><tr><th scope="col">Item</th><th scope="col">Quantity</th></tr></thead><tbody>${data.lines.map(
    (line) =>
      html`<tr><th scope="row">${line.title}</th><td><input aria-label="${line.title}: quantity" name="qty:${line.id}" type="number" inputmode="numeric" min="0" max="10000" required value="${value(`qty:${line.id}`, String(line.quantity))}"></td></tr>`,
  )}</tbody></table>
<div class="pair"><div class="field"><label for="change-add">Add an item</label><select id="change-add" name="addProduct"><option value="">Nothing</option>${pickerOptions(data.picker, form?.addProduct ?? '')}</select></div>
<div class="field"><label for="change-add-quantity">How many</label><input id="change-add-quantity" name="addQuantity" type="number" inputmode="numeric" min="1" max="10000" value="${value('addQuantity', '1')}"></div></div>
${typed?.choose ? bundleChoices('add', typed.choose, form ?? {}) : ''}
<div class="field"><label for="change-notes">Their notes</label><textarea id="change-notes" name="notes" rows="3" maxlength="2000">${value('notes', order.notes ?? '')}</textarea></div>
<p class="muted">Saving checks the stock on the new dates; the customer is emailed what changed and the new totals.</p>
<button type="submit">Save changes</button></form></details></section>`;
}
