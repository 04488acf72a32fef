import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_TTL_MS, purgeExpiredIdempotencyKeys } from '../../server/middleware/idempotency';
import { createOrder } from '../../server/services/orders';
import { orderBodySchema } from '../../src/lib/api-contract';
import { nextSaturday } from '../fixtures/hire-dates';
import { makeTestApp, type TestApp } from './helpers';

let t: TestApp;
afterAll(() => t?.close());
let orderBody: Record<string, unknown>;

beforeAll(async () => {
  t = await makeTestApp();
  const customer = await t.post('/api/customers', {
    data: { type: 'customers', attributes: { name: 'Cleo', email: 'cleo@example.com', phone: '0400 000 001' } },
  });
  const product = await t.db.$client.execute("SELECT id FROM products WHERE name = 'Crossback Chair - Natural'");
  orderBody = {
    customer_id: customer.body.data.id,
    starts_at: nextSaturday(),
    stops_at: nextSaturday(),
    fulfillment_type: 'pickup',
    lines: [{ id: String(product.rows[0]?.id), quantity: 4, isBundle: false }],
  };
});

describe('Idempotency-Key', () => {
  it('returns the first response again for the same key and body, without doing the work twice', async () => {
    const before = await t.count('orders');
    const first = await t.post('/api/orders', orderBody, { 'Idempotency-Key': 'attempt-1:order' });
    const second = await t.post('/api/orders', orderBody, { 'Idempotency-Key': 'attempt-1:order' });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await t.count('orders')).toBe(before + 1);
  });

  it('answers 422 when a used key comes with another body', async () => {
    await t.post('/api/orders', orderBody, { 'Idempotency-Key': 'attempt-2:order' });
    const other = await t.post(
      '/api/orders',
      { ...orderBody, starts_at: nextSaturday(1), stops_at: nextSaturday(1) },
      { 'Idempotency-Key': 'attempt-2:order' },
    );
    expect(other.status).toBe(422);
    expect(other.body.error).toContain('different request');
  });

  it('answers 422 when a used key comes to another path', async () => {
    await t.post(
      '/api/contact',
      { name: 'A', email: 'a@b.co', phone: '1', subject: 's', message: 'm' },
      { 'Idempotency-Key': 'shared-key' },
    );
    const other = await t.post('/api/orders', orderBody, { 'Idempotency-Key': 'shared-key' });
    expect(other.status).toBe(422);
  });

  it('commits once for 10 concurrent requests with one key', async () => {
    const before = await t.count('orders');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => t.post('/api/orders', orderBody, { 'Idempotency-Key': 'attempt-3:order' })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.body.order.data.id)).size).toBe(1);
    expect(await t.count('orders')).toBe(before + 1);
  });

  it('releases the key when the request fails, so a corrected retry runs', async () => {
    const bad = await t.post('/api/orders', { ...orderBody, lines: [] }, { 'Idempotency-Key': 'attempt-4:order' });
    expect(bad.status).toBe(400);
    const retry = await t.post('/api/orders', orderBody, { 'Idempotency-Key': 'attempt-4:order' });
    expect(retry.status).toBe(201);
  });

  it('replays PUT too', async () => {
    const created = await t.post('/api/customers', {
      data: { type: 'customers', attributes: { name: 'Dan', email: 'dan@example.com' } },
    });
    const id = created.body.data.id;
    const put = () =>
      t.json(`/api/customers/${id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'attempt-5:phone' },
        body: JSON.stringify({ data: { id, type: 'customers', attributes: { phone: '0400 222 333' } } }),
      });
    const [a, b] = [await put(), await put()];
    expect(b.body).toEqual(a.body);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
  });

  it('rejects a malformed key', async () => {
    const { status } = await t.post('/api/orders', orderBody, { 'Idempotency-Key': 'spaces are not allowed' });
    expect(status).toBe(400);
  });

  it('keeps keys for at least 14 days', async () => {
    expect(IDEMPOTENCY_TTL_MS).toBeGreaterThanOrEqual(14 * 24 * 60 * 60 * 1000);
    await t.post('/api/orders', orderBody, { 'Idempotency-Key': 'attempt-6:order' });
    await purgeExpiredIdempotencyKeys(t.db, Date.now() + 14 * 24 * 60 * 60 * 1000);
    const replay = await t.post('/api/orders', orderBody, { 'Idempotency-Key': 'attempt-6:order' });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    await purgeExpiredIdempotencyKeys(t.db, Date.now() + IDEMPOTENCY_TTL_MS + 1000);
    const rows = await t.db.$client.execute("SELECT COUNT(*) AS n FROM idempotency_keys WHERE key = 'attempt-6:order'");
    expect(Number(rows.rows[0]?.n)).toBe(0);
  });

  it("stores an order's answer in the order's own transaction, word for word", async () => {
    const first = await t.post('/api/orders', orderBody, { 'Idempotency-Key': 'attempt-7:order' });
    const stored = await t.db.$client.execute(
      "SELECT state, status_code, response_body FROM idempotency_keys WHERE key = 'attempt-7:order'",
    );
    expect(stored.rows[0]?.state).toBe('done');
    expect(Number(stored.rows[0]?.status_code)).toBe(201);
    expect(JSON.parse(String(stored.rows[0]?.response_body))).toEqual(first.body);
    // The order row and its answer were written together: the answer names that very order.
    const order = await t.db.$client.execute({
      sql: 'SELECT number FROM orders WHERE id = ?',
      args: [first.body.order.data.id],
    });
    expect(Number(order.rows[0]?.number)).toBe(first.body.order.data.attributes.number);
    // And not one without the other: when storing the answer fails, the order is not stored either.
    const before = await t.count('orders');
    const failing = createOrder(t.services, orderBodySchema.parse(orderBody), {
      recordAnswer: async () => {
        throw new Error('disk full');
      },
    });
    const emails = await t.count('email_outbox');
    await expect(failing).rejects.toThrow('disk full');
    expect(await t.count('orders')).toBe(before);
    // Nor its emails: they are queued in the same transaction.
    expect(await t.count('email_outbox')).toBe(emails);
  });

  it('runs a request whose key an earlier run of the process left pending (embedded database)', async () => {
    if (t.db.$client.protocol !== 'file') return; // On a libSQL server another process may hold it.
    const before = await t.count('orders');
    const fingerprintOf = await t.post('/api/orders', orderBody, { 'Idempotency-Key': 'attempt-8:order' });
    expect(fingerprintOf.status).toBe(201);
    // As if the process had died mid-request: the key is pending, the work never committed.
    await t.db.$client.execute(
      "UPDATE idempotency_keys SET state = 'pending', status_code = NULL, response_body = NULL WHERE key = 'attempt-8:order'",
    );
    await t.db.$client.execute({
      sql: 'DELETE FROM order_holds WHERE order_id = ?',
      args: [fingerprintOf.body.order.data.id],
    });
    const rerun = await t.post('/api/orders', orderBody, { 'Idempotency-Key': 'attempt-8:order' });
    expect(rerun.status).toBe(201);
    expect(rerun.headers.get('idempotent-replayed')).toBeNull();
    expect(await t.count('orders')).toBe(before + 2);
  });
});
