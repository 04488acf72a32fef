import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { publicOrigin } from '../../server/lib/public-origin';
import { nextSaturday, written } from '../fixtures/hire-dates';
import { makeTestApp, middleOfWindow, placeOrder, type TestApp } from './helpers';

let t: TestApp;
afterAll(() => t?.close());
let orderId: string;
beforeAll(async () => {
  t = await makeTestApp({ rateLimits: { contact: { limit: 3, windowMs: 60_000 } } });
  orderId = await placeOrder(t, 'ava@example.com', 'delivery', nextSaturday(), {
    order_notes: 'Gate code 1234 <b>bold</b>',
    wants_signage: true,
  });
});

const emailPayload = (extra: Record<string, unknown> = {}) => ({
  customer_email: 'ava@example.com',
  customer_name: 'Ava Chen',
  customer_phone: '0400 111 222',
  order_id: '1001',
  order_date: nextSaturday(),
  order_total: '132.00',
  order_fufilment_type: 'delivery',
  order_delivery_address: '1 George St, Sydney NSW 2000',
  // What the browser sends again here is not what the email says: the order's own notes are.
  order_notes: 'Call me on 0400 000 000 <a href="https://spam.example">now</a>',
  wantsSignage: true,
  items: [
    {
      name: 'Tiffany Chair - White',
      quantity: 10,
      price: '8.00',
      image: '/photos/x/large_x.webp',
      bundleVariations: [],
    },
    {
      name: 'Ghost Ceremony Package',
      quantity: 1,
      price: '40.00',
      image: null,
      bundleVariations: [{ name: 'Ghost Chair - Armless', image: null }],
    },
  ],
  ...extra,
});

const contact = (ip: string, extra: Record<string, unknown> = {}) =>
  t.post(
    '/api/contact',
    {
      name: 'Ava',
      email: 'ava@example.com',
      phone: '0400 111 222',
      subject: 'Styling Enquiry',
      message: 'Hello',
      ...extra,
    },
    { 'X-Forwarded-For': ip },
  );

describe('POST /api/email', () => {
  it('answers with the confirmation queued with the stored order, as HTML and text', async () => {
    const { status, body } = await t.post('/api/email', emailPayload({ order_id: orderId }));
    expect(status).toBe(202);
    expect(body.data.attributes.status).toBe('queued');
    const row = await t.db.$client.execute({ sql: 'SELECT * FROM email_outbox WHERE id = ?', args: [body.data.id] });
    const email = row.rows[0];
    expect(email?.kind).toBe('order_confirmation');
    expect(email?.to_address).toBe('ava@example.com');
    expect(email?.order_id).toBe(orderId);
    expect(String(email?.subject)).toContain(orderId);
    expect(String(email?.html)).toContain('Gate code 1234 &lt;b&gt;bold&lt;/b&gt;');
    expect(String(email?.html)).not.toContain('spam.example');
    // The team's email, queued with the order, carries them too.
    const team = await t.db.$client.execute({
      sql: "SELECT text FROM email_outbox WHERE kind = 'order_team' AND order_id = ?",
      args: [orderId],
    });
    expect(String(team.rows[0]?.text)).toContain('Notes: Gate code 1234 <b>bold</b>');
    expect(String(team.rows[0]?.text)).toContain('Signage: they would like signage or decals.');
    expect(String(email?.text)).toContain('Delivery to 1 George St, Sydney NSW 2000');
    expect(String(email?.text)).toContain('signage or decals');
  });

  it('writes the customer email for mail clients: photos, subtotal, GST, the date written out, and the business footer', async () => {
    const pickupId = await placeOrder(t, 'lena@example.com', 'pickup');
    const { body } = await t.post(
      '/api/email',
      emailPayload({ order_id: pickupId, customer_email: 'lena@example.com', order_notes: '' }),
    );
    const row = await t.db.$client.execute({ sql: 'SELECT * FROM email_outbox WHERE id = ?', args: [body.data.id] });
    const html = String(row.rows[0]?.html);
    const text = String(row.rows[0]?.text);
    const line = await t.db.$client.execute({
      sql: `SELECT l.title, l.quantity, l.price_in_cents, g.photo_url FROM order_lines l
            JOIN products p ON p.id = l.item_id JOIN product_groups g ON g.id = p.product_group_id WHERE l.order_id = ?`,
      args: [pickupId],
    });
    const { title, quantity, price_in_cents: price, photo_url: photo } = line.rows[0] as Record<string, unknown>;
    const origin = publicOrigin(t.config);
    // The item's photo from the server's records, absolute and as JPEG (mail programs that show no
    // WebP show JPEG), an empty alt (its name stands beside it: a screen reader reads it once), a
    // width and no height (its aspect ratio kept).
    const jpeg = `${origin}${String(photo).replace(/\/([^/]+)$/, '/email-$1.jpg')}`;
    expect(html).toContain(`<img src="${jpeg}" alt="" width="80" style="display:block;width:80px;height:auto;`);
    const answer = await t.app.request(new URL(jpeg).pathname);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    expect(answer.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const source = await sharp(Buffer.from(await (await t.app.request(String(photo))).arrayBuffer())).metadata();
    const sent = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
    expect(sent.format).toBe('jpeg');
    expect(sent.width).toBe(Math.min(160, source.width ?? 0));
    expect(sent.height).toBe(Math.round(((source.height ?? 0) * (sent.width ?? 0)) / (source.width ?? 1)));
    expect((await t.app.request(String(photo))).headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const missing = new URL(jpeg).pathname.replace(/email-(\w+)_[^/]+$/, 'email-$1_nothere.webp.jpg');
    expect((await t.app.request(missing)).status).toBe(404);
    expect((await t.app.request(new URL(jpeg).pathname.replace('email-', 'email-../'))).status).toBe(404);
    expect(html).toMatch(/<table role="presentation"/);
    const subtotal = Number(quantity) * Number(price);
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    for (const part of [html, text]) {
      expect(part).toContain(written(nextSaturday()));
      expect(part).not.toContain(nextSaturday());
      expect(part).toContain('Pickup (Dry Hire)');
      expect(part).toContain(dollars(subtotal));
      expect(part).toContain(dollars(Math.round(subtotal * 0.1)));
      expect(part).toContain(dollars(subtotal + Math.round(subtotal * 0.1)));
      expect(part).toContain('GST (10%)');
      expect(part).toContain('Unit 4, 21 Belmore Road North, Riverwood NSW 2210');
      expect(part).toContain('(02) 5550 2184');
      expect(part).toContain('Monday: 10am-4pm by appointment');
    }
    expect(html).toContain(`<a href="${origin}" style="color:#7a5b3a">Visit the shop</a>`);
    expect(text).toContain(`Visit the shop: ${origin}`);
    expect(text).toContain(`${title}: ${quantity} x ${dollars(Number(price))} = ${dollars(subtotal)}`);
  });

  it('sends the spec fallback for an order that could not be stored: in full to the business only', async () => {
    const before = await t.count('email_outbox');
    const { status } = await t.post(
      '/api/email',
      emailPayload({
        order_id: 'Unassigned',
        hasError: true,
        errorMessage: 'The order was not added to the booking system',
      }),
    );
    expect(status).toBe(202);
    const rows = await t.db.$client.execute({
      sql: 'SELECT * FROM email_outbox ORDER BY rowid DESC LIMIT 2',
      args: [],
    });
    expect(await t.count('email_outbox')).toBe(before + 2);
    const [ack, full] = rows.rows;
    expect(full?.kind).toBe('order_fallback');
    expect(full?.to_address).toBe(t.config.businessEmail);
    expect(full?.reply_to).toBe('ava@example.com');
    expect(String(full?.text)).toContain('The order was not added to the booking system');
    expect(String(full?.html)).toContain('Ghost Chair - Armless');
    expect(String(full?.html)).toContain('$132.00');
    expect(ack?.kind).toBe('order_acknowledgement');
    expect(ack?.to_address).toBe('ava@example.com');
  });

  it.each([
    [{ order_total: '12.5' }, 'order_total'],
    [{ customer_email: 'nope' }, 'customer_email'],
    [{ order_fufilment_type: 'courier' }, 'order_fufilment_type'],
    [{ items: 'none' }, 'items'],
  ])('answers 400 naming the field and records nothing', async (patch, field) => {
    const before = await t.count('email_outbox');
    const { status, body } = await t.post('/api/email', emailPayload(patch));
    expect(status).toBe(400);
    expect(body.error).toContain(field);
    expect(await t.count('email_outbox')).toBe(before);
  });
});

describe('POST /api/contact', () => {
  it('stores the message and emails the business', async () => {
    const beforeEmails = await t.count('email_outbox');
    const { status, body } = await contact('203.0.113.1');
    expect(status).toBe(201);
    expect(body.data.id).toEqual(expect.any(String));
    expect(await t.count('contact_messages')).toBe(1);
    expect(await t.count('email_outbox')).toBe(beforeEmails + 1);
    const row = await t.db.$client.execute("SELECT * FROM email_outbox WHERE kind = 'contact'");
    expect(row.rows[0]?.to_address).toBe(t.config.businessEmail);
    expect(row.rows[0]?.reply_to).toBe('ava@example.com');
  });

  it('requires every field', async () => {
    for (const [index, field] of ['name', 'email', 'phone', 'subject', 'message'].entries()) {
      const { status, body } = await contact(`203.0.113.${30 + index}`, { [field]: '   ' });
      expect(status, field).toBe(400);
      expect(body.issues[0].path, field).toBe(field);
    }
  });

  it('limits each address and answers 429 with Retry-After', async () => {
    // All in one fixed window of the limit (on the app's clock).
    const start = middleOfWindow(60_000);
    t.setNow(start);
    onTestFinished(() => t.setNow(null));
    for (let i = 0; i < 3; i++) expect((await contact('203.0.113.9')).status).toBe(201);
    const limited = await contact('203.0.113.9');
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/Too many requests/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await contact('203.0.113.10')).status).toBe(201);
    // A minute on, the address may write again.
    t.setNow(new Date(start.getTime() + 60_000));
    expect((await contact('203.0.113.9')).status).toBe(201);
  });
});

describe('bad input', () => {
  it('answers 413 for a body over 64 KB and writes nothing', async () => {
    const before = await t.count('contact_messages');
    const { status, body } = await contact('203.0.113.20', { message: 'x'.repeat(70 * 1024) });
    expect(status).toBe(413);
    expect(body.error).toContain('64 KB');
    expect(await t.count('contact_messages')).toBe(before);
  });

  it('answers 400 for malformed JSON and 415 for another content type', async () => {
    expect((await t.post('/api/contact', '{"name": ', { 'X-Forwarded-For': '203.0.113.21' })).status).toBe(400);
    const form = await t.json('/api/contact', {
      method: 'POST',
      body: 'name=a',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(form.status).toBe(415);
  });

  it('never answers 5xx or writes for hostile bodies', async () => {
    const bodies = [
      'null',
      '[]',
      '"x"',
      '42',
      '{"data": null}',
      '{"lines": {"0": 1}}',
      '{"__proto__": {"admin": true}}',
      '\u0000',
    ];
    const tables = ['orders', 'customers', 'contact_messages', 'email_outbox', 'idempotency_keys'];
    const before = await Promise.all(tables.map((table) => t.count(table)));
    for (const path of ['/api/orders', '/api/customers', '/api/email', '/api/contact']) {
      for (const [index, raw] of bodies.entries()) {
        const { status } = await t.post(path, raw, {
          'X-Forwarded-For': `198.51.100.${index}`,
          'Idempotency-Key': `hostile-${index}`,
        });
        expect(status, `${path} ${raw}`).toBeGreaterThanOrEqual(400);
        expect(status, `${path} ${raw}`).toBeLessThan(500);
      }
    }
    expect(await Promise.all(tables.map((table) => t.count(table)))).toEqual(before);
  });
});
