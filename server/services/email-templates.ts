import type { ContactBody } from '../../src/lib/api-contract';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** What an order email shows, assembled by the server (from its records, or for a fallback from the request). */
export interface OrderEmailView {
  orderId: string;
  customerName: string;
  customerPhone: string;
  hireDate: string;
  fulfilment: 'pickup' | 'delivery';
  deliveryAddress: string | null;
  notes: string | null;
  wantsSignage: boolean;
  items: { name: string; quantity: number; priceCents: number; variations: string[] }[];
  totalCents: number;
  /** Set when the team must finish the order by hand; shown as a notice. */
  problem: string | null;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const BRAND = 'Tan &amp; Tassel';
const FOLLOW_UP = 'Our team will be in contact shortly to confirm availability and payment.';

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f5efe6;font-family:Georgia,'Times New Roman',serif;color:#2b2927">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#fffdf9;border-radius:8px">
<tr><td style="padding:28px 32px 8px;font-size:26px;letter-spacing:1px">${BRAND}</td></tr>
<tr><td style="padding:8px 32px 32px;font-family:Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5">${body}</td></tr>
</table></td></tr></table></body></html>`;
}

function deliveryLine(order: OrderEmailView): string {
  return order.fulfilment === 'delivery'
    ? `Delivery to ${order.deliveryAddress ?? ''}`
    : 'Pickup (Dry Hire): pick up on the Friday of your hire week and return the following Monday';
}

function orderBody(order: OrderEmailView, intro: string): { html: string; text: string } {
  const itemRows = order.items
    .map((item) => {
      const variations = item.variations.map(escapeHtml).join(', ');
      return `<tr><td style="padding:6px 0">${escapeHtml(item.name)}${variations ? `<br><small style="color:#6b625a">${variations}</small>` : ''}</td>
<td align="center">${item.quantity}</td><td align="right">${money(item.priceCents)}</td></tr>`;
    })
    .join('');
  const notice = order.problem
    ? `<p style="background:#f6e7d8;padding:12px;border-radius:6px">${escapeHtml(order.problem)}</p>`
    : '';
  const html = `<p>Hi ${escapeHtml(order.customerName)},</p>
<p>${escapeHtml(intro)}</p>${notice}
<table role="presentation" width="100%" style="border-collapse:collapse"><tr><th align="left">Item</th><th>Qty</th><th align="right">Price</th></tr>${itemRows}
<tr><td colspan="2" style="padding-top:12px"><strong>Total (incl. GST)</strong></td><td align="right" style="padding-top:12px"><strong>${money(order.totalCents)}</strong></td></tr></table>
<p><strong>Order:</strong> ${escapeHtml(order.orderId)}<br><strong>Hire date:</strong> ${escapeHtml(order.hireDate)}<br><strong>${escapeHtml(deliveryLine(order))}</strong></p>
${order.notes ? `<p><strong>Notes:</strong> ${escapeHtml(order.notes)}</p>` : ''}
${order.wantsSignage ? '<p>You asked about signage or decals: our team will contact you.</p>' : ''}
<p>Phone: ${escapeHtml(order.customerPhone)}</p>`;
  const text = [
    `Hi ${order.customerName},`,
    '',
    intro,
    ...(order.problem ? ['', order.problem] : []),
    '',
    ...order.items.map((item) => {
      const variations = item.variations.join(', ');
      return `- ${item.name} x ${item.quantity}: ${money(item.priceCents)}${variations ? ` (${variations})` : ''}`;
    }),
    '',
    `Total (incl. GST): ${money(order.totalCents)}`,
    `Order: ${order.orderId}`,
    `Hire date: ${order.hireDate}`,
    deliveryLine(order),
    ...(order.notes ? [`Notes: ${order.notes}`] : []),
    ...(order.wantsSignage ? ['You asked about signage or decals: our team will contact you.'] : []),
    `Phone: ${order.customerPhone}`,
  ].join('\n');
  return { html, text };
}

/** The customer's confirmation of a stored order. */
export function renderOrderEmail(order: OrderEmailView): RenderedEmail {
  const subject = order.problem
    ? `We have your order request ${order.orderId}: our team will follow up`
    : `Your order request ${order.orderId} is received`;
  const { html, text } = orderBody(order, `Thank you for your order request. ${FOLLOW_UP}`);
  return { subject, html: layout(subject, html), text };
}

/** To the business: an order request the server could not store, everything the visitor sent. */
export function renderFallbackEmail(order: OrderEmailView, customerEmail: string): RenderedEmail {
  const subject = `Order request to enter by hand (not stored): ${customerEmail}`;
  const intro = `This order request could not be stored. Customer email: ${customerEmail}. Prices and items are as the visitor's browser sent them: check them against the catalogue.`;
  const { html, text } = orderBody(order, intro);
  return { subject, html: layout(subject, html), text };
}

/** To the visitor when the order could not be stored: a fixed note, nothing the request carried. */
export function renderAcknowledgementEmail(): RenderedEmail {
  const subject = 'We have your order request';
  const message = `Thank you for your order request with Tan & Tassel. ${FOLLOW_UP}`;
  const html = layout(subject, `<p>Hello,</p><p>${escapeHtml(message)}</p>`);
  return { subject, html, text: `Hello,\n\n${message}` };
}

export function renderContactEmail(message: ContactBody): RenderedEmail {
  const subject = `Website enquiry: ${message.subject}`;
  const html = layout(
    subject,
    `<p><strong>${escapeHtml(message.name)}</strong> sent an enquiry.</p>
<p>Email: ${escapeHtml(message.email)}<br>Phone: ${escapeHtml(message.phone)}<br>Subject: ${escapeHtml(message.subject)}</p>
<p style="white-space:pre-wrap">${escapeHtml(message.message)}</p>`,
  );
  const text = `${message.name} sent an enquiry.\nEmail: ${message.email}\nPhone: ${message.phone}\nSubject: ${message.subject}\n\n${message.message}`;
  return { subject, html, text };
}
