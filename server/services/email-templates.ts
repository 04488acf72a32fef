import type { ContactBody, EmailBody } from '../../src/lib/api-contract';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

const money = (value: string | number) => `$${Number(value).toFixed(2)}`;

const BRAND = 'Tan &amp; Tassel';

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f5efe6;font-family:Georgia,'Times New Roman',serif;color:#2b2927">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#fffdf9;border-radius:8px">
<tr><td style="padding:28px 32px 8px;font-size:26px;letter-spacing:1px">${BRAND}</td></tr>
<tr><td style="padding:8px 32px 32px;font-family:Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5">${body}</td></tr>
</table></td></tr></table></body></html>`;
}

export function renderOrderEmail(order: EmailBody): RenderedEmail {
  const delivery =
    order.order_fufilment_type === 'delivery'
      ? `Delivery to ${order.order_delivery_address ?? ''}`
      : 'Pickup (Dry Hire): pick up on the Friday of your hire week and return the following Monday';
  const subject = order.hasError
    ? `We have your order request ${order.order_id}: our team will follow up`
    : `Your order request ${order.order_id} is received`;
  const itemRows = order.items
    .map((item) => {
      const variations = item.bundleVariations.map((v) => escapeHtml(v.name)).join(', ');
      return `<tr><td style="padding:6px 0">${escapeHtml(item.name)}${variations ? `<br><small style="color:#6b625a">${variations}</small>` : ''}</td>
<td align="center">${item.quantity}</td><td align="right">${money(item.price)}</td></tr>`;
    })
    .join('');
  const notice = order.hasError
    ? `<p style="background:#f6e7d8;padding:12px;border-radius:6px">${escapeHtml(order.errorMessage ?? 'Our team will finish this order by hand.')}</p>`
    : '';
  const html = layout(
    subject,
    `<p>Hi ${escapeHtml(order.customer_name)},</p>
<p>Thank you for your order request. Our team will be in contact shortly to confirm availability and payment.</p>${notice}
<table role="presentation" width="100%" style="border-collapse:collapse"><tr><th align="left">Item</th><th>Qty</th><th align="right">Price</th></tr>${itemRows}
<tr><td colspan="2" style="padding-top:12px"><strong>Total (incl. GST)</strong></td><td align="right" style="padding-top:12px"><strong>${money(order.order_total)}</strong></td></tr></table>
<p><strong>Order:</strong> ${escapeHtml(order.order_id)}<br><strong>Hire date:</strong> ${escapeHtml(order.order_date)}<br><strong>${escapeHtml(delivery)}</strong></p>
${order.order_notes ? `<p><strong>Notes:</strong> ${escapeHtml(order.order_notes)}</p>` : ''}
${order.wantsSignage ? '<p>You asked about signage or decals: our team will contact you.</p>' : ''}
<p>Phone: ${escapeHtml(order.customer_phone)}</p>`,
  );
  const text = [
    `Hi ${order.customer_name},`,
    '',
    'Thank you for your order request. Our team will be in contact shortly to confirm availability and payment.',
    ...(order.hasError ? ['', order.errorMessage ?? 'Our team will finish this order by hand.'] : []),
    '',
    ...order.items.map((item) => {
      const variations = item.bundleVariations.map((v) => v.name).join(', ');
      return `- ${item.name} x ${item.quantity}: ${money(item.price)}${variations ? ` (${variations})` : ''}`;
    }),
    '',
    `Total (incl. GST): ${money(order.order_total)}`,
    `Order: ${order.order_id}`,
    `Hire date: ${order.order_date}`,
    delivery,
    ...(order.order_notes ? [`Notes: ${order.order_notes}`] : []),
    ...(order.wantsSignage ? ['You asked about signage or decals: our team will contact you.'] : []),
    `Phone: ${order.customer_phone}`,
  ].join('\n');
  return { subject, html, text };
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
