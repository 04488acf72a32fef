import { longDate } from '../../../src/lib/api-contract/dates';
import { formatMoney } from '../../../src/lib/api-contract/money';
import { html } from '../../lib/html';
import type { OrderView } from '../../orders';
import { footer, layout, type RenderedEmail } from './layout';
import { orderBody } from './order-parts';

/** What a quote email says of the quote: its version, how long it stands, what is paid when. */
export interface QuoteFacts {
  version: number;
  validUntil: string;
  url: string;
  schedule: string[];
}

/**
 * To the customer (issue 61): a quote, or a quote sent again after a change, or a reminder that it
 * lapses soon. Every line and the totals, the payments, and the link to the booking page where it is
 * read in full with the terms and accepted.
 */
export function renderQuoteEmail(view: OrderView, quote: QuoteFacts, when: 'sent' | 'reminder'): RenderedEmail {
  const until = longDate(quote.validUntil);
  const subject =
    when === 'reminder'
      ? `Your quote ${view.orderId} is held until ${until}`
      : quote.version > 1
        ? `Your updated quote ${view.orderId} for ${longDate(view.hireDate)}`
        : `Your quote ${view.orderId} for ${longDate(view.hireDate)}`;
  const intro =
    when === 'reminder'
      ? `A reminder: your quote ${view.orderId} and the items in it are held for you until ${until}. Accept it on your booking page to book them.`
      : `${quote.version > 1 ? `Here is your updated quote (version ${quote.version}).` : 'Here is your quote.'} Its items are held for you until ${until}. Read it with our terms and accept it on your booking page.`;
  const body = orderBody(view, intro);
  const schedule = quote.schedule.length
    ? html`<p><strong>What you pay and when, once accepted:</strong></p><ul>${quote.schedule.map((line) => html`<li>${line}</li>`)}</ul>`
    : '';
  const button = html`<p style="margin:24px 0"><a href="${quote.url}" style="display:inline-block;padding:12px 22px;border-radius:999px;background:#2b2927;color:#fffdf9;text-decoration:none;font-weight:600">Read and accept your quote</a></p>`;
  return {
    subject,
    html: layout(view.brand, subject, html`${body.html}${schedule}${button}`, view.shopUrl),
    text: [
      body.text,
      '',
      ...(quote.schedule.length
        ? ['What you pay and when, once accepted:', ...quote.schedule.map((l) => `- ${l}`), '']
        : []),
      `Read and accept your quote: ${quote.url}`,
      '',
      `Questions? Reply to this email or call us.\n\n${footer(view.brand, view.shopUrl).text}`,
    ].join('\n'),
  };
}

/** To the business: the customer accepted a quote. */
export function renderQuoteAcceptedEmail(
  view: OrderView,
  facts: { version: number; name: string; totalCents: number; url: string },
): RenderedEmail {
  const subject = `Quote ${view.orderId} accepted by ${facts.name}`;
  const message = `${facts.name} accepted version ${facts.version} of quote ${view.orderId} (${formatMoney(facts.totalCents)} with GST) for ${longDate(view.hireDate)}. Confirm it in the workspace to book it.`;
  return {
    subject,
    html: layout(view.brand, subject, html`<p>${message}</p><p><a href="${facts.url}">Open the request</a></p>`),
    text: `${message}\n\n${facts.url}`,
  };
}
