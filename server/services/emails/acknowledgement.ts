import { html } from '../../lib/html';
import { type EmailBrand, footer, layout, type RenderedEmail } from './layout';
import { FOLLOW_UP } from './order-parts';

/** To the visitor when the order could not be stored: a fixed note, nothing the request carried. */
export function renderAcknowledgementEmail(brand: EmailBrand, shopUrl: string | null = null): RenderedEmail {
  const subject = 'We have your order request';
  const message = `Thank you for your order request with ${brand.name}. ${FOLLOW_UP}`;
  const markup = layout(brand, subject, html`<p>Hello,</p><p>${message}</p>`, shopUrl);
  return { subject, html: markup, text: `Hello,\n\n${message}\n\n${footer(brand, shopUrl).text}` };
}
