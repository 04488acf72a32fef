import type { orders } from '../../db/schema';
import { type Html, html, raw } from './html';
import { csrfField, type PageContext } from './layout';

export interface ChangeFormData {
  order: typeof orders.$inferSelect;
  lines: { id: string; title: string; quantity: number; itemType: string }[];
  /** What can be added: every product for hire, by name. */
  products: { id: string; name: string }[];
  today: string;
  latest: string;
}

/**
 * "Change this request", folded away until opened: its date, pickup or delivery and address, notes,
 * each line's quantity (0 removes it) and an item to add. Saved in one go through the booking module.
 */
export function changeCard(ctx: PageContext, data: ChangeFormData): Html {
  const { order } = data;
  const hireDate = order.startsAt.slice(0, 10);
  const radio = (value: string, label: string) =>
    html`<label class="check"><input type="radio" name="fulfilment" value="${value}"${raw(order.fulfillmentType === value ? ' checked' : '')}> ${label}</label>`;
  return html`<section class="card change" aria-labelledby="change-title"><details><summary><h2 id="change-title">Change this request</h2></summary>
<form method="post" action="/team/requests/${order.id}/change">${csrfField(ctx)}
<div class="field"><label for="change-date">Hire date</label><input id="change-date" name="hireDate" type="date" required value="${hireDate}" min="${data.today}" max="${data.latest}"></div>
<fieldset><legend>Pickup or delivery</legend>${radio('pickup', 'Pickup')}${radio('delivery', 'Delivery')}</fieldset>
<div class="field"><label for="change-address">Delivery address</label><textarea id="change-address" name="deliveryAddress" rows="2" maxlength="500">${order.deliveryAddress ?? ''}</textarea></div>
<table class="counts"><caption>Items (0 removes one)</caption><thead><tr><th scope="col">Item</th><th scope="col">Quantity</th></tr></thead><tbody>${data.lines.map(
    (line) =>
      html`<tr><th scope="row">${line.title}</th><td><input aria-label="${line.title}: quantity" name="qty:${line.id}" type="number" inputmode="numeric" min="0" max="10000" required value="${line.quantity}"></td></tr>`,
  )}</tbody></table>
<div class="pair"><div class="field"><label for="change-add">Add an item</label><select id="change-add" name="addProduct"><option value="">Nothing</option>${data.products.map(
    (p) => html`<option value="${p.id}">${p.name}</option>`,
  )}</select></div>
<div class="field"><label for="change-add-quantity">How many</label><input id="change-add-quantity" name="addQuantity" type="number" inputmode="numeric" min="1" max="10000" value="1"></div></div>
<div class="field"><label for="change-notes">Their notes</label><textarea id="change-notes" name="notes" rows="3" maxlength="2000">${order.notes ?? ''}</textarea></div>
<p class="muted">Saving checks the stock on the new dates; the customer is emailed what changed and the new totals.</p>
<button type="submit">Save changes</button></form></details></section>`;
}
