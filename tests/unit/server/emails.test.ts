import { doIUseEmail } from 'doiuse-email';
import { describe, expect, it } from 'vitest';
import harbourLane from '../../../examples/harbour-lane/business.json';
import type { RenderedEmail } from '../../../server/mail/queue';
import type { OrderView } from '../../../server/orders';
import demoBusiness from '../../../server/seed/demo-business.json';
import {
  type EmailBrand,
  renderAcknowledgementEmail,
  renderBondSettledEmail,
  renderChangeEmail,
  renderConfirmedEmail,
  renderContactEmail,
  renderDecisionEmail,
  renderFallbackEmail,
  renderHireReminderEmail,
  renderHoldReminderEmail,
  renderOrderEmail,
  renderPaymentReminderEmail,
  renderStockShortfallEmail,
  renderTeamEmail,
  signInEmail,
} from '../../../server/services/emails';
import { parseBusinessFile, settingsOf } from '../../../src/lib/api-contract/business-file';
import { paymentSchedule } from '../../../src/lib/api-contract/payment-terms';

/**
 * Issue 46: every email, rendered for the demo and for a second business, reads well as text, is
 * escaped, and passes an email-compatibility linter built on caniemail's data.
 *
 * The clients: Gmail, Apple Mail and Outlook (Windows, macOS, Outlook.com, iOS, Android). Left out is
 * `outlook.windows-mail`, the Windows 10 Mail app that Microsoft retired at the end of 2024: its only
 * findings were `role="presentation"` on layout tables, which every other client reads (screen
 * readers then skip the table).
 */
const CLIENTS = [
  'gmail.*',
  'apple-mail.*',
  'outlook.windows',
  'outlook.macos',
  'outlook.outlook-com',
  'outlook.ios',
  'outlook.android',
] as const;

const brandOf = (json: unknown): EmailBrand => {
  const { settings } = parseBusinessFile(json);
  if (!settings) throw new Error('the business.json does not parse');
  return settingsOf(settings, '/brand/logo.png', () => null);
};

const NOTES = 'Gate code 4411.\nPlease call on arrival <before 9am> & ask for Sam.';
const LINKS = {
  confirm: 'https://shop.example/team/requests/t-confirm',
  decline: 'https://shop.example/team/requests/t-decline',
  cancel: 'https://shop.example/team/requests/t-cancel',
};
const WINDOW = { from: '2026-12-11', to: '2026-12-14' };
const BOOKING_URL = 'https://shop.example/booking/1042-abcdefghijklmnopqrstuv';

function allEmails(brand: EmailBrand): Record<string, RenderedEmail> {
  const order: OrderView = {
    orderId: '1042',
    customerName: 'Ava <Chen>',
    customerPhone: '0412 345 678',
    hireDate: '2026-12-12',
    fulfilment: 'pickup',
    pickup: WINDOW,
    deliveryAddress: null,
    notes: NOTES,
    wantsSignage: true,
    items: [
      {
        name: 'Tiffany Chair',
        quantity: 60,
        priceCents: 850,
        variations: ['Gold'],
        photoUrl: 'https://x.example/a.jpg',
      },
      { name: 'Trestle Table', quantity: 8, priceCents: 3500, variations: [], photoUrl: null },
    ],
    subtotalCents: 79_000,
    problem: null,
    shopUrl: 'https://shop.example',
    brand,
  };
  const team = {
    order,
    customerEmail: 'ava@example.com',
    window: WINDOW,
    free: [{ name: 'Tiffany Chair - Gold', free: 20, stock: 80 }],
    shortfalls: [],
    manual: false,
    links: LINKS,
    expiresAt: '2026-12-03T01:18:00Z',
    workspace: 'https://shop.example/team/requests/1042',
  };
  const contact = {
    name: 'Ava Chen',
    email: 'ava@example.com',
    phone: '0412 345 678',
    subject: 'Styling',
    message: NOTES,
  };
  const shortfall = {
    productId: 'p',
    name: 'Tiffany Chair',
    from: '2026-12-11',
    to: '2026-12-14',
    promised: 6,
    stock: 4,
  };
  // What the booking owes once confirmed on 20 November, by the business's own terms.
  const totalCents = 86_900;
  const schedule = paymentSchedule(
    { totalCents, hireDate: order.hireDate, today: '2026-11-20', categoryKeys: [] },
    brand.payments,
  );
  const money = {
    totalCents,
    schedule,
    paidCents: 0,
    bondPaidCents: 0,
    bondHeldCents: 0,
    depositOwedCents: schedule.deposit.cents,
    balanceOwedCents: schedule.balance?.cents ?? 0,
    bondOwedCents: schedule.bond.cents,
    overpaidCents: { hire: 0, bond: 0 },
    entries: [],
  };
  return {
    order: renderOrderEmail(order),
    fallback: renderFallbackEmail(order, 'ava@example.com'),
    acknowledgement: renderAcknowledgementEmail(brand, 'https://shop.example'),
    contact: renderContactEmail(brand, contact as Parameters<typeof renderContactEmail>[1]),
    team: renderTeamEmail(team as Parameters<typeof renderTeamEmail>[0]),
    lapsing: renderHoldReminderEmail('lapsing', { ...team, expiresAt: team.expiresAt }),
    confirmed: renderConfirmedEmail(order, {
      confirmedOn: '2026-11-20',
      categoryKeys: [],
      note: NOTES,
      bookingUrl: BOOKING_URL,
    }),
    lapsed: renderHoldReminderEmail('lapsed', { ...team, expiresAt: team.expiresAt }),
    depositReminder: renderPaymentReminderEmail('deposit', order, money, BOOKING_URL),
    balanceReminder: renderPaymentReminderEmail('balance', order, money, BOOKING_URL),
    declined: renderDecisionEmail('declined', order, null, 'https://shop.example', brand),
    bondSettled: renderBondSettledEmail(order, '2026-12-14', [
      'Your bond: $50.00.',
      'Returned on time: no late fee.',
      'Kept for missing or damaged pieces: $20.00. One plate <chipped> & one missing.',
      'We refund $30.00 of your bond, keeping $20.00.',
    ]),
    cancelled: renderDecisionEmail('cancelled', order, NOTES, 'https://shop.example', brand),
    shortfall: renderStockShortfallEmail([shortfall], new Date('2026-12-01T02:00:00Z'), brand),
    signIn: signInEmail(brand, 'sam@example.com', 'https://shop.example/team/sign-in/abc', null),
    hireReminder: renderHireReminderEmail('hire', order, WINDOW),
    changed: renderChangeEmail(order, [
      'Hire date: Saturday 5 December 2026, now Saturday 12 December 2026',
      'Added: 8 × Trestle <Table>',
    ]),
    returnReminder: renderHireReminderEmail(
      'return',
      { ...order, fulfilment: 'delivery', deliveryAddress: '1 Bay St <rear>' },
      WINDOW,
    ),
  };
}

describe.each([
  ['the demo', demoBusiness],
  ['a second business', harbourLane],
])('every email of %s', (_name, json) => {
  const brand = brandOf(json);
  const emails = allEmails(brand);

  it.each(Object.keys(emails))('%s passes the email linter for Gmail, Apple Mail and Outlook', (kind) => {
    const result = doIUseEmail((emails[kind] as RenderedEmail).html, { emailClients: [...CLIENTS] });
    expect(result.success ? [] : result.errors).toEqual([]);
  });

  it.each(Object.keys(emails))('%s is the business’s own, escaped, with a text part', (kind) => {
    const email = emails[kind] as RenderedEmail;
    expect(email.html).toContain(brand.name.replaceAll('&', '&amp;'));
    expect(email.text.length).toBeGreaterThan(40);
    expect(email.html).not.toContain('<before 9am>');
    expect(email.html).not.toContain('Ava <Chen>');
  });

  it("gives the team's links on lines of their own in text, and apart in HTML", () => {
    const { text, html } = emails.team as RenderedEmail;
    for (const [verb, link] of Object.entries(LINKS)) {
      expect(text.split('\n')).toContain(`${verb[0]?.toUpperCase()}${verb.slice(1)}: ${link}`);
    }
    expect(html).toMatch(/>Confirm<\/a>\s+<a /);
    expect(html).toMatch(/>Decline<\/a>\s+<a /);
  });

  it('keeps the line breaks of typed notes in every client (no white-space: pre-wrap)', () => {
    for (const kind of ['order', 'team', 'contact', 'cancelled']) {
      const { html } = emails[kind] as RenderedEmail;
      expect(html).toContain('Gate code 4411.<br>Please call on arrival &lt;before 9am&gt; &amp; ask for Sam.');
      expect(html).not.toContain('pre-wrap');
    }
  });

  it("gives the team the request's total with GST, on the shop's price basis", () => {
    expect((emails.team as RenderedEmail).text).toContain(
      brand.priceDisplay === 'including_gst'
        ? 'Total $869.00. Total includes GST of $79.00.'
        : `Subtotal $790.00, GST (${Math.round(brand.gstRate * 100)}%) $79.00, total $869.00.`,
    );
  });

  it('carries the business number in every footer when the business gives one', () => {
    const email = renderAcknowledgementEmail({ ...brand, taxId: '51 824 753 556' }, 'https://shop.example');
    expect(email.text).toContain('\nABN 51 824 753 556\n');
    expect(email.html).toContain('ABN 51 824 753 556');
    expect((emails.acknowledgement as RenderedEmail).text).not.toContain('ABN');
  });

  it('gives a photo beside its name an empty alt: a screen reader reads the name once', () => {
    expect((emails.order as RenderedEmail).html).toContain('<img src="https://x.example/a.jpg" alt=""');
  });
});

describe('the confirmation worth keeping', () => {
  it('lists the items and totals, what is owed and when, and how to pay with the request as reference', () => {
    const brand = brandOf({
      ...demoBusiness,
      payments: {
        bank_transfer: { account_name: 'Tan & Tassel', bsb: '062-000', account_number: '12345678' },
        card_payments: false,
      },
    });
    const { confirmed } = allEmails(brand);
    const text = confirmed?.text ?? '';
    expect(confirmed?.subject).toBe('Your order request 1042 for Saturday 12 December 2026 is confirmed');
    expect(text).toContain('Good news: your order request 1042 for Saturday 12 December 2026 is confirmed.');
    expect(text).toContain('- Tiffany Chair (with Gold): 60 x $8.50 = $510.00');
    expect(text).toMatch(
      /What you pay and when\n- Deposit of \$[\d,.]+ \(50%\) to book your date, not refundable\.\n- Balance of \$[\d,.]+, due by Wednesday 9 December 2026\.\n- Bond of/,
    );
    expect(text).toContain(
      'How to pay\n- Bank transfer to Tan & Tassel, BSB 062-000, account 12345678, with the reference Request 1042.',
    );
    expect(confirmed?.html).toContain(
      '<li>Bank transfer to Tan &amp; Tassel, BSB 062-000, account 12345678, with the reference Request 1042.</li>',
    );
    // Without an ABN or GST number the business issues a plain invoice, never called a tax invoice.
    expect(text).toContain(
      'Your booking page\nSee what is paid and due, download your invoice and receipts, and accept our terms: https://shop.example/booking/1042-abcdefghijklmnopqrstuv',
    );
    expect(text).toContain('Your invoice is attached.');
    expect(text).not.toContain('tax invoice');
    expect(confirmed?.html).toContain('<a href="https://shop.example/booking/1042-abcdefghijklmnopqrstuv"');
    const withAbn = allEmails({ ...brand, taxId: '51 824 753 556' }).confirmed?.text ?? '';
    expect(withAbn).toContain('download your tax invoice and receipts');
    expect(withAbn).toContain('Your tax invoice is attached.');
  });
});
