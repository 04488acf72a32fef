import { longDate } from '../../../src/lib/api-contract/dates';
import {
  type BillLine,
  billOf,
  formatMoney,
  gstPercent,
  includesGstText,
  quantityText,
} from '../../../src/lib/api-contract/money';
import { type Html, html } from '../../lib/html';
import {
  basisOf,
  chargedLines,
  DELIVERY_QUOTE_NOTE,
  deliveryToQuote,
  type OrderView,
  ownLineIndex,
  ownLineLabel,
  totalsOfView,
} from '../../orders';
import { MUTED, multiline, RULE } from './layout';

/** What every first email promises. */
export const FOLLOW_UP = 'Our team will be in contact shortly to confirm availability and payment.';

/** A pickup whose days are not known yet (the request was not stored): the team says them. */
const PICKUP = 'Pickup (Dry Hire): our team will confirm the pickup and return days';

/** 'Pickup (Dry Hire): pick up Friday 4 December 2026, return Monday 7 December 2026', or the delivery address. */
export function deliveryLine(
  order: Pick<OrderView, 'fulfilment' | 'pickup' | 'deliveryAddress' | 'handOverTime'>,
): string {
  const time = order.handOverTime ? ` ${order.handOverTime}` : '';
  if (order.fulfilment === 'delivery') return `Delivery to ${order.deliveryAddress ?? ''}${time ? `,${time}` : ''}`;
  if (!order.pickup) return PICKUP;
  return `Pickup (Dry Hire): pick up ${longDate(order.pickup.from)}${time}, return ${longDate(order.pickup.to)}`;
}

function itemRow(item: OrderView['items'][number], shown: BillLine): Html {
  const variations = item.variations.join(', ');
  const photo = item.photoUrl
    ? // Only a width: the photo keeps its own aspect ratio in every mail program (object-fit is not
      // one that mail programs honour, and a fixed height squashed a 4:3 photo into a square).
      html`<img src="${item.photoUrl}" alt="" width="80" style="display:block;width:80px;height:auto;border:0">`
    : '';
  const small = `font-size:13px;color:${MUTED}`;
  return html`<tr><td width="92" valign="top" style="padding:10px 12px 10px 0;${RULE}">${photo}</td>
<td valign="top" style="padding:10px 0;${RULE}"><strong>${item.name}</strong>${variations ? html`<br><span style="${small}">With ${variations}</span>` : ''}<br><span style="${small}">${quantityText(item.quantity, shown, { totalShown: true })}</span></td>
<td valign="top" align="right" style="padding:10px 0;${RULE}">${formatMoney(shown.lineCents)}</td></tr>`;
}

const shownOf0 = (line: BillLine | undefined): BillLine => line ?? { unitCents: 0, lineCents: 0 };

/** The delivery fee's row under the items: its words and amount (on the shop's price basis). */
function feeRow(label: string, cents: number): Html {
  return html`<tr><td colspan="2" style="padding:10px 0;${RULE}">${label}</td><td align="right" style="padding:10px 0;${RULE}">${formatMoney(cents)}</td></tr>`;
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
export function orderBody(order: OrderView, intro: string, list: string[] = []): { html: Html; text: string } {
  // The lines on the shop's price basis (with GST where its prices show it), adding up to the total.
  const bill = billOf(chargedLines(order), basisOf(order));
  // The delivery fee, when the request has one, follows the items; the team's own lines follow it.
  const fee = order.deliveryFee
    ? { label: order.deliveryFee.label, shown: shownOf0(bill.lines[order.items.length]) }
    : null;
  const own = (order.ownLines ?? []).map((line, i) => {
    const shown = shownOf0(bill.lines[ownLineIndex(order) + i]);
    const label = ownLineLabel(line);
    return {
      label: line.quantity > 1 ? `${label}, ${quantityText(line.quantity, shown, { totalShown: true })}` : label,
      shown,
    };
  });
  const quote = deliveryToQuote(order);
  const totals = totalsOfView(order);
  const gstLabel = `GST (${gstPercent(order.brand.gstRate)})`;
  const shownOf = (index: number): BillLine => bill.lines[index] ?? { unitCents: 0, lineCents: 0 };
  // A hire of several days says both its days (issue 60).
  const several = Boolean(order.lastDay && order.lastDay > order.hireDate);
  const date = several
    ? `${longDate(order.hireDate)} to ${longDate(order.lastDay ?? order.hireDate)}`
    : longDate(order.hireDate);
  const dateLabel = several ? 'Hire dates' : 'Hire date';
  const caption = `font-size:12px;letter-spacing:1px;text-transform:uppercase;color:${MUTED}`;
  const markup = html`<p>Hi ${order.customerName},</p>
<p>${intro}</p>${list.length ? html`<ul>${list.map((item) => html`<li>${item}</li>`)}</ul>` : ''}${order.problem ? html`<p style="background:#f6e7d8;padding:12px">${order.problem}</p>` : ''}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:16px 0;background:#f7f2ea"><tr><td valign="top" style="padding:14px 16px">
<span style="${caption}">Order&nbsp;request</span><br><strong style="font-size:17px">${order.orderId}</strong></td>
<td valign="top" style="padding:14px 16px"><span style="${caption}">${dateLabel}</span><br><strong style="font-size:17px">${date}</strong></td></tr>
<tr><td colspan="2" style="padding:0 16px 14px">${deliveryLine(order)}</td></tr></table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse">${order.items.map((item, index) => itemRow(item, shownOf(index)))}
${fee ? feeRow(fee.label, fee.shown.lineCents) : ''}${own.map((line) => feeRow(line.label, line.shown.lineCents))}${quote ? html`<tr><td colspan="3" style="padding:10px 0;${RULE};color:${MUTED}">${DELIVERY_QUOTE_NOTE}</td></tr>` : ''}
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
    `${dateLabel}: ${date}`,
    deliveryLine(order),
    '',
    ...order.items.map((item, index) => {
      const variations = item.variations.join(', ');
      const shown = shownOf(index);
      return `- ${item.name}${variations ? ` (with ${variations})` : ''}: ${quantityText(item.quantity, shown, { totalShown: true, times: 'x' })} = ${formatMoney(shown.lineCents)}`;
    }),
    ...(fee ? [`- ${fee.label}: ${formatMoney(fee.shown.lineCents)}`] : []),
    ...own.map((line) => `- ${line.label}: ${formatMoney(line.shown.lineCents)}`),
    ...(quote ? [DELIVERY_QUOTE_NOTE] : []),
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
