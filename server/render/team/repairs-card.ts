import { longDate } from '../../../src/lib/api-contract/dates';
import type { Repair, StockShortfall } from '../../booking';
import type { RepairForm } from '../../services/team/repairs';
import { type Html, html, raw } from './html';
import { csrfField, type PageContext } from './layout';

/** What the repairs card shows after a try: the form as typed with what to put right, or bookings left short. */
export interface RepairTyped {
  form: RepairForm;
  problems: Partial<Record<'quantity' | 'from' | 'to' | 'reason', string>>;
  shortfalls: StockShortfall[];
}

/**
 * A product group's units in repair (issue 62): each repair with its reason, its days and a Back in
 * stock button; and the form that puts pieces in repair (staff and owners). A refused field says why
 * beside it, with what was typed kept; a repair that would leave bookings short names them and asks
 * whether to record it even so.
 */
export function repairsCard(
  ctx: PageContext,
  groupId: string,
  data: { products: { id: string; name: string; stock: number }[]; repairs: (Repair & { name: string })[] },
  today: string,
  typed: RepairTyped | null,
): Html {
  const editable = ctx.member?.role !== 'viewer';
  const action = `/team/items/groups/${groupId}/repairs`;
  const list = data.repairs.length
    ? html`<ul class="entries">${data.repairs.map(
        (repair) =>
          html`<li><strong>${repair.quantity} × ${repair.name}</strong>: ${repair.reason}<br><span class="muted">${
            repair.toDay < repair.fromDay ? 'Back in stock' : `${longDate(repair.fromDay)} to ${longDate(repair.toDay)}`
          }, by ${repair.createdBy}</span>${
            editable
              ? html`<form method="post" action="${action}/${repair.id}/back" class="repair-back">${csrfField(ctx)}<button type="submit" class="quiet">Back in stock</button></form>`
              : ''
          }</li>`,
      )}</ul>`
    : html`<p class="muted">Nothing of it is in repair.</p>`;
  if (!editable) {
    return html`<section class="card" aria-labelledby="repairs-title"><h2 id="repairs-title">In repair</h2>${list}</section>`;
  }
  const form = typed?.form;
  const problems = typed?.problems ?? {};
  const invalid = (name: keyof RepairTyped['problems']) =>
    problems[name] ? raw(` aria-invalid="true" aria-describedby="repair-${name}-problem"`) : '';
  const says = (name: keyof RepairTyped['problems']) =>
    problems[name] ? html`<p class="field-problem" id="repair-${name}-problem">${problems[name]}</p>` : '';
  const chosen = form?.productId ?? data.products[0]?.id ?? '';
  const short = typed?.shortfalls.length
    ? html`<div class="flash problem" role="alert"><p>Not put in repair: it would leave bookings short.</p><ul>${typed.shortfalls.map(
        (s) =>
          html`<li>${s.name}: ${s.promised} promised or in repair ${s.from === s.to ? html`on ${longDate(s.from)}` : html`${longDate(s.from)} to ${longDate(s.to)}`}, stock ${s.stock}</li>`,
      )}</ul><div class="check"><input type="checkbox" id="repair-even-so" name="even_so" value="on"><label for="repair-even-so">Put it in repair even so: I will find other pieces for these bookings</label></div></div>`
    : '';
  return html`<section class="card stack" aria-labelledby="repairs-title"><h2 id="repairs-title">In repair</h2>
${list}
<form method="post" action="${action}" class="stack" novalidate>${csrfField(ctx)}
<h3>Put pieces in repair</h3>
<p class="muted">They are out of the shop and of every booking's count from the day they go in to the day they are expected back.</p>
${
  data.products.length > 1
    ? html`<div class="field"><label for="repair-product">Which</label><select id="repair-product" name="product">${data.products.map(
        (p) =>
          html`<option value="${p.id}"${raw(p.id === chosen ? ' selected' : '')}>${p.name} (stock ${p.stock})</option>`,
      )}</select></div>`
    : html`<input type="hidden" name="product" value="${chosen}">`
}
<div class="pair"><div class="field"><label for="repair-quantity">How many</label><input id="repair-quantity" name="quantity" inputmode="numeric" required value="${form?.quantity ?? '1'}"${invalid('quantity')}>${says('quantity')}</div>
<div class="field"><label for="repair-from">Goes in</label><input id="repair-from" name="from" type="date" required value="${form?.from ?? today}"${invalid('from')}>${says('from')}</div></div>
<div class="field"><label for="repair-to">Expected back</label><input id="repair-to" name="to" type="date" required value="${form?.to ?? ''}"${invalid('to')}>${says('to')}</div>
<div class="field"><label for="repair-reason">What is wrong</label><textarea id="repair-reason" name="reason" rows="2" maxlength="500" required${invalid('reason')}>${form?.reason ?? ''}</textarea>${says('reason')}</div>
${short}
<div><button type="submit" class="quiet">Put in repair</button></div></form></section>`;
}
