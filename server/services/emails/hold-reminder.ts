import { longDate } from '../../../src/lib/api-contract/dates';
import type { HoldWindow } from '../../../src/lib/api-contract/hold-window';
import { html } from '../../lib/html';
import type { OrderView } from '../../orders';
import type { OrderAction } from '../action-tokens';
import { layout, type RenderedEmail, whenText } from './layout';
import { actions, requestFacts, windowText } from './team-parts';

/** To the business: a request's hold lapses within a day, or has lapsed; it can still be answered. */
export function renderHoldReminderEmail(
  when: 'lapsing' | 'lapsed',
  view: {
    order: OrderView;
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
