import type { PickerBundle, PickerCatalogue } from '../../services/team/item-picks';
import { type Html, html, raw } from './html';
import { bundleChoices, handOverTimeFields, pickerOptions } from './item-picker';
import { csrfField, flash, type PageContext, teamLayout } from './layout';

export interface NewRequestForm {
  name?: string;
  email?: string;
  phone?: string;
  hireDate?: string;
  /** A hire of several days: its last day of use ('' for one day). */
  lastDay?: string;
  fulfilment?: string;
  deliveryAddress?: string;
  timeFrom?: string;
  timeTo?: string;
  notes?: string;
  /** Each row's pick (a product id, or `bundle:<id>`) and how many. */
  lines?: { productId: string; quantity: string }[];
  /** The bundles' choices as typed (`choice:<row>:<bundle item id>`). */
  choices?: Record<string, string>;
  /** A row whose bundle still needs its choices. */
  choose?: { row: number; bundle: PickerBundle };
}

/** How many item rows the form offers (a request needs one; more are added by changing it after). */
export const NEW_REQUEST_ROWS = 4;

/**
 * The team's own request (a phone call, a walk-in): the customer (an email address finds one the shop
 * knows; none is needed), the date, pickup or delivery, notes and up to four items. What was typed
 * comes back with a problem.
 */
export function newRequestPage(
  ctx: PageContext,
  picker: PickerCatalogue,
  limits: { today: string; latest: string },
  form: NewRequestForm = {},
  problem?: string,
): Html {
  const fulfilment = form.fulfilment ?? 'pickup';
  const radio = (value: string, label: string) =>
    html`<label class="check"><input type="radio" name="fulfilment" value="${value}"${raw(fulfilment === value ? ' checked' : '')}> ${label}</label>`;
  const rows = Array.from({ length: NEW_REQUEST_ROWS }, (_, index) => {
    const line = form.lines?.[index];
    const choose = form.choose?.row === index ? form.choose.bundle : undefined;
    return html`<tr><td><select aria-label="Item ${index + 1}" name="product:${index}"><option value="">—</option>${pickerOptions(picker, line?.productId ?? '')}</select></td>
<td><input aria-label="Item ${index + 1}: how many" name="quantity:${index}" type="number" inputmode="numeric" min="1" max="10000" value="${line?.quantity ?? '1'}"></td></tr>${
      choose ? html`<tr><td colspan="2">${bundleChoices(String(index), choose, form.choices ?? {})}</td></tr>` : ''
    }`;
  });
  return teamLayout(
    { ...ctx, section: 'requests' },
    'New request',
    html`${problem ? flash(problem, 'problem') : ''}
<form method="post" action="/team/requests/new" class="stack">${csrfField(ctx)}
<section class="card"><h2>Customer</h2>
<div class="field"><label for="new-name">Name</label><input id="new-name" name="name" required maxlength="200" autocomplete="off" value="${form.name ?? ''}"></div>
<div class="pair"><div class="field"><label for="new-email">Email (optional: one the shop knows finds the customer)</label><input id="new-email" name="email" type="email" maxlength="254" autocomplete="off" value="${form.email ?? ''}"></div>
<div class="field"><label for="new-phone">Phone</label><input id="new-phone" name="phone" type="tel" maxlength="40" autocomplete="off" value="${form.phone ?? ''}"></div></div></section>
<section class="card"><h2>When and how</h2>
<div class="pair"><div class="field"><label for="new-date">Hire date</label><input id="new-date" name="hireDate" type="date" required min="${limits.today}" max="${limits.latest}" value="${form.hireDate ?? ''}"></div>
<div class="field"><label for="new-last">Last day of use (optional)</label><input id="new-last" name="lastDay" type="date" min="${limits.today}" max="${limits.latest}" aria-describedby="new-last-hint" value="${form.lastDay ?? ''}"><p class="muted" id="new-last-hint">For a hire of several days, priced by the Longer hires rule. Empty: one event day.</p></div></div>
<fieldset><legend>Pickup or delivery</legend>${radio('pickup', 'Pickup')}${radio('delivery', 'Delivery')}</fieldset>
${handOverTimeFields('new', form.timeFrom ?? '', form.timeTo ?? '')}
<div class="field"><label for="new-address">Delivery address</label><textarea id="new-address" name="deliveryAddress" rows="2" maxlength="500">${form.deliveryAddress ?? ''}</textarea></div>
<div class="field"><label for="new-notes">Notes</label><textarea id="new-notes" name="notes" rows="3" maxlength="2000">${form.notes ?? ''}</textarea></div></section>
<section class="card"><h2>Items</h2><table class="counts"><thead><tr><th scope="col">Item</th><th scope="col">How many</th></tr></thead><tbody>${rows}</tbody></table>
<p class="muted">A bundle with choices asks for them when you take the request. Held like a shop order when everything is free on its dates; otherwise it waits for you, short. The customer is emailed when there is an address.</p></section>
<button type="submit">Take request</button></form>`,
  );
}
