import { longDate } from '../../../src/lib/api-contract/dates';
import type { OrderView } from '../../orders';
import { footer, layout, type RenderedEmail } from './layout';
import { orderBody } from './order-parts';

/** To the customer, through the mail queue: the team changed their request; what changed, and the order now. */
export function renderChangeEmail(view: OrderView, changes: string[]): RenderedEmail {
  const subject = `Your order ${view.orderId} for ${longDate(view.hireDate)} has changed`;
  const body = orderBody(view, `We have changed your order ${view.orderId}. What changed:`, changes);
  return {
    subject,
    html: layout(view.brand, subject, body.html, view.shopUrl),
    text: `${body.text}\n\nQuestions? Reply to this email or call us.\n\n${footer(view.brand, view.shopUrl).text}`,
  };
}
