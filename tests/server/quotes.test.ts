import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailAttachments } from '../../server/services/email-attachments';
import { longDate } from '../../src/lib/api-contract/dates';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { MONDAY, weekdayAhead } from '../fixtures/hire-dates';
import { makeTestApp, type TestApp } from './helpers';
import { pdfText } from './pdf-text';
import { getPage, postForm, pricedShop } from './team-helpers';

/**
 * Issue 61: a request sent as a quote. Every version kept with its digest, its items held until it
 * lapses (re-checked in the sending transaction), the customer emailed it with the link; the booking
 * page accepts only the newest version, and not once it lapsed; a reminder before it lapses, once.
 * On the file and on sqld.
 */
let t: TestApp;
let owner: { cookie: string; csrf: string };
let place: (quantity: number, day: string) => Promise<string>;
beforeAll(async () => {
  t = await makeTestApp();
  ({ owner, request: place } = await pricedShop(t, {
    owner: 'quentin@example.com',
    customer: 'Quinn Quote',
    stock: 12,
  }));
});
afterAll(() => t?.close());

const rows = async (sql: string, args: (string | number)[] = []) => (await t.db.$client.execute({ sql, args })).rows;

let week = 9;
const request = (quantity = 10, day = weekdayAhead(MONDAY, week++)) => place(quantity, day);
const send = (id: string) => postForm(t, `/team/requests/${id}/quote`, { _csrf: owner.csrf }, owner.cookie);
const tokenOf = async (id: string) => {
  const [mail] = await rows(
    "SELECT text FROM email_outbox WHERE order_id = ? AND kind = 'quote_sent' ORDER BY rowid DESC LIMIT 1",
    [id],
  );
  return /\/booking\/([^\s/]+)/.exec(String(mail?.text))?.[1] as string;
};
const accept = (token: string, body: Record<string, unknown>) =>
  t.request(`/api/bookings/${token}/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.40' },
    body: JSON.stringify({ name: 'Quinn Quote', agree: true, ...body }),
  });
const bookingOf = async (token: string) =>
  ((await (await t.request(`/api/bookings/${token}`)).json()) as { data: any }).data;

describe('quotes', () => {
  it('sends a quote held until it lapses, keeps each version, and accepts only the newest', async () => {
    const id = await request();
    expect((await send(id)).headers.get('location')).toBe(`/team/requests/${id}?done=quote_sent`);
    const today = t.booking.today();
    const validUntil = addDays(today, 14);
    const [v1] = await rows('SELECT version, valid_until, digest FROM quote_versions WHERE order_id = ?', [id]);
    expect(v1).toMatchObject({ version: 1, valid_until: validUntil });
    // Held until then (the hold of a new request would have lapsed within days).
    const [hold] = await rows('SELECT max(expires_at) AS until FROM order_holds WHERE order_id = ?', [id]);
    expect(String(hold?.until).slice(0, 10) >= addDays(validUntil, -1)).toBe(true);
    const [mail] = await rows("SELECT subject, text FROM email_outbox WHERE order_id = ? AND kind = 'quote_sent'", [
      id,
    ]);
    expect(String(mail?.subject)).toMatch(new RegExp(`^Your quote ${id} for `));
    expect(String(mail?.text)).toContain('Total (incl. GST): $220.00');
    expect(String(mail?.text)).toContain('Read and accept your quote: http');
    const token = await tokenOf(id);
    const first = await bookingOf(token);
    expect(first.quote).toMatchObject({ version: 1, validUntil, lapsed: false, digest: String(v1?.digest) });

    // Changed (a line of the team's own) and sent again: version 2, its own digest.
    await postForm(
      t,
      `/team/requests/${id}/lines`,
      { _csrf: owner.csrf, description: 'Styling', quantity: '1', amount: '100', kind: 'charge' },
      owner.cookie,
    );
    expect((await send(id)).status).toBe(303);
    const versions = await rows(
      'SELECT version, digest, content FROM quote_versions WHERE order_id = ? ORDER BY version',
      [id],
    );
    expect(versions.map((v) => Number(v.version))).toEqual([1, 2]);
    expect(versions[1]?.digest).not.toBe(versions[0]?.digest);
    expect(JSON.parse(String(versions[1]?.content)).totalCents).toBe(33_000);
    const [again] = await rows(
      "SELECT subject FROM email_outbox WHERE order_id = ? AND kind = 'quote_sent' ORDER BY rowid DESC LIMIT 1",
      [id],
    );
    expect(String(again?.subject)).toMatch(/^Your updated quote/);

    // Accepting the version first read: refused, nothing recorded; the page shows the newest.
    const stale = await accept(token, { quote_version: 1, quote_digest: String(v1?.digest) });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: string }).error).toBe(
      'This quote has changed since you opened it: read version 2 below and accept it again',
    );
    expect(await rows('SELECT id FROM terms_acceptances WHERE order_id = ?', [id])).toHaveLength(0);
    const second = await bookingOf(token);
    expect(second.quote.version).toBe(2);
    const accepted = await accept(token, { quote_version: 2, quote_digest: second.quote.digest });
    expect(accepted.status).toBe(200);
    const [row] = await rows(
      'SELECT quote_version, quote_digest, ip_address FROM terms_acceptances WHERE order_id = ?',
      [id],
    );
    expect(row).toMatchObject({ quote_version: 2, quote_digest: second.quote.digest, ip_address: '203.0.113.40' });
    const [team] = await rows("SELECT subject FROM email_outbox WHERE order_id = ? AND kind = 'quote_accepted'", [id]);
    expect(String(team?.subject)).toBe(`Quote ${id} accepted by Quinn Quote`);
    // Sent twice, it is recorded once.
    expect((await accept(token, { quote_version: 2, quote_digest: second.quote.digest })).status).toBe(200);
    expect(await rows('SELECT id FROM terms_acceptances WHERE order_id = ?', [id])).toHaveLength(1);
  });

  it('is not accepted once it lapsed, and reminds the customer once before it does', async () => {
    const id = await request(1);
    await send(id);
    const token = await tokenOf(id);
    const { quote } = await bookingOf(token);
    try {
      // Three days before it lapses (the default): one reminder, however often the sweep runs.
      t.setNow(new Date(`${addDays(quote.validUntil, -3)}T03:00:00Z`));
      await t.sweep();
      await t.sweep();
      const reminders = await rows("SELECT subject FROM email_outbox WHERE order_id = ? AND kind = 'quote_reminder'", [
        id,
      ]);
      expect(reminders.map((r) => String(r.subject))).toEqual([
        `Your quote ${id} is held until ${longDate(quote.validUntil)}`,
      ]);
      t.setNow(new Date(`${addDays(quote.validUntil, 1)}T03:00:00Z`));
      const lapsed = await accept(token, { quote_version: quote.version, quote_digest: quote.digest });
      expect(lapsed.status).toBe(409);
      expect(((await lapsed.json()) as { error: string }).error).toMatch(/^This quote could be accepted until /);
      expect(await rows('SELECT id FROM terms_acceptances WHERE order_id = ?', [id])).toHaveLength(0);
    } finally {
      t.setNow(null);
    }
  });

  it('is not sent while its items are no longer free: nothing is stored or emailed', async () => {
    // Stock of 12: one request holds 10, a second of 10 on the same day goes to the team unheld.
    const day = weekdayAhead(MONDAY, week++);
    await request(10, day);
    const short = await request(10, day);
    const refused = await send(short);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('Not sent: its items are no longer all free');
    expect(await rows('SELECT id FROM quote_versions WHERE order_id = ?', [short])).toHaveLength(0);
    expect(await rows("SELECT id FROM email_outbox WHERE order_id = ? AND kind = 'quote_sent'", [short])).toHaveLength(
      0,
    );
  });
});

describe('the signed hire agreement', () => {
  const setSignature = async (required: boolean) => {
    await rows(
      `UPDATE business_settings SET settings = json_set(settings, '$.payments.signature_required', json(?)) WHERE id = 1`,
      [required ? 'true' : 'false'],
    );
    await t.cache.version.refresh();
  };
  /** A signature as a pad draws it: a PNG of 600 × 200 with a stroke. */
  const drawnPng = async () => {
    const sharp = (await import('sharp')).default;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 150 C 120 20, 220 180, 320 60 S 520 160, 580 40" stroke="#2b2927" stroke-width="4" fill="none"/></svg>`;
    return (await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64');
  };

  it('asks for a signature where the business does: refused without, drawn or typed accepted, in the PDF', async () => {
    await setSignature(true);
    try {
      const id = await request(2);
      await send(id);
      const token = await tokenOf(id);
      const { quote } = await bookingOf(token);
      const base = { quote_version: quote.version, quote_digest: quote.digest };
      const unsigned = await accept(token, base);
      expect(unsigned.status).toBe(400);
      expect(((await unsigned.json()) as { error: string }).error).toBe(
        'Sign in the box, or choose to sign by typing your name: your name alone is not a signature here',
      );
      const notPng = await accept(token, {
        ...base,
        signature: { kind: 'drawn', png: Buffer.from('GIF89a').toString('base64') },
      });
      expect(notPng.status).toBe(400);
      const huge = await accept(token, { ...base, signature: { kind: 'drawn', png: 'A'.repeat(70_000) } });
      expect(huge.status).toBe(413);
      expect(await rows('SELECT id FROM terms_acceptances WHERE order_id = ?', [id])).toHaveLength(0);

      const png = await drawnPng();
      expect((await accept(token, { ...base, signature: { kind: 'drawn', png } })).status).toBe(200);
      const [row] = await rows(
        'SELECT signature_kind, signature_png, agreement_digest FROM terms_acceptances WHERE order_id = ?',
        [id],
      );
      expect(row).toMatchObject({ signature_kind: 'drawn', signature_png: png });
      expect(String(row?.agreement_digest)).toMatch(/^[0-9a-f]{64}$/);
      // The signed agreement: the name, the quote's lines and total, the digest; the same from the workspace.
      const pdf = await t.request(`/api/bookings/${token}/terms.pdf`);
      expect(pdf.status).toBe(200);
      const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).replace(/\s+/g, ' ');
      expect(text).toContain('Signed hire agreement');
      expect(text).toContain('Signed by Quinn Quote');
      expect(text).toContain('Quote version 1');
      expect(text).toContain(`Agreement digest (SHA-256) ${String(row?.agreement_digest)}`);
      expect(text).toContain('$44.00');
      const team = await getPage(t, `/team/requests/${id}/agreement.pdf`, owner.cookie);
      expect(team.headers.get('content-disposition')).toBe(`attachment; filename="signed-agreement-request-${id}.pdf"`);
      expect((await t.request(`/team/requests/${id}/agreement.pdf`)).status).not.toBe(200);
      // Confirmed, its confirmation carries the signed agreement beside the tax invoice, drawn as it is sent.
      await postForm(t, `/team/requests/${id}/confirm`, { _csrf: owner.csrf }, owner.cookie);
      const [confirmation] = await rows(
        "SELECT attachments FROM email_outbox WHERE order_id = ? AND kind = 'order_confirmed'",
        [id],
      );
      const attached = JSON.parse(String(confirmation?.attachments)) as string[];
      expect(attached).toContain(`agreement:${id}`);
      const files = await emailAttachments(t.services, attached, t.config.photosDir);
      const names = files.map((file) => file.filename);
      expect(names).toHaveLength(2);
      expect(names).toContain(`signed-agreement-request-${id}.pdf`);
      expect(names.some((name) => /^tax-invoice-INV-\d{4}\.pdf$/.test(name))).toBe(true);

      // With the keyboard alone: the typed name adopted as the signature.
      const other = await request(1);
      await send(other);
      const otherToken = await tokenOf(other);
      const second = (await bookingOf(otherToken)).quote;
      const typed = await accept(otherToken, {
        quote_version: second.version,
        quote_digest: second.digest,
        signature: { kind: 'typed' },
      });
      expect(typed.status).toBe(200);
      const typedPdf = await t.request(`/api/bookings/${otherToken}/terms.pdf`);
      expect((await pdfText(new Uint8Array(await typedPdf.arrayBuffer()))).replace(/\s+/g, ' ')).toContain(
        'Signed by Quinn Quote (typed name adopted as signature)',
      );
    } finally {
      await setSignature(false);
    }
  });
});
