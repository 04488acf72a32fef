import { longDate } from '../../../src/lib/api-contract/dates';
import { html } from '../../lib/html';
import { type EmailBrand, footer, layout, multiline, type RenderedEmail } from './layout';

/** To the customer when the team declines or cancels (with the team's optional words); confirming: booking-confirmed.ts. */
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
