import { longDate } from '../../src/lib/api-contract/dates';
import type { HoldWindow } from '../../src/lib/api-contract/hold-window';
import type { OrderAction } from './action-tokens';
import {
  deliveryLine,
  escapeHtml,
  footer,
  layout,
  money,
  type OrderEmailView,
  type RenderedEmail,
} from './email-templates';

export interface TeamEmailView {
  order: OrderEmailView;
  customerEmail: string;
  window: HoldWindow;
  /** Per product of the request: what is free in its window once this request holds its share. */
  free: { name: string; free: number; stock: number }[];
  /** Set when the request could not hold its items (needs manual processing). */
  manual: boolean;
  links: Record<OrderAction, string>;
  holdDays: number;
}

const BUTTON =
  'display:inline-block;padding:10px 18px;margin:0 8px 8px 0;border-radius:999px;text-decoration:none;font-weight:bold';

/** To the business: one request, the customer's details, what its dates leave free, and what to do. */
export function renderTeamEmail(view: TeamEmailView): RenderedEmail {
  const { order } = view;
  const date = longDate(order.hireDate);
  const window = `${longDate(view.window.from)} to ${longDate(view.window.to)}`;
  const subject = view.manual
    ? `Order request ${order.orderId} for ${date}: NEEDS MANUAL PROCESSING`
    : `Order request ${order.orderId} for ${date}: confirm or decline`;
  const state = view.manual
    ? `<p style="background:#f6e7d8;padding:12px;border-radius:6px"><strong>Needs manual processing:</strong> it holds no stock. ${escapeHtml(order.problem ?? '')}</p>`
    : `<p>It holds its items from ${escapeHtml(window)} for ${view.holdDays} days unless you confirm it.</p>`;
  const items = order.items
    .map((item) => {
      const variations = item.variations.length ? ` (with ${item.variations.map(escapeHtml).join(', ')})` : '';
      return `<li>${escapeHtml(item.name)}${variations}: ${item.quantity} × ${money(item.priceCents)}</li>`;
    })
    .join('');
  const free = view.free.map((row) => `<li>${escapeHtml(row.name)}: ${row.free} of ${row.stock} free</li>`).join('');
  const html = `<p><strong>${escapeHtml(order.customerName)}</strong> asked to hire for <strong>${escapeHtml(date)}</strong>.</p>
${state}
<p>Email: <a href="mailto:${escapeHtml(view.customerEmail)}">${escapeHtml(view.customerEmail)}</a><br>Phone: ${escapeHtml(order.customerPhone)}<br>${escapeHtml(deliveryLine(order))}</p>
<ul>${items}</ul>
<p>Subtotal ${money(order.subtotalCents)} before GST.</p>
${order.notes ? `<p><strong>Notes:</strong> ${escapeHtml(order.notes)}</p>` : ''}
${order.wantsSignage ? '<p>They asked about signage or decals.</p>' : ''}
<p><strong>Free from ${escapeHtml(window)}</strong> with this request counted:</p><ul>${free}</ul>
<p><a href="${escapeHtml(view.links.confirm)}" style="${BUTTON};background:#2b2927;color:#fffdf9">Confirm</a><a href="${escapeHtml(view.links.decline)}" style="${BUTTON};border:1px solid #2b2927;color:#2b2927">Decline</a><a href="${escapeHtml(view.links.cancel)}" style="${BUTTON};color:#7a5b3a">Cancel</a></p>
<p style="font-size:13px;color:#5f5750">Each link opens a page that shows the request and asks once more; the links work for 30 days.</p>`;
  const text = [
    `${order.customerName} asked to hire for ${date}.`,
    view.manual
      ? `NEEDS MANUAL PROCESSING: it holds no stock. ${order.problem ?? ''}`
      : `It holds its items from ${window} for ${view.holdDays} days unless you confirm it.`,
    '',
    `Email: ${view.customerEmail}`,
    `Phone: ${order.customerPhone}`,
    deliveryLine(order),
    '',
    ...order.items.map((item) => `- ${item.name}: ${item.quantity} x ${money(item.priceCents)}`),
    `Subtotal ${money(order.subtotalCents)} before GST.`,
    ...(order.notes ? [`Notes: ${order.notes}`] : []),
    ...(order.wantsSignage ? ['They asked about signage or decals.'] : []),
    '',
    `Free from ${window} with this request counted:`,
    ...view.free.map((row) => `- ${row.name}: ${row.free} of ${row.stock} free`),
    '',
    `Confirm: ${view.links.confirm}`,
    `Decline: ${view.links.decline}`,
    `Cancel: ${view.links.cancel}`,
  ].join('\n');
  return { subject, html: layout(subject, html), text };
}

/** To the customer when the team confirms or declines (with the team's optional words). */
export function renderDecisionEmail(
  decision: 'confirmed' | 'declined',
  order: { orderId: string; customerName: string; hireDate: string },
  note: string | null,
  shopUrl: string,
): RenderedEmail {
  const date = longDate(order.hireDate);
  const subject =
    decision === 'confirmed'
      ? `Your order request ${order.orderId} for ${date} is confirmed`
      : `About your order request ${order.orderId} for ${date}`;
  const message =
    decision === 'confirmed'
      ? `Good news: your order request ${order.orderId} for ${date} is confirmed. We will be in touch about payment and the pickup or delivery details.`
      : `We are sorry: we cannot take your order request ${order.orderId} for ${date}.`;
  const html = `<p>Hi ${escapeHtml(order.customerName)},</p><p>${escapeHtml(message)}</p>${
    note
      ? `<p style="white-space:pre-wrap;border-left:3px solid #c8a27a;padding-left:12px">${escapeHtml(note)}</p>`
      : ''
  }<p>Questions? Reply to this email or call us.</p>`;
  const text = [
    `Hi ${order.customerName},`,
    '',
    message,
    ...(note ? ['', note] : []),
    '',
    'Questions? Reply to this email or call us.',
    '',
    footer(shopUrl).text,
  ].join('\n');
  return { subject, html: layout(subject, html, shopUrl), text };
}
