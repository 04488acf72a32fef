import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { nextSaturday } from '../fixtures/hire-dates';
import { makeTestApp, middleOfWindow, placeOrder, type TestApp } from './helpers';

/** The abuse paths of a public API with no login, each tried as an outsider would (issue 9). */
let t: TestApp;
afterAll(() => t?.close());
let orderId: string;
beforeAll(async () => {
  t = await makeTestApp({
    rateLimits: {
      email: { limit: 8, windowMs: 3_600_000 },
      emailRecipient: { limit: 3, windowMs: 3_600_000 },
      lookup: { limit: 5, windowMs: 60_000 },
    },
  });
  orderId = await placeOrder(t, 'owner@example.com');
});

const email = (extra: Record<string, unknown> = {}, ip = '203.0.113.50') =>
  t.post(
    '/api/email',
    {
      customer_email: 'owner@example.com',
      customer_name: 'Ava Chen',
      customer_phone: '0400 111 222',
      order_id: orderId,
      order_date: nextSaturday(),
      order_total: '0.01',
      order_fufilment_type: 'pickup',
      items: [{ name: 'CHEAP PILLS http://spam.example', quantity: 999, price: '0.01', bundleVariations: [] }],
      ...extra,
    },
    { 'X-Forwarded-For': ip },
  );

const outbox = async (where: string, args: (string | number)[] = []) =>
  (await t.db.$client.execute({ sql: `SELECT * FROM email_outbox WHERE ${where} ORDER BY rowid`, args })).rows;

/** JSON text of {"a":{"a":...}} nested levels deep (JSON.stringify itself would overflow the stack). */
const deepJson = (levels: number) => `${'{"a":'.repeat(levels)}"x"${'}'.repeat(levels)}`;
const deep = (levels: number): unknown => JSON.parse(deepJson(Math.min(levels, 100)));

describe('POST /api/email is no open relay', () => {
  it('mails a stored order to its own customer with the stored items and total, whatever the request claims', async () => {
    const { status } = await email({ customer_email: 'victim@example.net', customer_name: 'Click here' });
    expect(status).toBe(202);
    const [sent] = await outbox("kind = 'order_confirmation' AND order_id = ?", [orderId]);
    expect(sent?.to_address).toBe('owner@example.com');
    const order = await t.db.$client.execute({
      sql: 'SELECT title, quantity, price_in_cents FROM order_lines WHERE order_id = ?',
      args: [orderId],
    });
    const line = order.rows[0];
    const unit = (Number(line?.price_in_cents) / 100).toFixed(2);
    const total = ((Math.round(Number(line?.price_in_cents) * 2 * 1.1) / 100) as number).toFixed(2);
    for (const body of [String(sent?.html), String(sent?.text)]) {
      expect(body).toContain(String(line?.title));
      expect(body).toContain(`$${unit}`);
      expect(body).toContain(`$${total}`);
      expect(body).not.toContain('CHEAP PILLS');
      expect(body).not.toContain('999');
      expect(body).not.toContain('$0.01');
      expect(body).not.toContain('Click here');
      expect(body).toContain('Ava Chen');
    }
    expect(await outbox('to_address = ?', ['victim@example.net'])).toEqual([]);
  });

  it('sends one confirmation per order: a second request answers the first email', async () => {
    const before = await t.count('email_outbox');
    const [first] = await outbox("kind = 'order_confirmation' AND order_id = ?", [orderId]);
    const again = await email({}, '203.0.113.51');
    expect(again.status).toBe(202);
    expect(again.body.data.id).toBe(first?.id);
    expect(await t.count('email_outbox')).toBe(before);
  });

  it('answers 404 JSON for an order id the server does not hold, and mails nothing', async () => {
    const before = await t.count('email_outbox');
    const { status, body } = await email({ order_id: '999999' }, '203.0.113.52');
    expect(status).toBe(404);
    expect(body.error).toMatch(/Order 999999 not found/);
    expect(await t.count('email_outbox')).toBe(before);
  });

  it('gives the visitor of an unstored order only a fixed acknowledgement; the business gets the request', async () => {
    const { status } = await email(
      {
        order_id: 'Unassigned',
        customer_email: 'stranger@example.org',
        customer_name: '<a href="http://spam.example">WIN</a>',
        hasError: true,
        errorMessage: 'The order was not added to the booking system',
      },
      '203.0.113.53',
    );
    expect(status).toBe(202);
    const [ack] = await outbox('to_address = ?', ['stranger@example.org']);
    expect(ack?.kind).toBe('order_acknowledgement');
    for (const body of [String(ack?.html), String(ack?.text), String(ack?.subject)]) {
      expect(body).not.toMatch(/spam|WIN|PILLS|\$/);
    }
    const [full] = await outbox("kind = 'order_fallback' AND reply_to = ?", ['stranger@example.org']);
    expect(full?.to_address).toBe(t.config.businessEmail);
    expect(String(full?.html)).toContain('&lt;a href=');
    expect(String(full?.html)).toContain('CHEAP PILLS');
  });

  it('limits emails per recipient whoever asks, but never the business’s copy of an unstored order', async () => {
    const send = (i: number) =>
      email({ order_id: 'Unassigned', customer_email: 'target@example.org' }, `198.51.100.${100 + i}`);
    for (let i = 0; i < 5; i++) expect((await send(i)).status).toBe(202);
    expect(await outbox('to_address = ?', ['target@example.org'])).toHaveLength(3);
    expect(await outbox("kind = 'order_fallback' AND reply_to = ?", ['target@example.org'])).toHaveLength(5);
  });

  it('limits emails per IP: 30 in a row are not all accepted', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push(
        (await email({ order_id: 'Unassigned', customer_email: `r${i}@example.org` }, '192.0.2.77')).status,
      );
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(8);
    expect(statuses.slice(8).every((s) => s === 429)).toBe(true);
  });

  it('counts the address the trusted proxy appended, not a forged first X-Forwarded-For hop', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const forged = `10.${i}.0.1, 192.0.2.88`;
      statuses.push((await email({ order_id: 'Unassigned', customer_email: `f${i}@example.org` }, forged)).status);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });
});

describe('customer records give strangers nothing to harvest', () => {
  it('answers a lookup with the id and a masked phone only', async () => {
    const { status, body } = await t.json('/api/customers/search?email=owner@example.com', {
      headers: { 'X-Forwarded-For': '203.0.113.60' },
    });
    expect(status).toBe(200);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toEqual({
      id: expect.any(String),
      type: 'customers',
      attributes: { properties: { phone: '••• 222' } },
    });
    expect(JSON.stringify(body)).not.toMatch(/Ava|0400|owner@/);
  });

  it('limits lookups per IP', async () => {
    // All in one fixed window of the limit (on the app's clock).
    t.setNow(middleOfWindow(60_000));
    onTestFinished(() => t.setNow(null));
    const look = () =>
      t.json('/api/customers/search?email=someone@example.com', { headers: { 'X-Forwarded-For': '203.0.113.61' } });
    for (let i = 0; i < 5; i++) expect((await look()).status).toBe(200);
    const limited = await look();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("refuses to change another customer's email, name or phone with 409, and changes nothing", async () => {
    const found = await t.db.$client.execute("SELECT id FROM customers WHERE email = 'owner@example.com'");
    const id = String(found.rows[0]?.id);
    const put = (attributes: Record<string, string>) =>
      t.json(`/api/customers/${id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ data: { id, type: 'customers', attributes } }),
      });
    const attempts: Record<string, string>[] = [
      { email: 'thief@example.com' },
      { phone: '0499 999 999' },
      { name: 'Someone Else' },
    ];
    for (const attributes of attempts) {
      const { status, body } = await put(attributes);
      expect(status, JSON.stringify(attributes)).toBe(409);
      expect(body.error).toMatch(/only empty fields can be filled/);
    }
    const row = await t.db.$client.execute({ sql: 'SELECT * FROM customers WHERE id = ?', args: [id] });
    expect(row.rows[0]).toMatchObject({ email: 'owner@example.com', phone: '0400 111 222', name: 'Ava Chen' });
    // Sending the values it already has is no change.
    expect((await put({ phone: '0400 111 222' })).status).toBe(200);
  });

  it('gives one customer and no 5xx for 20 concurrent creates of one new email', async () => {
    const create = () =>
      t.post('/api/customers', {
        data: { type: 'customers', attributes: { name: 'Race', email: 'race@example.com', phone: '0400 000 001' } },
      });
    const statuses = (await Promise.all(Array.from({ length: 20 }, create))).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const rows = await t.db.$client.execute("SELECT COUNT(*) AS n FROM customers WHERE email = 'race@example.com'");
    expect(Number(rows.rows[0]?.n)).toBe(1);
  });
});

describe('bodies and dates', () => {
  it('answers 400 naming the field for JSON nested 5,000 levels deep, and writes nothing', async () => {
    const before = await t.count('email_outbox');
    const raw = JSON.stringify({
      customer_email: 'owner@example.com',
      customer_name: 'Ava Chen',
      order_id: orderId,
      order_date: nextSaturday(),
      order_total: '1.00',
      order_fufilment_type: 'pickup',
      items: [],
      manualProcessingDetails: '<deep>',
    }).replace('"<deep>"', deepJson(5000));
    expect(raw.length).toBeLessThan(64 * 1024);
    const { status, body } = await t.post('/api/email', raw, { 'X-Forwarded-For': '203.0.113.70' });
    expect(status).toBe(400);
    expect(body.error).toMatch(/^Invalid body: manualProcessingDetails\.a\.a: nested more than 20 levels deep$/);
    expect(await t.count('email_outbox')).toBe(before);
  });

  it.each(['/api/orders', '/api/customers', '/api/contact'])('refuses a too deep body on %s with 400', async (path) => {
    const { status } = await t.post(path, { data: deep(25) }, { 'X-Forwarded-For': '203.0.113.71' });
    expect(status).toBe(400);
  });

  it('refuses manualProcessingDetails that is not its documented shape', async () => {
    const { status, body } = await email({ manualProcessingDetails: { problems: 'all of them' } }, '203.0.113.72');
    expect(status).toBe(400);
    expect(body.error).toContain('manualProcessingDetails.problems');
  });

  it.each([
    ['2026-02-30', 400],
    ['2026-04-31', 400],
    ['2026-13-01', 400],
    ['2027-02-29', 400],
    [nextSaturday(), 201],
  ])('takes only real calendar dates: %s answers %i', async (date, expected) => {
    const customer = await t.db.$client.execute("SELECT id FROM customers WHERE email = 'owner@example.com'");
    const product = await t.db.$client.execute('SELECT id FROM products WHERE stock_count > 2 LIMIT 1');
    const { status, body } = await t.post('/api/orders', {
      customer_id: String(customer.rows[0]?.id),
      starts_at: date,
      stops_at: date,
      fulfillment_type: 'pickup',
      lines: [{ id: String(product.rows[0]?.id), quantity: 1, isBundle: false, bundleVariations: [] }],
    });
    expect(status).toBe(expected);
    if (expected === 400) expect(body.error).toContain('starts_at: must be a real calendar date');
  });

  it('strips CR and LF from every value that reaches an email header', async () => {
    const { status } = await t.post(
      '/api/contact',
      {
        name: 'Eve',
        email: 'eve@example.com',
        phone: '0400 111 222',
        subject: 'Hello\r\nBcc: everyone@example.com',
        message: 'Hi',
      },
      { 'X-Forwarded-For': '203.0.113.73' },
    );
    expect(status).toBe(201);
    const [sent] = await outbox("kind = 'contact' AND reply_to = ?", ['eve@example.com']);
    expect(sent?.subject).toBe('Website enquiry: Hello Bcc: everyone@example.com');
  });
});
