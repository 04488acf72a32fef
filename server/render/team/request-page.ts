import { handOverTimeText } from '../../../src/lib/api-contract/hold-window';
import {
  type BillLine,
  billOf,
  formatMoney,
  gstPercent,
  includesGstText,
  quantityText,
} from '../../../src/lib/api-contract/money';
import { allowedAfter, type OrderAction } from '../../booking';
import { telHref } from '../../lib/phone';
import {
  basisOf,
  chargedLines,
  DELIVERY_QUOTE_NOTE,
  deliveryToQuote,
  type OrderView,
  totalsOfView,
} from '../../orders';
import { mayChangePrices } from '../../services/team/acting-role';
import type { RequestPageData } from '../../services/team/request-page-data';
import { changeCard } from './change-card';
import { handOverCard } from './hand-over-card';
import { day, type Html, html, raw, when } from './html';
import { csrfField, flash, type Notice, type PageContext, teamLayout } from './layout';
import { ownLineRows, ownLinesCard } from './own-lines-card';
import { quoteCard } from './quote-card';
import { moneyCard } from './request-money';
import { stateText } from './request-state';

const EMAIL_KINDS: Record<string, string> = {
  order_confirmation: 'Request received (to the customer)',
  order_team: 'New request (to the team)',
  order_confirmed: 'Confirmed (to the customer)',
  order_declined: 'Declined (to the customer)',
  order_cancelled: 'Cancelled (to the customer)',
  order_changed: 'Changed (to the customer)',
  hold_lapsing: 'Hold lapsing (to the team)',
  hold_lapsed: 'Hold lapsed (to the team)',
  customer_hire_reminder: 'Hire reminder (to the customer)',
  customer_return_reminder: 'Return reminder (to the customer)',
  payment_deposit_reminder: 'Deposit reminder (to the customer)',
  payment_balance_reminder: 'Balance reminder (to the customer)',
  bond_settled: 'Bond settled (to the customer)',
  order_fallback: 'Request by email (to the team)',
  order_acknowledgement: 'Acknowledgement (to the customer)',
  quote_sent: 'Quote (to the customer)',
  quote_reminder: 'Quote reminder (to the customer)',
  quote_accepted: 'Quote accepted (to the team)',
};
const EMAIL_STATES = {
  queued: 'Waiting to send',
  sent: 'Delivered to the mail server',
  recorded: 'Written to the mail folder',
  failed: 'Failed',
} as const;
const EVENTS: Record<string, string> = {
  confirmed: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  refused: 'Confirm refused: it was short',
  lapsed: 'Hold lapsed',
  extended: 'Hold extended',
  extend_refused: 'Extension refused: it was short',
  upgraded: 'Given holds by an upgrade',
  changed: 'Changed',
  entered: 'Taken by the team',
  change_refused: 'Change refused: it was short',
  handed_over: 'Handed over',
  returned: 'Back',
  returned_partly: 'Back, with pieces missing',
  late: 'Late: not back after its return day',
};

const messageField = (id: string) =>
  html`<label for="${id}">Message to the customer (optional)</label><textarea id="${id}" name="note" maxlength="1000" rows="3"></textarea>`;

/** What a read-only member sees where the actions would be. */
const READ_ONLY = html`<p class="muted">Your role is read-only: you can see this request; staff and owners answer it.</p>`;

function actions(ctx: PageContext, data: RequestPageData): Html {
  const { order, state } = data;
  if (ctx.member?.role === 'viewer') {
    return html`<section class="card actions act" aria-labelledby="actions-title"><h2 id="actions-title">Actions</h2>${READ_ONLY}</section>`;
  }
  const base = `/team/requests/${order.id}`;
  const short = 'shortfalls' in state && (state.shortfalls.length > 0 || state.unplaced.length > 0);
  const parts: Html[] = [];
  if (!order.decision) {
    parts.push(
      short
        ? html`<p class="muted">Confirm is not possible while it is short: decline it, or free the stock first.</p>`
        : html`<form method="post" action="${base}/confirm">${csrfField(ctx)}<button type="submit">Confirm request</button></form>`,
      html`<form method="post" action="${base}/extend">${csrfField(ctx)}<label for="days">Hold it longer</label>
<select id="days" name="days"><option value="1">1 more day</option><option value="2">2 more days</option><option value="3" selected>3 more days</option><option value="7">7 more days</option></select>
<button type="submit" class="quiet">Extend hold</button></form>`,
      html`<form method="post" action="${base}/decline">${csrfField(ctx)}${messageField('decline-note')}<button type="submit" class="quiet">Decline request</button></form>`,
    );
  }
  // A booking whose items went out is not cancelled: it is returned.
  if (!order.decision || (order.decision === 'confirmed' && !order.handedOverOn && !order.returnedOn)) {
    parts.push(
      html`<form method="post" action="${base}/cancel">${csrfField(ctx)}${messageField('cancel-note')}${cancelTerms(data)}<button type="submit" class="danger">Cancel request</button></form>`,
    );
  }
  return html`<section class="card actions act" aria-labelledby="actions-title"><h2 id="actions-title">Actions</h2>${parts}
<form method="post" action="${base}/note">${csrfField(ctx)}<label for="private-note">Private note (the team only)</label>
<textarea id="private-note" name="text" maxlength="2000" rows="3" required></textarea><button type="submit" class="quiet">Add note</button></form></section>`;
}

/** What cancelling a confirmed booking today refunds by the terms, and the refund to confirm (dollars). */
function cancelTerms(data: RequestPageData): Html {
  const preview = data.cancelPreview;
  if (!preview) return html``;
  const figure = preview.termsRefundCents === null ? '' : (preview.termsRefundCents / 100).toFixed(2);
  const paid =
    preview.paidCents > 0
      ? `Paid towards the hire: ${formatMoney(preview.paidCents)}${preview.keptDepositCents > 0 ? `, of it the non-refundable deposit ${formatMoney(preview.keptDepositCents)}` : ''}.`
      : 'Nothing is paid towards the hire yet.';
  const bond =
    preview.bondPaidCents > 0 ? ` The bond paid, ${formatMoney(preview.bondPaidCents)}, goes back in full.` : '';
  const how = data.cardsOnline
    ? 'What was paid by card online goes back to the card through Stripe; the rest is listed to pay back by bank.'
    : 'Pay it back by bank: it is listed as owed until you record the refund.';
  return html`<div class="cancel-terms"><p class="muted">${preview.rule}</p><p>${paid}${bond}</p>${
    preview.paidCents > 0
      ? html`<div class="field"><label for="cancel-refund">Refund of the hire (dollars)</label><p class="muted" id="cancel-refund-hint">${preview.termsRefundCents === null ? 'Your choice, 0 up to what was paid.' : 'What the terms refund; change it if you agree otherwise.'} ${how}</p><input id="cancel-refund" name="refund" inputmode="decimal" value="${figure}" required aria-describedby="cancel-refund-hint"></div>`
      : ''
  }</div>`;
}

function timeline(data: RequestPageData, timeZone: string): Html {
  const items = [
    { at: data.order.createdAt, text: html`Requested by ${data.customer.name}` },
    ...data.record.history.map((event) => {
      const detail = event.detail as { note?: string; expiresAt?: string } | null;
      return {
        at: event.at,
        text: html`${EVENTS[event.kind] ?? event.kind}${detail?.expiresAt && event.kind === 'extended' ? html`, until ${when(detail.expiresAt, timeZone)}` : ''} · ${event.by}${detail?.note ? html`<br><span class="notes">“${detail.note}”</span>` : ''}`,
      };
    }),
    ...data.record.notes.map((note) => ({
      at: note.at,
      text: html`Private note · ${note.by ?? 'a former member'}<br><span class="notes">${note.text}</span>`,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return html`<ol class="timeline">${items.map((item) => html`<li><span class="muted">${when(item.at, timeZone)}</span><br>${item.text}</li>`)}</ol>`;
}

const ASKED: Record<OrderAction, { verb: string; button: string; danger?: boolean }> = {
  confirm: { verb: 'Confirm', button: 'Confirm request' },
  decline: { verb: 'Decline', button: 'Decline request' },
  cancel: { verb: 'Cancel', button: 'Cancel request', danger: true },
};

/** The action a team email's link asked for, ready above the request: one tap, or why it cannot be done now. */
function askedAction(ctx: PageContext, data: RequestPageData, action: OrderAction): Html {
  const { order, state } = data;
  const asked = ASKED[action];
  const short = 'shortfalls' in state && (state.shortfalls.length > 0 || state.unplaced.length > 0);
  const body =
    ctx.member?.role === 'viewer'
      ? READ_ONLY
      : !allowedAfter(action, order.decision)
        ? html`<p>Nothing to do: this request was ${order.decision ?? ''} ${when(order.decidedAt, ctx.business.timeZone)}.</p>`
        : action === 'confirm' && short
          ? html`<p>It cannot be confirmed while it is short (see Now): decline it, or free the stock first.</p>`
          : html`<form method="post" action="/team/requests/${order.id}/${action}">${csrfField(ctx)}${action === 'confirm' ? '' : messageField(`asked-${action}-note`)}<button type="submit"${raw(asked.danger ? ' class="danger"' : '')}>${asked.button}</button></form>`;
  return html`<section class="card asked" aria-labelledby="asked-title"><h2 id="asked-title">${asked.verb} from the team email</h2>${body}</section>`;
}

/** A booking promised more than there is (stock cut, pieces late or missing): what to sort out. */
function overPromised({ state, free, order }: RequestPageData): Html {
  if (!['holding', 'confirmed', 'out'].includes(state.kind) || order.returnedOn) return html``;
  const short = free.filter((row) => row.needed > row.free);
  if (short.length === 0) return html``;
  return html`<div class="flag" role="status"><p><strong>Over-promised:</strong> other bookings, pieces still out or in repair, or a stock change leave too few.</p>
<ul>${short.map((row) => html`<li><a href="/team/calendar/products/${row.productId}">${row.name}</a>: needs ${row.needed}, ${row.free} of ${row.stock} free on the busiest day</li>`)}</ul></div>`;
}

/** The delivery fee's line under the items, or what is still to be quoted. */
function deliveryFeeLine(view: OrderView, shown: BillLine | undefined): Html | string {
  if (view.deliveryFee) {
    return html`<li class="fee"><span></span><div><strong>${view.deliveryFee.label}</strong></div><div>${formatMoney(shown?.lineCents ?? view.deliveryFee.cents)}</div></li>`;
  }
  return deliveryToQuote(view)
    ? html`<li class="fee"><span></span><div class="muted">${DELIVERY_QUOTE_NOTE}</div><div></div></li>`
    : '';
}

/** Whether the team may change the request here: held or confirmed, not yet out, and not read-only. */
const changeable = (ctx: PageContext, { state }: RequestPageData) =>
  ctx.member?.role !== 'viewer' && ['holding', 'lapsed', 'not_held', 'confirmed'].includes(state.kind);

/** One request: who, what, when, its totals, what is free, what it is now, what can be done, what happened. */
export function requestPage(ctx: PageContext, data: RequestPageData, message?: Notice, asked?: OrderAction): Html {
  const { view, order, customer, state } = data;
  const { line, short } = stateText(state, ctx.business.timeZone);
  // Lines and totals on the shop's price basis: with GST (adding up to the total) where its prices show it.
  const bill = billOf(chargedLines(view), basisOf(view));
  const totals = totalsOfView(view);
  const window = state.window;
  const time = handOverTimeText(order.handOverFrom, order.handOverTo);
  const out = order.fulfillmentType === 'pickup' ? 'Pickup' : 'Delivery';
  // Lines of the team's own change while the request is open, by a member who may set prices.
  const ownEditable = data.ownLines.open && mayChangePrices(ctx.member?.role ?? null, ctx.business);
  const lines = view.items.map(
    (
      item,
      index,
    ) => html`<li>${item.photoUrl ? html`<img src="${item.photoUrl}" alt="" width="64" height="48" loading="lazy">` : html`<span></span>`}
<div><strong>${item.name}</strong>${item.variations.length ? html`<br><span class="muted">With ${item.variations.join(', ')}</span>` : ''}</div>
<div>${quantityText(item.quantity, bill.lines[index] ?? { unitCents: 0, lineCents: 0 }, { totalShown: bill.includesGst })}${bill.includesGst ? html`<br><span class="muted">${formatMoney(bill.lines[index]?.lineCents ?? 0)}</span>` : ''}</div></li>`,
  );
  const body = html`${message ? flash(message.text, message.tone) : ''}${asked ? askedAction(ctx, data, asked) : ''}
<div class="detail">
<section class="card now"><h2>Now${data.stillOut?.reason === 'late' ? html` <span class="pill warn">Late</span>` : data.stillOut ? html` <span class="pill warn">Pieces missing</span>` : ''}</h2><p>${line}</p>${overPromised(data)}${short.length ? html`<p><strong>Short:</strong></p><ul>${short.map((s) => html`<li>${s}</li>`)}</ul>` : ''}</section>
${actions(ctx, data)}
<div class="stack rest">
${handOverCard(ctx, { order, window, lines: data.free, stillOut: data.stillOut, today: data.today })}
${quoteCard(ctx, data)}
${changeable(ctx, data) ? changeCard(ctx, data.change) : ''}
${ownLinesCard(ctx, order.id, data.ownLines, { editable: ownEditable, basisWords: order.pricesIncludeGst ? 'with GST' : 'before GST' })}
<section class="card"><h2>Customer</h2><dl class="facts">
<dt>Name</dt><dd>${customer.name}</dd>
<dt>Email</dt><dd><a href="mailto:${customer.email}">${customer.email}</a></dd>
<dt>Phone</dt><dd>${customer.phone ? html`<a href="${telHref(customer.phone, ctx.business.country)}">${customer.phone}</a>` : '—'}</dd>
${order.stopsAt.slice(0, 10) > order.startsAt.slice(0, 10) ? html`<dt>Hire dates</dt><dd>${day(order.startsAt)} to ${day(order.stopsAt)}</dd>` : html`<dt>Hire date</dt><dd>${day(order.startsAt)}</dd>`}
<dt>${out}</dt><dd>Out ${day(window.from)}${time ? ` ${time}` : ''}, back ${day(window.to)}${order.deliveryAddress ? html`<br>To ${order.deliveryAddress}` : ''}</dd>
${order.notes ? html`<dt>Their notes</dt><dd class="notes">${order.notes}</dd>` : ''}
${order.wantsSignage ? html`<dt>Signage</dt><dd>They would like signage or decals.</dd>` : ''}
</dl></section>
${data.money ? moneyCard(ctx, order.id, data.money, data.today, data.documents, data.cardsOnline, data.cancelled, data.bond, { payBack: data.payBack, notes: data.cardNotes, hold: data.bondHold }) : ''}
<section class="card" aria-labelledby="items-title"><h2 id="items-title">Items</h2><ul class="lines">${lines}${deliveryFeeLine(view, bill.lines[view.items.length])}${ownLineRows(ctx, view, bill, ownEditable)}</ul>
${
  bill.includesGst
    ? html`<dl class="totals"><dt class="sum">Total</dt><dd class="sum">${formatMoney(totals.totalCents)}</dd></dl><p class="muted">${includesGstText(totals.gstCents)}</p>`
    : html`<dl class="totals"><dt>Subtotal</dt><dd>${formatMoney(totals.subtotalCents)}</dd><dt>GST (${gstPercent(ctx.business.gstRate)})</dt><dd>${formatMoney(totals.gstCents)}</dd><dt class="sum">Total</dt><dd class="sum">${formatMoney(totals.totalCents)}</dd></dl>`
}</section>
<section class="card"><h2>Free ${day(window.from)} to ${day(window.to)}</h2><p class="muted">What other requests leave free on the busiest day, beside what this one asks for.</p>
<ul>${data.free.map((row) => html`<li>${row.name}: needs ${row.needed}, ${row.free} of ${row.stock} free</li>`)}</ul></section>
<section class="card"><h2>Emails</h2>${
    data.record.emails.length
      ? html`<ul class="timeline">${data.record.emails.map(
          (email) => html`<li><strong>${EMAIL_KINDS[email.kind] ?? email.kind}</strong> to ${email.to}<br>
<span class="muted">${when(email.createdAt, ctx.business.timeZone)} · ${EMAIL_STATES[email.status]}${email.sentAt ? html` ${when(email.sentAt, ctx.business.timeZone)}` : ''}${email.status === 'queued' && email.attempts > 0 ? html` (tried ${email.attempts} times: ${email.error ?? ''})` : ''}${email.status === 'failed' ? html`: ${email.error ?? ''}` : ''}</span></li>`,
        )}</ul>`
      : html`<p>No emails.</p>`
  }</section>
<section class="card"><h2>History</h2>${timeline(data, ctx.business.timeZone)}</section>
</div></div>`;
  return teamLayout({ ...ctx, section: 'requests' }, `Request ${order.number}`, body);
}
