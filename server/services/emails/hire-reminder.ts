import { addressLine } from '../../../src/lib/api-contract/business-settings';
import { longDate } from '../../../src/lib/api-contract/dates';
import type { HoldWindow } from '../../../src/lib/api-contract/hold-window';
import { html } from '../../lib/html';
import type { OrderView } from '../../orders';
import { footer, layout, type RenderedEmail } from './layout';

/** Which reminder: before the hire's first day, or before its return day. */
export type HireReminder = 'hire' | 'return';

/** What the customer is told to do, and when: by reminder and by how the hire goes. */
function plan(when: HireReminder, view: OrderView, window: HoldWindow) {
  const brand = view.brand;
  const where = addressLine(brand) || brand.name;
  const delivery = view.fulfilment === 'delivery';
  if (when === 'hire') {
    // The day, and the time agreed for it when there is one.
    const day = `${longDate(window.from)}${view.handOverTime ? ` ${view.handOverTime}` : ''}`;
    return {
      subject: `Your hire ${view.orderId} from ${brand.name} starts ${longDate(window.from)}`,
      lines: delivery
        ? [
            `We deliver your order ${view.orderId} on ${day} to ${view.deliveryAddress ?? 'the address on your request'}.`,
            'Please have someone there to receive it, with a clear way in for the items below.',
          ]
        : [
            `Your order ${view.orderId} is ready to pick up on ${day} from ${where}.`,
            'Bring this email (or your order number) and a vehicle with room for the items below.',
          ],
    };
  }
  const day = longDate(window.to);
  return {
    subject: `Your hire ${view.orderId} from ${brand.name}: ${delivery ? 'we collect' : 'return'} ${day}`,
    lines: delivery
      ? [
          `We collect your order ${view.orderId} on ${day} from ${view.deliveryAddress ?? 'the address on your request'}.`,
          'Please have everything packed as it came, in one place, ready for us.',
        ]
      : [
          `Please bring your order ${view.orderId} back on ${day} to ${where}.`,
          'Everything packed as it came, please: tell us at once if anything is missing or damaged.',
        ],
  };
}

/** To the customer, through the mail queue: their hire starts soon, or its return day is near. */
export function renderHireReminderEmail(when: HireReminder, view: OrderView, window: HoldWindow): RenderedEmail {
  const { subject, lines } = plan(when, view, window);
  const items = view.items.map((item) => {
    const variations = item.variations.length ? ` (${item.variations.join(', ')})` : '';
    return `${item.quantity} × ${item.name}${variations}`;
  });
  const phone = view.brand.phone
    ? `Questions? Call us on ${view.brand.phone} or reply to this email.`
    : 'Questions? Reply to this email.';
  const body = html`<p>Hi ${view.customerName},</p>
${lines.map((line) => html`<p>${line}</p>`)}
<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>
<p>${phone}</p>`;
  const text = [
    `Hi ${view.customerName},`,
    '',
    ...lines,
    '',
    ...items.map((item) => `- ${item}`),
    '',
    phone,
    '',
    footer(view.brand, view.shopUrl).text,
  ].join('\n');
  return { subject, html: layout(view.brand, subject, body, view.shopUrl), text };
}
