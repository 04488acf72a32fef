import { longDate } from '../../../src/lib/api-contract/dates';
import type { HoldWindow } from '../../../src/lib/api-contract/hold-window';
import { billOf, formatMoney, quantityText, totalsSentence } from '../../../src/lib/api-contract/money';
import type { Shortfall } from '../../booking';
import { html } from '../../lib/html';
import {
  basisOf,
  chargedLines,
  DELIVERY_QUOTE_NOTE,
  deliveryToQuote,
  type OrderView,
  ownLineIndex,
  ownLineLabel,
} from '../../orders';
import type { OrderAction } from '../action-tokens';
import { type EmailBrand, multiline } from './layout';
import { deliveryLine } from './order-parts';

/** What the team's emails share: the request's facts, what it is short of, and the action links. */

export interface TeamEmailView {
  order: OrderView;
  /** Null for a customer taken by phone with no email address. */
  customerEmail: string | null;
  window: HoldWindow;
  /** Per product of the request: what is free in its window once this request holds its share. */
  free: { name: string; free: number; stock: number }[];
  /** What other requests hold that this one needs (when it could not hold its items). */
  shortfalls: Shortfall[];
  /** Set when the request could not hold its items (needs manual processing). */
  manual: boolean;
  links: Record<OrderAction, string>;
  /** When the hold lapses unless answered. */
  expiresAt: string | null;
}

export const BUTTON = 'display:inline-block;padding:10px 18px;margin:0 8px 8px 0;text-decoration:none;font-weight:bold';
export const NOTICE = 'background:#f6e7d8;padding:12px';

export const windowText = (window: HoldWindow) => `${longDate(window.from)} to ${longDate(window.to)}`;

/** 'Ghost Chair: 4 needed, 1 free on Saturday 5 December 2026 (held by requests 1003, 1007)'. */
export function shortfallText(short: Shortfall): string {
  const days = short.days
    .map((run) =>
      run.from === run.to ? `${run.free} free on ${longDate(run.from)}` : `${run.free} free ${windowText(run)}`,
    )
    .join(', ');
  const holders = short.heldBy.length
    ? ` (held by request${short.heldBy.length === 1 ? '' : 's'} ${short.heldBy.join(', ')})`
    : '';
  return `${short.name}: ${short.needed} needed, ${days}${holders}`;
}

/** The email's action links, and the request's page in the workspace (sign-in needed there, none here). */
export function actions(links: Record<OrderAction, string>, workspace: string, brand: EmailBrand) {
  const how = brand.emailLinksActWithoutSignIn
    ? 'Each link opens a page that shows the request as it stands and asks once more.'
    : 'Each link opens the request in the team workspace with that answer ready: sign in if asked, then one tap.';
  // Spaces between the buttons: a mail program that shows the text of the HTML ran them together
  // ("ConfirmDeclineCancel").
  const markup = html`<p><a href="${links.confirm}" style="${BUTTON};background:#2b2927;color:#fffdf9">Confirm</a> <a href="${links.decline}" style="${BUTTON};border:1px solid #2b2927;color:#2b2927">Decline</a> <a href="${links.cancel}" style="${BUTTON};color:#7a5b3a">Cancel</a></p>
<p style="font-size:13px;color:#5f5750">${how} Confirm and Decline work for 30 days; Cancel until the hire ends.</p>
<p style="font-size:13px;color:#5f5750"><a href="${workspace}" style="color:#7a5b3a">Open it in the team workspace</a>: its history, notes and emails, and every action at any time.</p>`;
  const text = [
    `Confirm: ${links.confirm}`,
    `Decline: ${links.decline}`,
    `Cancel: ${links.cancel}`,
    `Workspace: ${workspace}`,
  ];
  return { html: markup, text };
}

/** The request's lines and totals on the shop's price basis (with GST where its prices show it). */
const billOfOrder = (order: OrderView) => billOf(chargedLines(order), basisOf(order));

/** Where a customer taken by phone has no email address. */
const NO_EMAIL = 'none (taken by phone)';

export function requestFacts(order: OrderView, customerEmail: string | null) {
  const bill = billOfOrder(order);
  const totals = totalsSentence(bill, order.brand.gstRate);
  const items = order.items.map((item, index) => {
    const variations = item.variations.length ? ` (with ${item.variations.join(', ')})` : '';
    return html`<li>${item.name}${variations}: ${quantityText(item.quantity, bill.lines[index] ?? { unitCents: 0, lineCents: 0 }, { totalShown: false })}</li>`;
  });
  // The delivery fee, when the request has one, follows the items; the team's own lines follow it.
  const fee = order.deliveryFee
    ? `${order.deliveryFee.label}: ${formatMoney(bill.lines[order.items.length]?.lineCents ?? order.deliveryFee.cents)}`
    : null;
  const own = (order.ownLines ?? []).map((line, i) => {
    const shown = bill.lines[ownLineIndex(order) + i] ?? { unitCents: 0, lineCents: 0 };
    const amount =
      line.quantity > 1 ? quantityText(line.quantity, shown, { totalShown: false }) : formatMoney(shown.lineCents);
    return `${ownLineLabel(line)}: ${amount}`;
  });
  const markup = html`<p>Email: ${customerEmail ? html`<a href="mailto:${customerEmail}">${customerEmail}</a>` : NO_EMAIL}<br>Phone: ${order.customerPhone}<br>${deliveryLine(order)}</p>
<ul>${items}${fee ? html`<li>${fee}</li>` : ''}${own.map((line) => html`<li>${line}</li>`)}${deliveryToQuote(order) ? html`<li>${DELIVERY_QUOTE_NOTE}</li>` : ''}</ul>
<p>${totals}</p>
${order.notes ? html`<p><strong>Notes:</strong><br>${multiline(order.notes)}</p>` : ''}
${order.wantsSignage ? html`<p><strong>Signage:</strong> they would like signage or decals.</p>` : ''}`;
  const text = [
    `Email: ${customerEmail ?? NO_EMAIL}`,
    `Phone: ${order.customerPhone}`,
    deliveryLine(order),
    '',
    ...order.items.map(
      (item, index) =>
        `- ${item.name}${item.variations.length ? ` (with ${item.variations.join(', ')})` : ''}: ${quantityText(item.quantity, bill.lines[index] ?? { unitCents: 0, lineCents: 0 }, { totalShown: false, times: 'x' })}`,
    ),
    ...(fee ? [`- ${fee}`] : []),
    ...own.map((line) => `- ${line}`),
    ...(deliveryToQuote(order) ? [DELIVERY_QUOTE_NOTE] : []),
    totals,
    ...(order.notes ? [`Notes: ${order.notes}`] : []),
    ...(order.wantsSignage ? ['Signage: they would like signage or decals.'] : []),
  ];
  return { html: markup, text };
}
