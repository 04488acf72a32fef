import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { ROOT } from '../fixtures/test-db';
import { makeTestApp, orderAsNewCustomer, type TestApp } from './helpers';
import { pdfText } from './pdf-text';
import { confirmForToken, ownerAndProduct, postForm } from './team-helpers';

/**
 * Issue 49: the customer's booking page by the signed link in their confirmation, without an
 * account: their booking and what is owed, its documents, and accepting the terms (once, with the
 * name, time, address and version recorded, and a PDF of what was accepted). A forged link shows nothing.
 */
let t: TestApp;
let owner: { cookie: string; csrf: string };
let productId: string;
beforeAll(async () => {
  t = await makeTestApp({
    distDir: path.join(ROOT, 'dist'),
    rateLimits: { lookup: { limit: 5, windowMs: 60_000 } } as never,
  });
  ({ owner, productId } = await ownerAndProduct(t));
  // Enough of it for every booking these tests make (two units each, held for weeks around each date).
  await t.db.$client.execute({ sql: 'UPDATE products SET stock_count = 100 WHERE id = ?', args: [productId] });
  await t.cache.version.refresh();
});
afterAll(() => t?.close());

/** A confirmed request and its booking page's token, read from the confirmation email's link. */
async function confirmedBooking() {
  const order = await orderAsNewCustomer(t, productId, 2, addDays(await t.booking.today(), 50));
  const id = String(order.body.order.data.id);
  const token = await confirmForToken(t, id, owner);
  expect(token).toMatch(new RegExp(`^${id}-[A-Za-z0-9_-]{22}$`));
  return { id, token };
}

const accept = (token: string, body: unknown, ip = '203.0.113.7') =>
  t.request(`/api/bookings/${token}/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });

describe('the customer’s booking page', () => {
  it('shows the booking, what is owed and its tax invoice, kept by no cache', async () => {
    const { id, token } = await confirmedBooking();
    const answer = await t.request(`/api/bookings/${token}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const { data } = (await answer.json()) as { data: any };
    expect(data).toMatchObject({ orderId: id, status: 'confirmed', fulfilment: 'pickup', items: [{ quantity: 2 }] });
    expect(data).not.toHaveProperty('customerEmail');
    expect(JSON.stringify(data)).not.toContain('@example.com');
    expect(data.money.deposit.owedCents).toBe(data.money.deposit.cents);
    expect(data.money.deposit.cents).toBe(Math.round(data.totalCents / 2));
    expect(data.documents).toHaveLength(1);
    expect(data.documents[0]).toMatchObject({
      title: 'Invoice',
      url: `/api/bookings/${token}/documents/${data.documents[0].number}`,
    });
    const pdf = await t.request(data.documents[0].url);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(await pdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain(`Request ${id}, hire date`);
    expect(data.terms).toMatchObject({ version: expect.stringMatching(/^[0-9a-f]{12}$/), accepted: null });
  });

  it('shows nothing for a forged or altered link, and slows down whoever tries links', async () => {
    const { id, token } = await confirmedBooking();
    const mac = token.slice(id.length + 1);
    expect(token).toBe(`${id}-${mac}`);
    const other = `${Number(id) - 1}-${mac}`;
    const forged = `${id}-${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [other, forged, id, 'nonsense']) {
      const answer = await t.request(`/api/bookings/${bad}`, { headers: { 'x-forwarded-for': '198.51.100.9' } });
      expect(answer.status).toBe(404);
      expect(await answer.text()).toContain('This booking link is not known');
    }
    const limited = await Promise.all(
      [1, 2].map(() => t.request(`/api/bookings/${forged}`, { headers: { 'x-forwarded-for': '198.51.100.9' } })),
    );
    expect(limited.map((answer) => answer.status)).toContain(429);
    // The real link still works from that address: only misses count.
    expect((await t.request(`/api/bookings/${token}`, { headers: { 'x-forwarded-for': '198.51.100.9' } })).status).toBe(
      200,
    );
    expect((await t.request(`/api/bookings/${token}/documents/INV-9999`)).status).toBe(404);
  });

  it('records the acceptance of the terms once, and gives the accepted terms as a PDF', async () => {
    const { id, token } = await confirmedBooking();
    const unticked = await accept(token, { name: 'Jo Bloggs', agree: false });
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain('Tick the box to accept the terms');
    const nameless = await accept(token, { name: ' ', agree: true });
    expect(nameless.status).toBe(400);
    expect(await nameless.text()).toContain('Type your full name');
    expect((await t.request(`/api/bookings/${token}/terms.pdf`)).status).toBe(404);

    const done = await accept(token, { name: 'Jo Bloggs', agree: true });
    expect(done.status).toBe(200);
    const { data } = (await done.json()) as { data: any };
    expect(data.terms.accepted).toMatchObject({ name: 'Jo Bloggs', version: data.terms.version });
    const again = (await (await accept(token, { name: 'Someone Else', agree: true }, '192.0.2.1')).json()) as {
      data: any;
    };
    expect(again.data.terms.accepted).toEqual(data.terms.accepted);

    const pdf = await t.request(`/api/bookings/${token}/terms.pdf`);
    expect(pdf.status).toBe(200);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Accepted terms');
    expect(text).toContain(`Request ${id}`);
    expect(text).toContain('Accepted by Jo Bloggs');
    expect(text).toContain('From the address 203.0.113.7');
    expect(text).toContain(`Terms version ${data.terms.version}`);
    expect(text).toContain('Cancellation');
  });

  it('opens by its one spelling only: not the 15 others of its last character, nor its id with a leading zero', async () => {
    const { id, token } = await confirmedBooking();
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // 22 characters carry 132 bits for the MAC's 128: the last character's low 4 bits decode to nothing.
    const last = alphabet.indexOf(token.at(-1) ?? '');
    const spellings = Array.from({ length: 16 }, (_, k) => `${token.slice(0, -1)}${alphabet[(last & ~15) | k]}`);
    expect(spellings).toContain(token);
    const ip = { 'x-forwarded-for': '192.0.2.44' };
    for (const spelling of spellings.filter((other) => other !== token)) {
      expect(Buffer.from(spelling.slice(id.length + 1), 'base64url')).toEqual(
        Buffer.from(token.slice(id.length + 1), 'base64url'),
      );
      expect((await t.request(`/api/bookings/${spelling}`, { headers: ip })).status, spelling).not.toBe(200);
    }
    expect((await t.request(`/api/bookings/0${token}`, { headers: ip })).status).not.toBe(200);
    expect((await t.request(`/api/bookings/${token}`, { headers: ip })).status).toBe(200);
  });

  it('counts a wrong link to the page as the API does, and answers it 404', async () => {
    const id = '1001';
    const ip = { 'x-forwarded-for': '192.0.2.77' };
    const wrong = (n: number) => t.request(`/booking/${id}-${'B'.repeat(21)}${'ABCDEFGH'[n]}`, { headers: ip });
    const first = await wrong(0);
    expect(first.status).toBe(404);
    expect(await first.text()).toContain('This booking link is not known');
    const answers: number[] = [];
    for (let n = 1; n < 8; n++) answers.push((await wrong(n)).status);
    // The lookup limit is 5 a minute in this app: the page stops rendering past it.
    expect(answers.filter((status) => status === 429).length).toBeGreaterThan(0);
    // Counted under the asker's address, page and API alike: the API is slowed for it too, and
    // another address is not slowed at all (the server's own read of the API counts nothing).
    expect((await t.request(`/api/bookings/${id}-${'C'.repeat(22)}`, { headers: ip })).status).toBe(429);
    const other = await t.request(`/booking/${id}-${'C'.repeat(22)}`, { headers: { 'x-forwarded-for': '192.0.2.78' } });
    expect(other.status).toBe(404);
  });

  it('renders the page for its customer alone: kept by no cache, fresh after each change', async () => {
    const { id, token } = await confirmedBooking();
    const first = await t.request(`/booking/${token}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    expect(first.headers.get('etag')).toBeNull();
    const html = await first.text();
    expect(html).toContain('<h1 id="booking-title">Your booking</h1>');
    expect(html).toContain(`Request ${id} for `);
    expect(html).not.toContain('towards the hire');
    await postForm(
      t,
      `/team/requests/${id}/payments`,
      {
        _csrf: owner.csrf,
        kind: 'payment',
        towards: 'hire',
        method: 'cash',
        amount: '12.50',
        day: await t.booking.today(),
      },
      owner.cookie,
    );
    const again = await (await t.request(`/booking/${token}`)).text();
    expect(again).toContain('$12.50 towards the hire, cash</li>');
    const unknown = await t.request(`/booking/${id}-AAAAAAAAAAAAAAAAAAAAAA`);
    expect(await unknown.text()).toContain('This booking link is not known');
  });

  it('always says how to pay, and says where its money stands: deposit owed, deposit paid, paid in full', async () => {
    const { token } = await confirmedBooking();
    const id = token.split('-')[0] as string;
    const page = async () => (await (await t.request(`/booking/${token}`)).text()).replaceAll('&#x27;', "'");
    // The demo carries bank details (issue 63): the page says them.
    const withBank = await page();
    expect(withBank).toContain('062-184');
    expect(withBank).toContain('10502184');
    // With no bank details or card payments, the page still says how (issue 63).
    await t.db.$client.execute(
      "UPDATE business_settings SET settings = json_remove(settings, '$.payments.bank_transfer') WHERE id = 1",
    );
    await t.cache.version.refresh();
    const first = await page();
    expect(first).toContain('Your booking is confirmed. Your date is booked once the deposit is paid.');
    expect(first).toContain('How to pay');
    expect(first).toContain('Call us on (02) 5550 2184 or reply to our email, and we will tell you how to pay.');
    const money = (await t.json(`/api/bookings/${token}`)).body.data.money;
    const pay = (cents: number, towards: 'hire' | 'bond') =>
      postForm(
        t,
        `/team/requests/${id}/payments`,
        {
          _csrf: owner.csrf,
          kind: 'payment',
          towards,
          method: 'bank_transfer',
          amount: (cents / 100).toFixed(2),
          day: addDays(new Date().toISOString().slice(0, 10), 0),
        },
        owner.cookie,
      );
    await pay(money.deposit.owedCents, 'hire');
    expect(await page()).toContain('Your booking is confirmed and your date is booked: the deposit is paid.');
    await pay(money.balance?.owedCents ?? 0, 'hire');
    await pay(money.bond.owedCents, 'bond');
    const paid = await page();
    expect(paid).toContain('Your booking is confirmed and paid in full. Thank you.');
    expect(paid).not.toContain('once the deposit is paid');
  });

  it('takes the acceptance from the page’s form before its script runs', async () => {
    const { token } = await confirmedBooking();
    const missing = await postForm(t, `/booking/${token}/accept`, { name: 'Jo Bloggs' });
    expect(missing.status).toBe(303);
    expect(missing.headers.get('location')).toBe(`/booking/${token}?problem=accept`);
    const sent = await postForm(t, `/booking/${token}/accept`, { name: 'Jo Bloggs', agree: 'yes' });
    expect(sent.headers.get('location')).toBe(`/booking/${token}`);
    const { data } = (await (await t.request(`/api/bookings/${token}`)).json()) as { data: any };
    expect(data.terms.accepted.name).toBe('Jo Bloggs');
  });
});
