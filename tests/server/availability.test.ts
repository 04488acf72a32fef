import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { daysFromToday, nextSaturday, written } from '../fixtures/hire-dates';
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
    // A pickup for a Saturday holds Friday to Monday.
    const saturday = nextSaturday(0);
    const created = await order(p.id, 2, saturday);
    expect(created.status).toBe(201);
    expect(created.body.order.data.attributes).toMatchObject({
      status: 'reserved',
      hold_from: addDays(saturday, -1),
      hold_to: addDays(saturday, 2),
    });
    for (const day of [-1, 0, 1, 2].map((n) => addDays(saturday, n))) {
      expect(await freeOn(p.id, day), day).toEqual({
        available: p.stock - 2,
        stock_count: p.stock,
        plannable: p.stock - 2,
      });
    }
    for (const day of [addDays(saturday, -2), addDays(saturday, 3)]) {
      expect((await freeOn(p.id, day)).available, day).toBe(p.stock);
    }
    // Without a date, everything is as before.
    expect((await t.json(`/api/products/${p.id}`)).body.data.attributes.inventory.available).toBe(p.stock);
    // The group counts its products' free units; the cart's question answers the same.
    const group = async (date?: string) =>
      (await t.json(`/api/product-groups/${p.groupId}${date ? `?date=${date}` : ''}`)).body.data.attributes.inventory;
    expect((await group(saturday)).available).toBe((await group()).available - 2);
    expect((await group(saturday)).stock_count).toBe((await group()).stock_count);
    const asked = await t.json(`/api/availability?date=${saturday}&products=${p.id},no-such-product`);
    expect(asked.body).toEqual({ data: { date: saturday, products: { [p.id]: p.stock - 2 } } });
    // A delivery on the Wednesday after holds Monday to Thursday: delivered on the Monday, as the
    // business is closed on Tuesdays (its opening hours; issue 60), and collected on the Thursday.
    const wednesday = addDays(saturday, 4);
    expect((await order(p.id, 1, wednesday, 'delivery')).status).toBe(201);
    expect((await freeOn(p.id, addDays(wednesday, -3))).available).toBe(p.stock - 2);
    expect((await freeOn(p.id, addDays(wednesday, -2))).available).toBe(p.stock - 3);
    expect((await freeOn(p.id, addDays(wednesday, -1))).available).toBe(p.stock - 1);
    expect((await freeOn(p.id, addDays(wednesday, 1))).available).toBe(p.stock - 1);
    expect((await freeOn(p.id, addDays(wednesday, 2))).available).toBe(p.stock);
  });

  it('dates listings and searches too, with stock_count still the total', async () => {
    const p = await product(4);
    const [tag] = await rows('SELECT tag FROM item_tags WHERE owner_id = ? LIMIT 1', [p.groupId]);
    await order(p.id, p.stock, nextSaturday(1));
    const listing = (date?: string) =>
      t.json(`/api/boomerang/items?tag=${tag?.tag}&per_page=100${date ? `&date=${date}` : ''}`);
    const item = (answer: any) => answer.body.data.find((entry: any) => entry.id === p.groupId).attributes.inventory;
    const dated = item(await listing(nextSaturday(1)));
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
    const before = (await t.json(`/api/bundles/${bundleId}?date=${nextSaturday(2)}`)).body.data.attributes.inventory;
    expect(before.available).toBeGreaterThan(0);
    // Every unit of one of its fixed items is held that weekend: the bundle is booked out then only.
    await order(String(fixed?.product), Number(fixed?.stock), nextSaturday(2));
    expect(
      (await t.json(`/api/bundles/${bundleId}?date=${nextSaturday(2)}`)).body.data.attributes.inventory,
    ).toMatchObject({
      available: 0,
      stock_count: before.stock_count,
    });
    expect(
      (await t.json(`/api/bundles/${bundleId}?date=${nextSaturday(4)}`)).body.data.attributes.inventory.available,
    ).toBe(before.available);
  });

  it('records a request that finds too little free as manual, holding nothing, and says which line', async () => {
    const p = await product(3);
    const saturday = nextSaturday(3);
    expect((await order(p.id, p.stock, saturday)).body.order.data.attributes.status).toBe('reserved');
    // The Sunday's window (Friday to Monday) is the Saturday's: nothing is left.
    const second = await order(p.id, 1, addDays(saturday, 1));
    expect(second.status).toBe(201);
    expect(second.body.needsManualProcessing).toBe(true);
    expect(second.body.errorMessage).toContain(
      `1 requested, 0 free from ${written(addDays(saturday, -1))} to ${written(addDays(saturday, 2))}`,
    );
    expect(second.body.orderDetails.short_lines).toEqual([0]);
    const held = await rows('SELECT state, quantity FROM order_holds WHERE order_id = ?', [second.body.order.data.id]);
    expect(held).toEqual([expect.objectContaining({ state: 'wanted', quantity: 1 })]);
  });

  it('moves the data version when a hold that counts comes, not for a request that holds nothing', async () => {
    const p = await product(2);
    const saturday = nextSaturday(9);
    const version = async () => Number((await rows('SELECT version FROM catalogue_version'))[0]?.version);
    const before = await version();
    expect((await order(p.id, p.stock, saturday)).body.order.data.attributes.status).toBe('reserved');
    const afterHeld = await version();
    expect(afterHeld).toBeGreaterThan(before);
    // Nothing left: recorded as wanted, for the team. What is free did not change, nor do cached answers.
    expect((await order(p.id, 1, saturday)).body.needsManualProcessing).toBe(true);
    expect(await version()).toBe(afterHeld);
  });

  it('no longer spans two weekends: a Tuesday pickup holds Monday to Wednesday only', async () => {
    const p = await product(2);
    // Every unit is out the weekend after (Friday to Monday).
    const saturday = nextSaturday(6);
    await order(p.id, p.stock, saturday);
    // Before: a Tuesday held from the Friday before to the Monday after next, over that weekend too.
    const tuesday = addDays(saturday, -4);
    const answer = await order(p.id, 1, tuesday);
    expect(answer.body.order.data.attributes).toMatchObject({
      status: 'reserved',
      hold_from: addDays(tuesday, -1),
      hold_to: addDays(tuesday, 1),
    });
  });

  it('lapses a hold after 7 days, and bumps the data version', async () => {
    const p = await product(2);
    const placed = new Date();
    const saturday = nextSaturday(7);
    const created = await order(p.id, 1, saturday);
    expect((await freeOn(p.id, saturday)).available).toBe(p.stock - 1);
    const [version] = await rows('SELECT version FROM catalogue_version');
    try {
      t.setNow(new Date(placed.getTime() + 6 * 86_400_000));
      expect((await t.sweep()).lapsed).toBe(0);
      t.setNow(new Date(placed.getTime() + 7 * 86_400_000 + 60_000));
      expect((await t.sweep()).lapsed).toBeGreaterThanOrEqual(1);
    } finally {
      t.setNow(null);
    }
    const states = await rows('SELECT state FROM order_holds WHERE order_id = ?', [created.body.order.data.id]);
    expect(states.map((row) => row.state)).toEqual(['lapsed']);
    const [after] = await rows('SELECT version FROM catalogue_version');
    expect(Number(after?.version)).toBeGreaterThan(Number(version?.version));
    await t.cache.version.refresh();
    expect((await freeOn(p.id, saturday)).available).toBe(p.stock);
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
    const past = await order(p.id, 1, daysFromToday(-3));
    expect(past.status).toBe(400);
    expect(past.body.error).toContain(`the hire date ${daysFromToday(-3)} is in the past`);
    const empty = await t.json(`/api/availability?date=${nextSaturday()}&products=`);
    expect(empty.status).toBe(400);
    expect(empty.body.error).toContain('products lists product ids');
  });

  it('answers the whole day without products: every product, group and bundle', async () => {
    const p = await product(5);
    await order(p.id, 3, nextSaturday(8));
    const day = (await t.json(`/api/availability?date=${nextSaturday(8)}`)).body.data;
    const plain = (await t.json(`/api/product-groups/${p.groupId}`)).body.data.attributes.inventory.available;
    expect(day.products[p.id]).toBe(p.stock - 3);
    expect(day.groups[p.groupId]).toBe(plain - 3);
    expect(Object.keys(day.bundles).length).toBeGreaterThan(0);
  });

  it('gives exactly as many holders as there are units when 20 requests race for them', async () => {
    const p = await product(3);
    await t.db.$client.execute({ sql: 'UPDATE products SET stock_count = 3 WHERE id = ?', args: [p.id] });
    const answers = await Promise.all(Array.from({ length: 20 }, () => order(p.id, 1, nextSaturday(9))));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    const statuses = answers.map((answer) => answer.body.order.data.attributes.status);
    expect(statuses.filter((status) => status === 'reserved')).toHaveLength(3);
    expect(statuses.filter((status) => status === 'manual_review')).toHaveLength(17);
    await t.cache.version.refresh();
    expect((await freeOn(p.id, nextSaturday(9))).available).toBe(0);
  });
});
