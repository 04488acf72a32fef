import { longDate } from '../../src/lib/api-contract/dates';
import type { HoldWindow } from '../../src/lib/api-contract/hold-window';
import { billOf, formatMoney, totalsSentence } from '../../src/lib/api-contract/money';
import type { Shortfall, StockShortfall } from '../booking';
import { html } from '../lib/html';
import type { OrderAction } from './action-tokens';
import {
  deliveryLine,
  type EmailBrand,
  footer,
  layout,
  multiline,
  type OrderEmailView,
  type RenderedEmail,
  whenText,
} from './email-templates';

export interface TeamEmailView {
  order: OrderEmailView;
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

const BUTTON = 'display:inline-block;padding:10px 18px;margin:0 8px 8px 0;text-decoration:none;font-weight:bold';
const NOTICE = 'background:#f6e7d8;padding:12px';

const windowText = (window: HoldWindow) => `${longDate(window.from)} to ${longDate(window.to)}`;

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
function actions(links: Record<OrderAction, string>, workspace: string, brand: EmailBrand) {
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
const billOfOrder = (order: OrderEmailView) =>
  billOf(
    order.items.map((item) => ({ unitCents: item.priceCents, quantity: item.quantity })),
    order.brand,
  );

/** Where a customer taken by phone has no email address. */
const NO_EMAIL = 'none (taken by phone)';

function requestFacts(order: OrderEmailView, customerEmail: string | null) {
  const bill = billOfOrder(order);
  const unit = (index: number) => formatMoney(bill.lines[index]?.unitCents ?? 0);
  const totals = totalsSentence(bill, order.brand.gstRate);
  const items = order.items.map((item, index) => {
    const variations = item.variations.length ? ` (with ${item.variations.join(', ')})` : '';
    return html`<li>${item.name}${variations}: ${item.quantity} × ${unit(index)}</li>`;
  });
  const markup = html`<p>Email: ${customerEmail ? html`<a href="mailto:${customerEmail}">${customerEmail}</a>` : NO_EMAIL}<br>Phone: ${order.customerPhone}<br>${deliveryLine(order)}</p>
<ul>${items}</ul>
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
        `- ${item.name}${item.variations.length ? ` (with ${item.variations.join(', ')})` : ''}: ${item.quantity} x ${unit(index)}`,
    ),
    totals,
    ...(order.notes ? [`Notes: ${order.notes}`] : []),
    ...(order.wantsSignage ? ['Signage: they would like signage or decals.'] : []),
  ];
  return { html: markup, text };
}

/** To the business: one request, the customer's details, what its dates leave free, and what to do. */
export function renderTeamEmail(view: TeamEmailView): RenderedEmail {
  const { order } = view;
  const date = longDate(order.hireDate);
  const window = windowText(view.window);
  const subject = view.manual
    ? `Order request ${order.orderId} for ${date}: NEEDS MANUAL PROCESSING`
    : `Order request ${order.orderId} for ${date}: confirm or decline`;
  const held = view.expiresAt
    ? `It holds its items from ${window} until ${whenText(view.expiresAt, order.brand.timeZone)} unless you answer it first.`
    : `It holds its items from ${window}.`;
  const problems = [
    ...(order.problem ? [order.problem] : []),
    ...view.shortfalls.map(shortfallText).filter((line) => !order.problem?.includes(line)),
  ];
  const state = view.manual
    ? html`<p style="${NOTICE}"><strong>Needs manual processing:</strong> it holds no stock.${problems.map((p) => html`<br>${p}`)}</p>`
    : html`<p>${held}</p>`;
  const facts = requestFacts(order, view.customerEmail);
  const free = view.free.map((row) => html`<li>${row.name}: ${row.free} of ${row.stock} free</li>`);
  const links = actions(view.links, `${order.shopUrl}/team/requests/${order.orderId}`, order.brand);
  const body = html`<p><strong>${order.customerName}</strong> asked to hire for <strong>${date}</strong>.</p>
${state}
${facts.html}
<p><strong>Free from ${window}</strong> with this request counted:</p><ul>${free}</ul>
${links.html}`;
  const text = [
    `${order.customerName} asked to hire for ${date}.`,
    view.manual ? `NEEDS MANUAL PROCESSING: it holds no stock.\n${problems.join('\n')}` : held,
    '',
    ...facts.text,
    '',
    `Free from ${window} with this request counted:`,
    ...view.free.map((row) => `- ${row.name}: ${row.free} of ${row.stock} free`),
    '',
    ...links.text,
  ].join('\n');
  return { subject, html: layout(order.brand, subject, body), text };
}

/** To the business: a request's hold lapses within a day, or has lapsed; it can still be answered. */
export function renderHoldReminderEmail(
  when: 'lapsing' | 'lapsed',
  view: {
    order: OrderEmailView;
    customerEmail: string | null;
    window: HoldWindow;
    expiresAt: string;
    links: Record<OrderAction, string>;
  },
): RenderedEmail {
  const { order } = view;
  const date = longDate(order.hireDate);
  const subject =
    when === 'lapsing'
      ? `Order request ${order.orderId} for ${date}: its hold lapses ${whenText(view.expiresAt, order.brand.timeZone)}`
      : `Order request ${order.orderId} for ${date}: its hold has lapsed`;
  const message =
    when === 'lapsing'
      ? `The hold of ${order.customerName}'s request lapses ${whenText(view.expiresAt, order.brand.timeZone)}: after that its items count as free again. Confirm or decline it before then.`
      : `The hold of ${order.customerName}'s request lapsed ${whenText(view.expiresAt, order.brand.timeZone)}: its items count as free again. You can still confirm it (it holds them again if they are still free) or decline it.`;
  const facts = requestFacts(order, view.customerEmail);
  const links = actions(view.links, `${order.shopUrl}/team/requests/${order.orderId}`, order.brand);
  const body = html`<p>${message}</p>
<p>Hire ${windowText(view.window)}.</p>
${facts.html}
${links.html}`;
  const text = [message, '', `Hire ${windowText(view.window)}.`, '', ...facts.text, '', ...links.text].join('\n');
  return { subject, html: layout(view.order.brand, subject, body), text };
}

/** To the customer when the team declines or cancels (with the team's optional words); confirming: booking-confirmed-email.ts. */
export function renderDecisionEmail(
  decision: 'declined' | 'cancelled',
  order: { orderId: string; customerName: string; hireDate: string },
  note: string | null,
  shopUrl: string,
  brand: EmailBrand,
): RenderedEmail {
  const date = longDate(order.hireDate);
  const subject =
    decision === 'cancelled'
      ? `Your booking ${order.orderId} for ${date} is cancelled`
      : `About your order request ${order.orderId} for ${date}`;
  const message =
    decision === 'cancelled'
      ? `Your booking ${order.orderId} for ${date} has been cancelled.`
      : `We are sorry: we cannot take your order request ${order.orderId} for ${date}.`;
  const body = html`<p>Hi ${order.customerName},</p><p>${message}</p>${
    note ? html`<p style="border-left:3px solid #c8a27a;padding-left:12px">${multiline(note)}</p>` : ''
  }<p>Questions? Reply to this email or call us.</p>`;
  const text = [
    `Hi ${order.customerName},`,
    '',
    message,
    ...(note ? ['', note] : []),
    '',
    'Questions? Reply to this email or call us.',
    '',
    footer(brand, shopUrl).text,
  ].join('\n');
  return { subject, html: layout(brand, subject, body, shopUrl), text };
}

/** 'Ghost Chair: 3 promised, new stock 2, Friday 4 December 2026 to Monday 7 December 2026'. */
export function stockShortfallText(short: StockShortfall): string {
  const days = short.from === short.to ? longDate(short.from) : `${longDate(short.from)} to ${longDate(short.to)}`;
  return `${short.name}: ${short.promised} promised, new stock ${short.stock}, ${days}`;
}

/** To the business: an import left some products with less stock than is promised. */
export function renderStockShortfallEmail(shortfalls: StockShortfall[], now: Date, brand: EmailBrand): RenderedEmail {
  const products = new Set(shortfalls.map((s) => s.productId)).size;
  const subject = `Catalogue import: ${products} product${products === 1 ? '' : 's'} now short of what is promised`;
  const intro = `The catalogue import of ${whenText(now.toISOString(), brand.timeZone)} set stock below what requests hold or you have confirmed on these days. Nothing was cancelled: check these bookings and tell the customers affected.`;
  const body = html`<p>${intro}</p><ul>${shortfalls.map((s) => html`<li>${stockShortfallText(s)}</li>`)}</ul>`;
  const text = [intro, '', ...shortfalls.map((s) => `- ${stockShortfallText(s)}`)].join('\n');
  return { subject, html: layout(brand, subject, body), text };
}
