import { longDate } from '../../../src/lib/api-contract/dates';
import { paymentSchedule } from '../../../src/lib/api-contract/payment-terms';
import { scheduleLines, waysToPayLines } from '../../../src/lib/api-contract/payment-terms-text';
import { html } from '../../lib/html';
import type { RenderedEmail } from '../../mail/queue';
import type { OrderView } from '../../orders';
import { totalsOfView } from '../../orders';
import { customerEmail, multiline } from './layout';
import { orderBody } from './order-parts';

/**
 * To the customer when the team confirms a request: a confirmation worth keeping. The booking's
 * items (with photos), its totals with GST, its pickup and return days or its delivery, what the terms
 * ask now and later (the deposit, the balance and its day, the bond) and how to pay, with the request's
 * number as the reference.
 */
export function renderConfirmedEmail(
  view: OrderView,
  confirmation: { confirmedOn: string; categoryKeys: readonly string[]; note: string | null; bookingUrl: string },
): RenderedEmail {
  const date = longDate(view.hireDate);
  const subject = `Your order request ${view.orderId} for ${date} is confirmed`;
  const terms = view.brand.payments;
  const schedule = paymentSchedule(
    {
      totalCents: totalsOfView(view).totalCents,
      hireDate: view.hireDate,
      today: confirmation.confirmedOn,
      categoryKeys: confirmation.categoryKeys,
    },
    terms,
  );
  const owed = scheduleLines(schedule, terms);
  // A business with no ABN or GST number issues a plain invoice: never called a tax invoice.
  const invoice = view.brand.taxId ? 'tax invoice' : 'invoice';
  const ways = waysToPayLines(terms, `Request ${view.orderId}`);
  const howToPay = ways.length ? ways : ['Reply to this email or call us, and we will tell you how to pay.'];
  const body = orderBody(
    { ...view, problem: null },
    `Good news: your order request ${view.orderId} for ${date} is confirmed. Your date is booked once the deposit is paid.`,
  );
  const list = (lines: string[]) => html`<ul>${lines.map((line) => html`<li>${line}</li>`)}</ul>`;
  const heading = (text: string) => html`<h2 style="font-size:17px;margin:24px 0 8px">${text}</h2>`;
  const markup = html`${body.html}${
    confirmation.note
      ? html`<p style="border-left:3px solid #c8a27a;padding-left:12px">${multiline(confirmation.note)}</p>`
      : ''
  }
${heading('What you pay and when')}${list(owed)}
${heading('How to pay')}${list(howToPay)}
${heading('Your booking page')}<p>See what is paid and due, download your ${invoice} and receipts, and accept our terms: <a href="${confirmation.bookingUrl}" style="color:#7a5b3a">open your booking</a>. Keep this email: the link is yours alone.</p>
<p>Your ${invoice} is attached.</p>
<p>Questions? Reply to this email or call us.</p>`;
  const text = [
    body.text,
    ...(confirmation.note ? ['', confirmation.note] : []),
    '',
    'What you pay and when',
    ...owed.map((line) => `- ${line}`),
    '',
    'How to pay',
    ...howToPay.map((line) => `- ${line}`),
    '',
    'Your booking page',
    `See what is paid and due, download your ${invoice} and receipts, and accept our terms: ${confirmation.bookingUrl}`,
    'Keep this email: the link is yours alone.',
    '',
    `Your ${invoice} is attached.`,
    '',
    'Questions? Reply to this email or call us.',
  ];
  return customerEmail(view.brand, view.shopUrl, subject, { html: markup, text });
}
