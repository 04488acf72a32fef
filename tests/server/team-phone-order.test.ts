import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { makeTestApp, type TestApp } from './helpers';
import { ownerAndProduct, postForm } from './team-helpers';

/**
 * Issue 63: confirming a phone order whose customer gave no email address no longer says "the customer
 * has been emailed": nobody was, and the page says to call them.
 */
let t: TestApp;
let owner: { cookie: string; csrf: string };
let productId: string;
beforeAll(async () => {
  t = await makeTestApp();
  ({ owner, productId } = await ownerAndProduct(t));
});
afterAll(() => t?.close());

async function orderFor(customerId: string) {
  const day = addDays(await t.booking.today(), 30);
  const order = await t.post('/api/orders', {
    customer_id: customerId,
    starts_at: day,
    stops_at: day,
    fulfillment_type: 'pickup',
    lines: [{ id: productId, quantity: 1, isBundle: false, bundleVariations: [] }],
  });
  expect(order.status).toBe(201);
  return String(order.body.order.data.id);
}

describe('answering a phone order', () => {
  it('says to call the customer who gave no email address, and that one with an address was emailed', async () => {
    await t.db.$client.execute({
      sql: "INSERT INTO customers (id, name, email, phone, updated_at) VALUES ('phone-only', 'Pita Phone', NULL, '0400 123 456', ?)",
      args: [new Date().toISOString()],
    });
    const phoned = await orderFor('phone-only');
    const confirmed = await postForm(t, `/team/requests/${phoned}/confirm`, { _csrf: owner.csrf }, owner.cookie);
    expect(confirmed.headers.get('location')).toBe(`/team/requests/${phoned}?done=confirmed_call`);
    const page = await (
      await t.request(`/team/requests/${phoned}?done=confirmed_call`, { headers: { cookie: owner.cookie } })
    ).text();
    expect(page).toContain('Confirmed. This customer gave no email address: call them with the news.');
    expect(page).not.toContain('the customer has been emailed');
    // The number to call as a phone dials it: international, no spaces (issue 63).
    expect(page).toContain('<a href="tel:+61400123456">0400 123 456</a>');
    // Its tab has the shop's icon: no request for a missing /favicon.ico on every view.
    expect(page).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    const emailed = await t.post('/api/customers', {
      data: { type: 'customers', attributes: { name: 'Ema Il', email: 'ema@example.com', phone: '0400 111 222' } },
    });
    const online = await orderFor(String(emailed.body.data.id));
    const answered = await postForm(t, `/team/requests/${online}/decline`, { _csrf: owner.csrf }, owner.cookie);
    expect(answered.headers.get('location')).toBe(`/team/requests/${online}?done=declined`);
  });
});
