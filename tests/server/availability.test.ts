import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseExpiredHolds } from '../../server/services/holds';
import { makeTestApp, type TestApp } from './helpers';

/** Issue 24: availability by hire date, and the holds order requests place. */
let t: TestApp;
let customerId: string;
beforeAll(async () => {
  t = await makeTestApp();
  const created = await t.post('/api/customers', {
    data: {
      type: 'customers',
      attributes: { name: 'Ava Chen', email: 'ava-holds@example.com', phone: '0400 111 222' },
    },
  });
  customerId = created.body.data.id;
});
afterAll(() => t?.close());

const rows = async (sql: string, args: (string | number)[] = []) => (await t.db.$client.execute({ sql, args })).rows;
/** A visible product with at least `stock` units and the group it belongs to. */
async function product(minStock: number, skip: string[] = []) {
  const [row] = await rows(
    `SELECT p.id, p.stock_count AS stock, p.product_group_id AS group_id FROM products p JOIN product_groups g ON g.id = p.product_group_id
     WHERE p.archived = 0 AND p.show_in_store = 1 AND g.archived = 0 AND g.show_in_store = 1 AND p.stock_count >= ?
     AND p.id NOT IN (${skip.map(() => '?').join(',') || "''"}) ORDER BY p.id LIMIT 1`,
    [minStock, ...skip],
  );
  return { id: String(row?.id), stock: Number(row?.stock), groupId: String(row?.group_id) };
}
const order = (productId: string, quantity: number, date: string, fulfillment: 'pickup' | 'delivery' = 'pickup') =>
  t.post('/api/orders', {
    customer_id: customerId,
    starts_at: date,
    stops_at: date,
    fulfillment_type: fulfillment,
    ...(fulfillment === 'delivery' ? { delivery_address: '1 George St, Sydney NSW 2000' } : {}),
    lines: [{ id: productId, quantity, isBundle: false, bundleVariations: [] }],
  });
const freeOn = async (productId: string, date: string) =>
  (await t.json(`/api/products/${productId}?date=${date}`)).body.data.attributes.inventory;

describe('availability on a date', () => {
  it('drops by an order’s quantities exactly in its hold window and nowhere else', async () => {
    const p = await product(6);
    // A pickup for Saturday 6 March 2027 holds Friday 5 to Monday 8.
    const created = await order(p.id, 2, '2027-03-06');
    expect(created.status).toBe(201);
    expect(created.body.order.data.attributes.status).toBe('reserved');
    for (const day of ['2027-03-05', '2027-03-06', '2027-03-07', '2027-03-08']) {
      expect(await freeOn(p.id, day), day).toEqual({
        available: p.stock - 2,
        stock_count: p.stock,
        plannable: p.stock - 2,
      });
    }
    for (const day of ['2027-03-04', '2027-03-09']) expect((await freeOn(p.id, day)).available, day).toBe(p.stock);
    // Without a date, everything is as before.
    expect((await t.json(`/api/products/${p.id}`)).body.data.attributes.inventory.available).toBe(p.stock);
    // The group counts its products' free units; the cart's question answers the same.
    const group = async (date?: string) =>
      (await t.json(`/api/product-groups/${p.groupId}${date ? `?date=${date}` : ''}`)).body.data.attributes.inventory;
    expect((await group('2027-03-06')).available).toBe((await group()).available - 2);
    expect((await group('2027-03-06')).stock_count).toBe((await group()).stock_count);
    const asked = await t.json(`/api/availability?date=2027-03-06&products=${p.id},no-such-product`);
    expect(asked.body).toEqual({ data: { date: '2027-03-06', products: { [p.id]: p.stock - 2 } } });
    // A delivery on Wednesday 10 March holds 9 to 11 March only.
    expect((await order(p.id, 1, '2027-03-10', 'delivery')).status).toBe(201);
    expect((await freeOn(p.id, '2027-03-08')).available).toBe(p.stock - 2);
    expect((await freeOn(p.id, '2027-03-09')).available).toBe(p.stock - 1);
    expect((await freeOn(p.id, '2027-03-11')).available).toBe(p.stock - 1);
    expect((await freeOn(p.id, '2027-03-12')).available).toBe(p.stock);
  });

  it('dates listings and searches too, with stock_count still the total', async () => {
    const p = await product(4);
    const [tag] = await rows('SELECT tag FROM item_tags WHERE owner_id = ? LIMIT 1', [p.groupId]);
    await order(p.id, p.stock, '2027-04-03');
    const listing = (date?: string) =>
      t.json(`/api/boomerang/items?tag=${tag?.tag}&per_page=100${date ? `&date=${date}` : ''}`);
    const item = (answer: any) => answer.body.data.find((entry: any) => entry.id === p.groupId).attributes.inventory;
    const dated = item(await listing('2027-04-03'));
    const plain = item(await listing());
    expect(dated.available).toBe(plain.available - p.stock);
    expect(dated.stock_count).toBe(plain.stock_count);
  });

  it('gives a bundle as many as its scarcest item allows on the date', async () => {
    const [fixed] = await rows(
      `SELECT b.id AS bundle, i.product_id AS product, i.quantity, p.stock_count AS stock FROM bundles b
       JOIN bundle_items i ON i.bundle_id = b.id JOIN products p ON p.id = i.product_id
       WHERE b.archived = 0 AND b.show_in_store = 1 AND p.archived = 0 AND p.stock_count > 0 LIMIT 1`,
    );
    const bundleId = String(fixed?.bundle);
    const before = (await t.json(`/api/bundles/${bundleId}?date=2027-05-01`)).body.data.attributes.inventory;
    expect(before.available).toBeGreaterThan(0);
    // Every unit of one of its fixed items is held that weekend: the bundle is booked out then only.
    await order(String(fixed?.product), Number(fixed?.stock), '2027-05-01');
    expect((await t.json(`/api/bundles/${bundleId}?date=2027-05-01`)).body.data.attributes.inventory).toMatchObject({
      available: 0,
      stock_count: before.stock_count,
    });
    expect((await t.json(`/api/bundles/${bundleId}?date=2027-05-15`)).body.data.attributes.inventory.available).toBe(
      before.available,
    );
  });

  it('records a request that finds too little free as manual, holding nothing', async () => {
    const p = await product(3);
    expect((await order(p.id, p.stock, '2027-06-05')).body.order.data.attributes.status).toBe('reserved');
    const second = await order(p.id, 1, '2027-06-06');
    expect(second.status).toBe(201);
    expect(second.body.needsManualProcessing).toBe(true);
    expect(second.body.errorMessage).toContain('1 requested, 0 free from Friday 4 June 2027 to Monday 7 June 2027');
    const held = await rows('SELECT COUNT(*) AS n FROM order_holds WHERE order_id = ?', [second.body.order.data.id]);
    expect(Number(held[0]?.n)).toBe(0);
  });

  it('releases a hold when it lapses after 7 days, and bumps the data version', async () => {
    const p = await product(2);
    const placed = new Date();
    await order(p.id, 1, '2027-07-03');
    expect((await freeOn(p.id, '2027-07-03')).available).toBe(p.stock - 1);
    const [version] = await rows('SELECT version FROM catalogue_version');
    expect(await releaseExpiredHolds(t.db, new Date(placed.getTime() + 6 * 86_400_000))).toBe(0);
    const later = new Date(placed.getTime() + 7 * 86_400_000 + 60_000);
    expect(await releaseExpiredHolds(t.db, later)).toBeGreaterThanOrEqual(1);
    const [after] = await rows('SELECT version FROM catalogue_version');
    expect(Number(after?.version)).toBeGreaterThan(Number(version?.version));
    await t.cache.version.refresh();
    expect((await freeOn(p.id, '2027-07-03')).available).toBe(p.stock);
  });

  it.each([
    ['2026-2-5', 'date must be a day written YYYY-MM-DD'],
    ['2027-02-29', 'date must be a real calendar date'],
    ['tomorrow', 'date must be a day written YYYY-MM-DD'],
  ])('refuses the date %s with a 400 that says why', async (date, message) => {
    for (const path of [
      '/api/bundles?date=',
      '/api/boomerang/items?tag=decor&date=',
      '/api/availability?products=x&date=',
    ]) {
      const answer = await t.json(`${path}${encodeURIComponent(date)}`);
      expect(answer.status, path).toBe(400);
      expect(answer.body.error, path).toContain(message);
    }
  });

  it('refuses an order for a past hire date', async () => {
    const p = await product(1);
    const past = await order(p.id, 1, '2020-01-04');
    expect(past.status).toBe(400);
    expect(past.body.error).toContain('the hire date 2020-01-04 is in the past');
    const empty = await t.json('/api/availability?date=2027-01-02&products=');
    expect(empty.status).toBe(400);
    expect(empty.body.error).toContain('products lists product ids');
  });

  it('answers the whole day without products: every product, group and bundle', async () => {
    const p = await product(5);
    await order(p.id, 3, '2027-10-02');
    const day = (await t.json('/api/availability?date=2027-10-02')).body.data;
    const plain = (await t.json(`/api/product-groups/${p.groupId}`)).body.data.attributes.inventory.available;
    expect(day.products[p.id]).toBe(p.stock - 3);
    expect(day.groups[p.groupId]).toBe(plain - 3);
    expect(Object.keys(day.bundles).length).toBeGreaterThan(0);
  });

  it('gives exactly as many holders as there are units when 20 requests race for them', async () => {
    const p = await product(3);
    await t.db.$client.execute({ sql: 'UPDATE products SET stock_count = 3 WHERE id = ?', args: [p.id] });
    const answers = await Promise.all(Array.from({ length: 20 }, () => order(p.id, 1, '2027-08-07')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    const statuses = answers.map((answer) => answer.body.order.data.attributes.status);
    expect(statuses.filter((status) => status === 'reserved')).toHaveLength(3);
    expect(statuses.filter((status) => status === 'manual_review')).toHaveLength(17);
    await t.cache.version.refresh();
    expect((await freeOn(p.id, '2027-08-07')).available).toBe(0);
  });
});
