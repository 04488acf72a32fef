import { longDate } from '../../../src/lib/api-contract/dates';
import { html } from '../../lib/html';
import type { OrderView } from '../../orders';
import { customerEmail, type RenderedEmail } from './layout';

/**
 * To the customer once the bond is settled after the return: the settlement's lines (the bond, the
 * late fee, what is kept and why, what is refunded) in the words of `bondLines`.
 */
export function renderBondSettledEmail(view: OrderView, returnedOn: string, lines: string[]): RenderedEmail {
  const subject = `Your bond for request ${view.orderId}`;
  const thanks = `Thank you for returning your hire ${view.orderId} on ${longDate(returnedOn)}.`;
  const body = html`<p>Hi ${view.customerName},</p><p>${thanks}</p>${lines.map((line) => html`<p>${line}</p>`)}<p>Questions? Reply to this email.</p>`;
  const text = [`Hi ${view.customerName},`, '', thanks, '', ...lines, '', 'Questions? Reply to this email.'];
  return customerEmail(view.brand, view.shopUrl, subject, { html: body, text });
}
