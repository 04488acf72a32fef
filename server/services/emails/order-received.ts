import { type PaymentSchedule, paymentSchedule } from '../../../src/lib/api-contract/payment-terms';
import { scheduleLines } from '../../../src/lib/api-contract/payment-terms-text';
import { type Html, html } from '../../lib/html';
import type { OrderView } from '../../orders';
import { totalsOfView } from '../../orders';
import { footer, layout, type RenderedEmail } from './layout';
import { FOLLOW_UP, orderBody } from './order-parts';

/**
 * What the terms will ask of a request once it is confirmed, as the server works it out (its
 * categories' notice included): the email says it, and the order's answer carries it to the success
 * page, so the two never differ.
 */
export function requestSchedule(order: OrderView): PaymentSchedule | null {
  if (!order.requestedOn) return null;
  return paymentSchedule(
    {
      totalCents: totalsOfView(order).totalCents,
      hireDate: order.hireDate,
      today: order.requestedOn,
      categoryKeys: order.categoryKeys ?? [],
    },
    order.brand.payments,
  );
}

/** What the terms will ask once the request is confirmed: the deposit, the balance and its day, the bond. */
function scheduleSection(order: OrderView): { html: Html | string; text: string } {
  const schedule = order.problem ? null : requestSchedule(order);
  if (!schedule) return { html: '', text: '' };
  const terms = order.brand.payments;
  const lines = scheduleLines(schedule, terms);
  const lead = 'Nothing is due until we confirm your request. Then, by our terms:';
  return {
    html: html`<h2 style="font-size:17px;margin:24px 0 8px">What you pay and when</h2>
<p>${lead}</p><ul>${lines.map((line) => html`<li>${line}</li>`)}</ul>`,
    text: ['', '', 'What you pay and when', lead, ...lines.map((line) => `- ${line}`)].join('\n'),
  };
}

/** The customer's confirmation of a stored order. */
export function renderOrderEmail(order: OrderView): RenderedEmail {
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
