import {
  addressLine,
  type BusinessSettings,
  hoursLines,
  taxIdText,
} from '../../../src/lib/api-contract/business-settings';
import { instantText } from '../../../src/lib/api-contract/dates';
import { type Html, html, joinHtml } from '../../lib/html';

import type { RenderedEmail } from '../../mail/queue';

export type { RenderedEmail };

// The one layout of every email (the customer's and the team's): the business's name above, its
// details below, the body between, written with the `html` tag (every value escaped by construction).

/** Whose emails these are: the business's settings (name, address, phone, hours, footer, GST). */
export type EmailBrand = BusinessSettings;

/**
 * Text typed over several lines, its line breaks as <br>: Outlook for Windows and Samsung Email
 * ignore `white-space: pre-wrap` and ran the lines together.
 */
export const multiline = (text: string): Html => joinHtml(text.split(/\r?\n/), html`<br>`);

/** An instant as the business reads it: 'Wednesday 2 December 2026 at 3:15 pm' (its time zone). */
export const whenText = (iso: string, timeZone: string) => instantText(iso, timeZone, 'long');

/** The layout's colours and faces, for the templates' own rows and notes. */
export const SANS = 'font-family:Helvetica,Arial,sans-serif';
export const MUTED = '#5f5750';
export const RULE = 'border-top:1px solid #e3d5c0';
export const LINK = 'color:#7a5b3a';

/** The business's details under every email: where, how to call, when, and the way back to the shop. */
export function footer(brand: EmailBrand, shopUrl: string | null): { html: Html; text: string } {
  const hours = hoursLines(brand.openingHours).map(([days, time]) => `${days}: ${time}`);
  const address = addressLine(brand);
  const contact = [
    brand.phone
      ? { html: html`<a href="${brand.phoneHref}" style="${LINK}">${brand.phone}</a>`, text: brand.phone }
      : null,
    brand.email
      ? { html: html`<a href="mailto:${brand.email}" style="${LINK}">${brand.email}</a>`, text: brand.email }
      : null,
  ].filter((part) => part !== null);
  const title = [brand.name, brand.emailFooter].filter(Boolean);
  const lines: unknown[] = [
    html`<strong style="color:#2b2927">${brand.name}</strong>${brand.emailFooter ? ` · ${brand.emailFooter}` : ''}`,
    ...(address ? [address] : []),
    ...(brand.taxId ? [taxIdText(brand.taxId)] : []),
    ...(contact.length
      ? [
          joinHtml(
            contact.map((part) => part.html),
            html` · `,
          ),
        ]
      : []),
    ...hours,
    ...(shopUrl ? [html`<a href="${shopUrl}" style="${LINK}">Visit the shop</a>`] : []),
  ];
  const markup = html`<tr><td style="padding:20px 32px 28px;${RULE};${SANS};font-size:13px;line-height:1.6;color:${MUTED}">
${joinHtml(lines, html`<br>\n`)}</td></tr>`;
  const text = [
    '--',
    title.join(' · '),
    ...(address ? [address] : []),
    ...(brand.taxId ? [taxIdText(brand.taxId)] : []),
    ...(contact.length ? [contact.map((part) => part.text).join(' · ')] : []),
    ...hours,
    ...(shopUrl ? [`Visit the shop: ${shopUrl}`] : []),
  ].join('\n');
  return { html: markup, text };
}

/** Every email's page: the business's name above, its details below (`footer`), the body between. */
export function layout(brand: EmailBrand, title: string, body: Html, shopUrl: string | null = null): string {
  return String(html`<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" bgcolor="#f5efe6" style="background:#f5efe6;font-family:Georgia,'Times New Roman',serif;color:#2b2927"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#fffdf9">
<tr><td style="padding:28px 32px 8px;font-size:26px;letter-spacing:1px">${brand.name}</td></tr>
<tr><td style="padding:8px 32px 24px;${SANS};font-size:15px;line-height:1.5">${body}</td></tr>
${footer(brand, shopUrl).html}
</table></td></tr></table></html>`);
}

/** A customer's email: its body inside the layout, and its text part with the business's details under it. */
export function customerEmail(
  brand: EmailBrand,
  shopUrl: string | null,
  subject: string,
  body: { html: Html; text: string[] },
): RenderedEmail {
  return {
    subject,
    html: layout(brand, subject, body.html, shopUrl),
    text: [...body.text, '', footer(brand, shopUrl).text].join('\n'),
  };
}
