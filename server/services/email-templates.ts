import { type ContactBody, totalsWithGst } from '../../src/lib/api-contract';
import {
  addressLine,
  type BusinessSettings,
  hoursLines,
  taxIdText,
} from '../../src/lib/api-contract/business-settings';
import { instantText, longDate } from '../../src/lib/api-contract/dates';
import type { HoldWindow } from '../../src/lib/api-contract/hold-window';
import { type BillLine, billOf, formatMoney, gstPercent, includesGstText } from '../../src/lib/api-contract/money';
import { paymentSchedule } from '../../src/lib/api-contract/payment-terms';
import { scheduleLines } from '../../src/lib/api-contract/payment-terms-text';
import { type Html, html, joinHtml } from '../lib/html';
import type { RenderedEmail } from '../mail/queue';

export type { RenderedEmail } from '../mail/queue';

/** Whose emails these are: the business's settings (name, address, phone, hours, footer, GST). */
export type EmailBrand = BusinessSettings;

/** What an order email shows, assembled by the server (from its records, or for a fallback from the request). */
export interface OrderEmailView {
  orderId: string;
  customerName: string;
  customerPhone: string;
  hireDate: string;
  fulfilment: 'pickup' | 'delivery';
  /** For a pickup: the day it is picked up and the day it comes back. */
  pickup: HoldWindow | null;
  deliveryAddress: string | null;
  /** The hand-over's agreed time on the first day ('between 9:00 am and 11:00 am'), or null. */
  handOverTime?: string | null;
  notes: string | null;
  wantsSignage: boolean;
  /** `photoUrl` is absolute (the shop's public origin), or null to show none. */
  items: { name: string; quantity: number; priceCents: number; variations: string[]; photoUrl?: string | null }[];
  /** Before GST; the total adds GST to it (spec section 9). */
  subtotalCents: number;
  /** Set when the team must finish the order by hand; shown as a notice. */
  problem: string | null;
  /** The shop's public address, for the link back and the footer. */
  shopUrl: string;
  brand: EmailBrand;
  /** The day the request came (the business's), and its items' categories: the first email's payment schedule. */
  requestedOn?: string;
  categoryKeys?: string[];
}

/**
 * Text typed over several lines, its line breaks as <br>: Outlook for Windows and Samsung Email
 * ignore `white-space: pre-wrap` and ran the lines together.
 */
export const multiline = (text: string): Html => joinHtml(text.split(/\r?\n/), html`<br>`);

/** An instant as the business reads it: 'Wednesday 2 December 2026 at 3:15 pm' (its time zone). */
export const whenText = (iso: string, timeZone: string) => instantText(iso, timeZone, 'long');

const FOLLOW_UP = 'Our team will be in contact shortly to confirm availability and payment.';
const SANS = 'font-family:Helvetica,Arial,sans-serif';
const MUTED = '#5f5750';
const RULE = 'border-top:1px solid #e3d5c0';
const LINK = 'color:#7a5b3a';

/** The business's details under every email: where, how to call, when, and the way back to the shop. */
export function footer(brand: EmailBrand, shopUrl: string | null): { html: Html; text: string } {
  const hours = hoursLines(brand.openingHours).map(([days, time]) => `${days}: ${time}`);
  const address = addressLine(brand);
  const contact = [
    brand.phone
      ? { html: html`<a href="${brand.phoneHref}" style="${LINK}">${brand.phone}</a>`, text: brand.phone }
      : null,
    brand.email
      ? { html: html`<a href="mailto:${brand.email}" style="${LINK}">${brand.email}</a>`, text: brand.email }
      : null,
  ].filter((part) => part !== null);
  const title = [brand.name, brand.emailFooter].filter(Boolean);
  const lines: unknown[] = [
    html`<strong style="color:#2b2927">${brand.name}</strong>${brand.emailFooter ? ` · ${brand.emailFooter}` : ''}`,
    ...(address ? [address] : []),
    ...(brand.taxId ? [taxIdText(brand.taxId)] : []),
    ...(contact.length
      ? [
          joinHtml(
            contact.map((part) => part.html),
            html` · `,
          ),
        ]
      : []),
    ...hours,
    ...(shopUrl ? [html`<a href="${shopUrl}" style="${LINK}">Visit the shop</a>`] : []),
  ];
  const markup = html`<tr><td style="padding:20px 32px 28px;${RULE};${SANS};font-size:13px;line-height:1.6;color:${MUTED}">
${joinHtml(lines, html`<br>\n`)}</td></tr>`;
  const text = [
    '--',
    title.join(' · '),
    ...(address ? [address] : []),
    ...(brand.taxId ? [taxIdText(brand.taxId)] : []),
    ...(contact.length ? [contact.map((part) => part.text).join(' · ')] : []),
    ...hours,
    ...(shopUrl ? [`Visit the shop: ${shopUrl}`] : []),
  ].join('\n');
  return { html: markup, text };
}

/** Every email's page: the business's name above, its details below (`footer`), the body between. */
export function layout(brand: EmailBrand, title: string, body: Html, shopUrl: string | null = null): string {
  return String(html`<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" bgcolor="#f5efe6" style="background:#f5efe6;font-family:Georgia,'Times New Roman',serif;color:#2b2927"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#fffdf9">
<tr><td style="padding:28px 32px 8px;font-size:26px;letter-spacing:1px">${brand.name}</td></tr>
<tr><td style="padding:8px 32px 24px;${SANS};font-size:15px;line-height:1.5">${body}</td></tr>
${footer(brand, shopUrl).html}
</table></td></tr></table></html>`);
}

/** A pickup whose days are not known yet (the request was not stored): the team says them. */
const PICKUP = 'Pickup (Dry Hire): our team will confirm the pickup and return days';

/** 'Pickup (Dry Hire): pick up Friday 4 December 2026, return Monday 7 December 2026', or the delivery address. */
export function deliveryLine(
  order: Pick<OrderEmailView, 'fulfilment' | 'pickup' | 'deliveryAddress' | 'handOverTime'>,
): string {
  const time = order.handOverTime ? ` ${order.handOverTime}` : '';
  if (order.fulfilment === 'delivery') return `Delivery to ${order.deliveryAddress ?? ''}${time ? `,${time}` : ''}`;
  if (!order.pickup) return PICKUP;
  return `Pickup (Dry Hire): pick up ${longDate(order.pickup.from)}${time}, return ${longDate(order.pickup.to)}`;
}

function itemRow(item: OrderEmailView['items'][number], shown: BillLine): Html {
  const variations = item.variations.join(', ');
  const photo = item.photoUrl
    ? // Only a width: the photo keeps its own aspect ratio in every mail program (object-fit is not
      // one that mail programs honour, and a fixed height squashed a 4:3 photo into a square).
      html`<img src="${item.photoUrl}" alt="" width="80" style="display:block;width:80px;height:auto;border:0">`
    : '';
  const small = `font-size:13px;color:${MUTED}`;
  return html`<tr><td width="92" valign="top" style="padding:10px 12px 10px 0;${RULE}">${photo}</td>
<td valign="top" style="padding:10px 0;${RULE}"><strong>${item.name}</strong>${variations ? html`<br><span style="${small}">With ${variations}</span>` : ''}<br><span style="${small}">${item.quantity} × ${formatMoney(shown.unitCents)}</span></td>
<td valign="top" align="right" style="padding:10px 0;${RULE}">${formatMoney(shown.lineCents)}</td></tr>`;
}

/** A totals row: the first under a rule, the grand total under a rule, larger and in bold. */
function totalRow(label: string, cents: number, kind: 'first' | 'plain' | 'grand'): Html {
  const style =
    kind === 'plain' ? 'padding:4px 0' : `padding:10px 0 4px;${RULE}${kind === 'grand' ? ';font-size:17px' : ''}`;
  const [name, amount] =
    kind === 'grand'
      ? [html`<strong>${label}</strong>`, html`<strong>${formatMoney(cents)}</strong>`]
      : [label, formatMoney(cents)];
  return html`<tr><td colspan="2" style="${style}">${name}</td><td align="right" style="${style}">${amount}</td></tr>`;
}

/** An order's email body: the greeting, `intro` (and a list under it), the order's facts, lines and totals. */
export function orderBody(order: OrderEmailView, intro: string, list: string[] = []): { html: Html; text: string } {
  // The lines on the shop's price basis (with GST where its prices show it), adding up to the total.
  const bill = billOf(
    order.items.map((item) => ({ unitCents: item.priceCents, quantity: item.quantity })),
    order.brand,
  );
  const totals = totalsWithGst(order.subtotalCents, order.brand.gstRate);
  const gstLabel = `GST (${gstPercent(order.brand.gstRate)})`;
  const shownOf = (index: number): BillLine => bill.lines[index] ?? { unitCents: 0, lineCents: 0 };
  const date = longDate(order.hireDate);
  const caption = `font-size:12px;letter-spacing:1px;text-transform:uppercase;color:${MUTED}`;
  const markup = html`<p>Hi ${order.customerName},</p>
<p>${intro}</p>${list.length ? html`<ul>${list.map((item) => html`<li>${item}</li>`)}</ul>` : ''}${order.problem ? html`<p style="background:#f6e7d8;padding:12px">${order.problem}</p>` : ''}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:16px 0;background:#f7f2ea"><tr><td valign="top" style="padding:14px 16px">
<span style="${caption}">Order&nbsp;request</span><br><strong style="font-size:17px">${order.orderId}</strong></td>
<td valign="top" style="padding:14px 16px"><span style="${caption}">Hire date</span><br><strong style="font-size:17px">${date}</strong></td></tr>
<tr><td colspan="2" style="padding:0 16px 14px">${deliveryLine(order)}</td></tr></table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse">${order.items.map((item, index) => itemRow(item, shownOf(index)))}
${
  bill.includesGst
    ? html`${totalRow('Total', totals.totalCents, 'grand')}
<tr><td colspan="3" align="right" style="padding:4px 0;color:${MUTED};font-size:13px">${includesGstText(totals.gstCents)}</td></tr>`
    : html`${totalRow('Subtotal', totals.subtotalCents, 'first')}
${totalRow(gstLabel, totals.gstCents, 'plain')}
${totalRow('Total (incl. GST)', totals.totalCents, 'grand')}`
}</table>
${order.notes ? html`<p><strong>Notes:</strong><br>${multiline(order.notes)}</p>` : ''}
${order.wantsSignage ? html`<p>You asked about signage or decals: our team will contact you.</p>` : ''}
<p style="color:${MUTED};font-size:13px">Phone on the request: ${order.customerPhone}</p>`;
  const text = [
    `Hi ${order.customerName},`,
    '',
    intro,
    ...list.map((item) => `- ${item}`),
    ...(order.problem ? ['', order.problem] : []),
    '',
    `Order request: ${order.orderId}`,
    `Hire date: ${date}`,
    deliveryLine(order),
    '',
    ...order.items.map((item, index) => {
      const variations = item.variations.join(', ');
      const shown = shownOf(index);
      return `- ${item.name}${variations ? ` (with ${variations})` : ''}: ${item.quantity} x ${formatMoney(shown.unitCents)} = ${formatMoney(shown.lineCents)}`;
    }),
    '',
    ...(bill.includesGst
      ? [`Total: ${formatMoney(totals.totalCents)}`, `${includesGstText(totals.gstCents)}.`]
      : [
          `Subtotal: ${formatMoney(totals.subtotalCents)}`,
          `${gstLabel}: ${formatMoney(totals.gstCents)}`,
          `Total (incl. GST): ${formatMoney(totals.totalCents)}`,
        ]),
    ...(order.notes ? ['', `Notes: ${order.notes}`] : []),
    ...(order.wantsSignage ? ['You asked about signage or decals: our team will contact you.'] : []),
    `Phone on the request: ${order.customerPhone}`,
  ].join('\n');
  return { html: markup, text };
}

/** What the terms will ask once the request is confirmed: the deposit, the balance and its day, the bond. */
function scheduleSection(order: OrderEmailView): { html: Html | string; text: string } {
  if (!order.requestedOn || order.problem) return { html: '', text: '' };
  const terms = order.brand.payments;
  const schedule = paymentSchedule(
    {
      totalCents: totalsWithGst(order.subtotalCents, order.brand.gstRate).totalCents,
      hireDate: order.hireDate,
      today: order.requestedOn,
      categoryKeys: order.categoryKeys ?? [],
    },
    terms,
  );
  const lines = scheduleLines(schedule, terms);
  const lead = 'Nothing is due until we confirm your request. Then, by our terms:';
  return {
    html: html`<h2 style="font-size:17px;margin:24px 0 8px">What you pay and when</h2>
<p>${lead}</p><ul>${lines.map((line) => html`<li>${line}</li>`)}</ul>`,
    text: ['', '', 'What you pay and when', lead, ...lines.map((line) => `- ${line}`)].join('\n'),
  };
}

/** The customer's confirmation of a stored order. */
export function renderOrderEmail(order: OrderEmailView): RenderedEmail {
  const subject = order.problem
    ? `We have your order request ${order.orderId}: our team will follow up`
    : `Your order request ${order.orderId} is received`;
  const body = orderBody(order, `Thank you for your order request. ${FOLLOW_UP}`);
  const schedule = scheduleSection(order);
  return {
    subject,
    html: layout(order.brand, subject, html`${body.html}${schedule.html}`, order.shopUrl),
    text: `${body.text}${schedule.text}\n\n${footer(order.brand, order.shopUrl).text}`,
  };
}

/** To the business: an order request the server could not store, everything the visitor sent. */
export function renderFallbackEmail(order: OrderEmailView, customerEmail: string): RenderedEmail {
  const subject = `Order request to enter by hand (not stored): ${customerEmail}`;
  const intro = `This order request could not be stored. Customer email: ${customerEmail}. Prices and items are as the visitor's browser sent them: check them against the catalogue.`;
  const body = orderBody(order, intro);
  return { subject, html: layout(order.brand, subject, body.html), text: body.text };
}

/** To the visitor when the order could not be stored: a fixed note, nothing the request carried. */
export function renderAcknowledgementEmail(brand: EmailBrand, shopUrl: string | null = null): RenderedEmail {
  const subject = 'We have your order request';
  const message = `Thank you for your order request with ${brand.name}. ${FOLLOW_UP}`;
  const markup = layout(brand, subject, html`<p>Hello,</p><p>${message}</p>`, shopUrl);
  return { subject, html: markup, text: `Hello,\n\n${message}\n\n${footer(brand, shopUrl).text}` };
}

export function renderContactEmail(brand: EmailBrand, message: ContactBody): RenderedEmail {
  const subject = `Website enquiry: ${message.subject}`;
  const markup = layout(
    brand,
    subject,
    html`<p><strong>${message.name}</strong> sent an enquiry.</p>
<p>Email: ${message.email}<br>Phone: ${message.phone}<br>Subject: ${message.subject}</p>
<p>${multiline(message.message)}</p>`,
  );
  const text = `${message.name} sent an enquiry.\nEmail: ${message.email}\nPhone: ${message.phone}\nSubject: ${message.subject}\n\n${message.message}`;
  return { subject, html: markup, text };
}
