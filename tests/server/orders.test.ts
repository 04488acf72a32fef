import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResult } from '../../src/lib/api-contract';
import { daysFromToday, nextSaturday } from '../fixtures/hire-dates';
import { makeTestApp, type TestApp } from './helpers';

let t: TestApp;
afterAll(() => t?.close());
let customerId: string;

async function idOf(sql: string): Promise<string> {
  const result = await t.db.$client.execute(sql);
  return String(result.rows[0]?.id);
}

beforeAll(async () => {
  t = await makeTestApp();
  const created = await t.post('/api/customers', {
    data: { type: 'customers', attributes: { name: 'Ava Chen', email: 'ava@example.com', phone: '0400 111 222' } },
  });
  customerId = created.body.data.id;
});

const order = (lines: unknown[], extra: Record<string, unknown> = {}) => ({
  customer_id: customerId,
  starts_at: nextSaturday(),
  stops_at: nextSaturday(),
  fulfillment_type: 'pickup',
  lines,
  ...extra,
});

describe('POST /api/orders', () => {
  it('creates an order priced from the catalogue and returns order.data.id', async () => {
    const chair = await idOf("SELECT id FROM products WHERE name = 'Tiffany Chair - White'");
    const before = await t.count('orders');
    const { status, body } = await t.post<OrderResult>(
      '/api/orders',
      order([{ id: chair, quantity: 10, isBundle: false }]),
    );
    expect(status).toBe(201);
    expect(body.order.data.id).toMatch(/^\d+$/);
    expect(body.needsManualProcessing).toBeUndefined();
    expect(body.fulfillmentError).toBeUndefined();
    expect(body.order.data.attributes).toMatchObject({ status: 'reserved', subtotal_in_cents: 10 * 800 });
    expect(await t.count('orders')).toBe(before + 1);
  });

  it('numbers orders one after another', async () => {
    const chair = await idOf("SELECT id FROM products WHERE name = 'Tiffany Chair - Gold'");
    const a = await t.post<OrderResult>('/api/orders', order([{ id: chair, quantity: 1, isBundle: false }]));
    const b = await t.post<OrderResult>('/api/orders', order([{ id: chair, quantity: 1, isBundle: false }]));
    expect(Number(b.body.order.data.id)).toBe(Number(a.body.order.data.id) + 1);
  });

  it('prices a bundle with the visitor chosen products and its discounts', async () => {
    const bundle = await idOf("SELECT id FROM bundles WHERE name = 'Ghost Ceremony Package'");
    const items = await t.db.$client.execute({
      sql: 'SELECT id, product_group_id, product_id FROM bundle_items WHERE bundle_id = ? ORDER BY position',
      args: [bundle],
    });
    const choose = async (itemIndex: number, productName: string) => ({
      bundleItemId: String(items.rows[itemIndex]?.id),
      productId: await idOf(`SELECT id FROM products WHERE name = '${productName}'`),
      displayName: productName,
    });
    const variations = [await choose(0, 'Ghost Chair - Armless'), await choose(2, 'Round Metal Arch - Gold')];
    const { status, body } = await t.post<OrderResult>(
      '/api/orders',
      order([{ id: bundle, quantity: 1, isBundle: true, bundleVariations: variations }]),
    );
    expect(status).toBe(201);
    expect(body.needsManualProcessing).toBeUndefined();
    // 20 chairs at $12 less 10%, a $72 ghost plinth less 10%, a $130 arch less 15%.
    const expected = Math.round(20 * 1200 * 0.9 + 7200 * 0.9 + 13000 * 0.85);
    expect(body.order.data.attributes.subtotal_in_cents).toBe(expected);
  });

  it('flags an incomplete bundle for manual processing instead of failing', async () => {
    const bundle = await idOf("SELECT id FROM bundles WHERE name = 'Ghost Ceremony Package'");
    const { status, body } = await t.post<OrderResult>(
      '/api/orders',
      order([{ id: bundle, quantity: 1, isBundle: true }]),
    );
    expect(status).toBe(201);
    expect(body.needsManualProcessing).toBe(true);
    expect(body.errorMessage).toContain('no product chosen for Ghost Chair');
  });

  it('flags a line over stock for manual processing', async () => {
    const row = await t.db.$client.execute("SELECT id, stock_count FROM products WHERE name = 'Mirror Bar - Silver'");
    const stock = Number(row.rows[0]?.stock_count);
    const { body } = await t.post<OrderResult>(
      '/api/orders',
      order([{ id: String(row.rows[0]?.id), quantity: stock + 1, isBundle: false }]),
    );
    expect(body.needsManualProcessing).toBe(true);
    expect(body.errorMessage).toContain(`${stock + 1} requested, ${stock} in stock`);
    expect(body.order.data.attributes.status).toBe('manual_review');
  });

  it('reports a fulfilment error for an item no longer for hire, and keeps the order', async () => {
    const retired = await idOf("SELECT id FROM products WHERE name = 'Giant Velvet Bow - White'");
    const before = await t.count('orders');
    const { status, body } = await t.post<OrderResult>(
      '/api/orders',
      order([{ id: retired, quantity: 1, isBundle: false }]),
    );
    expect(status).toBe(201);
    expect(body.fulfillmentError).toBe(true);
    expect(body.errorMessage).toContain('no longer available');
    expect(await t.count('orders')).toBe(before + 1);
  });

  it('keeps the delivery address for delivery only', async () => {
    const chair = await idOf("SELECT id FROM products WHERE name = 'Tiffany Chair - Black'");
    const pickup = await t.post<OrderResult>(
      '/api/orders',
      order([{ id: chair, quantity: 1, isBundle: false }], { delivery_address: '1 George St' }),
    );
    expect(pickup.body.order.data.attributes.delivery_address).toBeNull();
    const delivery = await t.post<OrderResult>(
      '/api/orders',
      order([{ id: chair, quantity: 1, isBundle: false }], {
        fulfillment_type: 'delivery',
        delivery_address: '1 George St',
      }),
    );
    expect(delivery.body.order.data.attributes.delivery_address).toBe('1 George St');
  });

  it.each([
    ['no lines', { lines: [] }, 'lines'],
    ['delivery without address', { fulfillment_type: 'delivery' }, 'delivery_address'],
    ['a bad date', { starts_at: '05/12/2026' }, 'starts_at'],
    ['stops before starts', { stops_at: daysFromToday(1) }, 'stops_at'],
    ['an unknown fulfilment', { fulfillment_type: 'drone' }, 'fulfillment_type'],
    ['a zero quantity', { lines: [{ id: 'x', quantity: 0, isBundle: false }] }, 'lines.0.quantity'],
    ['a fractional quantity', { lines: [{ id: 'x', quantity: 1.5, isBundle: false }] }, 'lines.0.quantity'],
  ])('answers 400 for %s and writes nothing', async (_name, patch, field) => {
    const before = await t.count('orders');
    const { status, body } = await t.post('/api/orders', {
      ...order([{ id: 'x', quantity: 1, isBundle: false }]),
      ...patch,
    });
    expect(status).toBe(400);
    expect(body.issues.map((i: { path: string }) => i.path)).toContain(field);
    expect(await t.count('orders')).toBe(before);
  });

  it('refuses a hire date in the past or more than two years ahead, naming it, and writes nothing', async () => {
    const chair = await idOf("SELECT id FROM products WHERE name = 'Tiffany Chair - White'");
    const before = await t.count('orders');
    const yesterday = daysFromToday(-1);
    const past = await t.post('/api/orders', {
      ...order([{ id: chair, quantity: 1, isBundle: false }]),
      starts_at: yesterday,
      stops_at: yesterday,
    });
    expect(past.status).toBe(400);
    expect(past.body.error).toContain(`the hire date ${yesterday} is in the past`);
    const far = daysFromToday(2 * 366 + 1);
    const late = await t.post('/api/orders', {
      ...order([{ id: chair, quantity: 1, isBundle: false }]),
      starts_at: far,
      stops_at: far,
    });
    expect(late.status).toBe(400);
    expect(late.body.error).toContain(`the hire date ${far} is more than 2 years ahead`);
    // Two years less a day is still taken.
    const last = daysFromToday(2 * 365 - 1);
    expect(
      (
        await t.post('/api/orders', {
          ...order([{ id: chair, quantity: 1, isBundle: false }]),
          starts_at: last,
          stops_at: last,
        })
      ).status,
    ).toBe(201);
    expect(await t.count('orders')).toBe(before + 1);
  });

  it('keeps the order notes and the signage wish with the order', async () => {
    const chair = await idOf("SELECT id FROM products WHERE name = 'Tiffany Chair - White'");
    const { body } = await t.post<OrderResult>(
      '/api/orders',
      order([{ id: chair, quantity: 1, isBundle: false }], {
        order_notes: '  Gate code 1234\nPlease call first  ',
        wants_signage: true,
      }),
    );
    const row = await t.db.$client.execute({
      sql: 'SELECT notes, wants_signage FROM orders WHERE id = ?',
      args: [body.order.data.id],
    });
    expect(row.rows[0]).toMatchObject({ notes: 'Gate code 1234\nPlease call first', wants_signage: 1 });
  });

  it('answers 400 for unknown products, bundles and customers and writes nothing', async () => {
    const before = await t.count('orders');
    const unknownProduct = await t.post('/api/orders', order([{ id: 'nope', quantity: 1, isBundle: false }]));
    expect(unknownProduct.status).toBe(400);
    expect(unknownProduct.body.error).toContain('unknown product');
    const unknownBundle = await t.post('/api/orders', order([{ id: 'nope', quantity: 1, isBundle: true }]));
    expect(unknownBundle.body.error).toContain('unknown bundle');
    const unknownCustomer = await t.post('/api/orders', {
      ...order([{ id: 'x', quantity: 1, isBundle: false }]),
      customer_id: 'nope',
    });
    expect(unknownCustomer.body.error).toContain('unknown customer');
    // The service's refusal names its field, so a form can show it beside that field.
    expect(unknownProduct.body.issues).toEqual([{ path: 'lines.0.id', message: 'unknown product nope' }]);
    expect(unknownCustomer.body.issues).toEqual([{ path: 'customer_id', message: 'unknown customer nope' }]);
    expect(await t.count('orders')).toBe(before);
  });
});

describe('customers', () => {
  it('finds a customer by email, case-insensitively, with only a masked phone under properties', async () => {
    const { status, body } = await t.json('/api/customers/search?email=AVA@Example.com');
    expect(status).toBe(200);
    expect(body.data).toEqual([
      { id: customerId, type: 'customers', attributes: { properties: { phone: '••• 222' } } },
    ]);
  });

  it('is never cached by shared caches', async () => {
    const { headers } = await t.json('/api/customers/search?email=ava@example.com');
    expect(headers.get('cache-control') ?? '').not.toContain('public');
  });

  it('answers an empty list for an unknown email and 400 for a malformed one', async () => {
    expect((await t.json('/api/customers/search?email=nobody@example.com')).body.data).toEqual([]);
    expect((await t.json('/api/customers/search?email=not-an-email')).status).toBe(400);
  });

  it('refuses a second customer with the same email', async () => {
    const { status } = await t.post('/api/customers', {
      data: { type: 'customers', attributes: { name: 'Ava', email: 'Ava@example.com' } },
    });
    expect(status).toBe(409);
  });

  it('adds a missing phone with PUT', async () => {
    const created = await t.post('/api/customers', {
      data: { type: 'customers', attributes: { name: 'Ben Ng', email: 'ben@example.com' } },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.attributes.properties.phone).toBeNull();
    const id = created.body.data.id;
    const updated = await t.json(`/api/customers/${id}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { id, type: 'customers', attributes: { phone: '0411 222 333' } } }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toEqual({ id, type: 'customers', attributes: { properties: { phone: '••• 333' } } });
    const row = await t.db.$client.execute({ sql: 'SELECT phone FROM customers WHERE id = ?', args: [id] });
    expect(row.rows[0]?.phone).toBe('0411 222 333');
  });

  it('answers 404 for an unknown customer and 400 for an id mismatch', async () => {
    const put = (id: string, bodyId: string) =>
      t.json(`/api/customers/${id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ data: { id: bodyId, type: 'customers', attributes: { phone: '0400 000 000' } } }),
      });
    expect((await put('nope', 'nope')).status).toBe(404);
    expect((await put(customerId, 'other')).status).toBe(400);
  });

  it.each([
    [{ data: { type: 'customers', attributes: { name: '', email: 'a@b.co' } } }, 'data.attributes.name'],
    [{ data: { type: 'customers', attributes: { name: 'A', email: 'nope' } } }, 'data.attributes.email'],
    [{ data: { type: 'people', attributes: { name: 'A', email: 'a@b.co' } } }, 'data.type'],
    [
      { data: { type: 'customers', attributes: { name: 'A', email: 'a@b.co', phone: 'call me' } } },
      'data.attributes.phone',
    ],
  ])('answers 400 naming the field for a bad customer', async (payload, field) => {
    const before = await t.count('customers');
    const { status, body } = await t.post('/api/customers', payload);
    expect(status).toBe(400);
    expect(body.issues.map((i: { path: string }) => i.path)).toContain(field);
    expect(await t.count('customers')).toBe(before);
  });
});
