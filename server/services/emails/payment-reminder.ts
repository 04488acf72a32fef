import { longDate } from '../../../src/lib/api-contract/dates';
import { formatMoney } from '../../../src/lib/api-contract/money';
import { waysToPayLines } from '../../../src/lib/api-contract/payment-terms-text';
import { html } from '../../lib/html';
import type { Money } from '../../money';
import type { OrderView } from '../../orders';
import { footer, layout, type RenderedEmail } from './layout';

/** Which money reminder: the deposit not paid yet, or the balance (with the bond) coming due. */
export type PaymentReminder = 'deposit' | 'balance';

/**
 * To the customer, through the mail queue: what is still owed of their booking, by when, how to pay,
 * and the link to their booking page (where a card payment and the documents are).
 */
export function renderPaymentReminderEmail(
  when: PaymentReminder,
  view: OrderView,
  money: Money,
  bookingUrl: string,
): RenderedEmail {
  const brand = view.brand;
  const date = longDate(view.hireDate);
  const balanceDue = money.schedule.balance?.due ?? money.schedule.bond.due;
  const subject =
    when === 'deposit'
      ? `Your deposit for request ${view.orderId} (${date}) is still to pay`
      : `The balance for request ${view.orderId} is due ${longDate(balanceDue)}`;
  const lines =
    when === 'deposit'
      ? [
          `Your booking ${view.orderId} for ${date} is confirmed, and the deposit of ${formatMoney(money.depositOwedCents)} books your date. We have not received it yet.`,
          'If you have paid it in the last day or two, thank you: it may still be on its way to us.',
        ]
      : [
          `The rest of your booking ${view.orderId} for ${date} is due by ${longDate(balanceDue)}:`,
          ...(money.depositOwedCents > 0 ? [`the deposit, ${formatMoney(money.depositOwedCents)}`] : []),
          ...(money.balanceOwedCents > 0 ? [`the balance, ${formatMoney(money.balanceOwedCents)}`] : []),
          ...(money.bondOwedCents > 0
            ? [`the bond, ${formatMoney(money.bondOwedCents)}, refunded after the return, less any late fee or damage`]
            : []),
        ];
  const ways = waysToPayLines(brand.payments, `Request ${view.orderId}`);
  const page = `See what is paid and due, pay by card where we take it, and download your invoice: ${bookingUrl}`;
  const phone = brand.phone
    ? `Questions? Call us on ${brand.phone} or reply to this email.`
    : 'Questions? Reply to this email.';
  const [first, ...rest] = lines;
  const body = html`<p>Hi ${view.customerName},</p>
<p>${first ?? ''}</p>
${when === 'balance' ? html`<ul>${rest.map((line) => html`<li>${line}</li>`)}</ul>` : html`<p>${rest.join(' ')}</p>`}
${ways.length ? html`<p>How to pay:</p><ul>${ways.map((line) => html`<li>${line}</li>`)}</ul>` : ''}
<p>See what is paid and due, pay by card where we take it, and download your invoice: <a href="${bookingUrl}" style="color:#7a5b3a">your booking page</a>.</p>
<p>${phone}</p>`;
  const text = [
    `Hi ${view.customerName},`,
    '',
    first ?? '',
    ...(when === 'balance' ? rest.map((line) => `- ${line}`) : rest),
    '',
    ...(ways.length ? ['How to pay:', ...ways.map((line) => `- ${line}`), ''] : []),
    page,
    '',
    phone,
    '',
    footer(brand, view.shopUrl).text,
  ].join('\n');
  return { subject, html: layout(brand, subject, body, view.shopUrl), text };
}
