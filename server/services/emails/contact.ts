import type { ContactBody } from '../../../src/lib/api-contract';
import { html } from '../../lib/html';
import { type EmailBrand, layout, multiline, type RenderedEmail } from './layout';

/** To the business: a visitor's message from the contact form, with their details to answer it. */
export function renderContactEmail(brand: EmailBrand, message: ContactBody): RenderedEmail {
  const subject = `Website enquiry: ${message.subject}`;
  const markup = layout(
    brand,
    subject,
    html`<p><strong>${message.name}</strong> sent an enquiry.</p>
<p>Email: ${message.email}<br>Phone: ${message.phone}<br>Subject: ${message.subject}</p>
<p>${multiline(message.message)}</p>`,
  );
  const text = `${message.name} sent an enquiry.\nEmail: ${message.email}\nPhone: ${message.phone}\nSubject: ${message.subject}\n\n${message.message}`;
  return { subject, html: markup, text };
}
