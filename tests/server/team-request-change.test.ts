import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SATURDAY, weekdayAhead } from '../fixtures/hire-dates';
import { makeTestApp, orderAsNewCustomer, placeOrder, type TestApp } from './helpers';
import { addMember, postForm, signIn } from './team-helpers';

/** Issue 48: a held or confirmed request changed in the workspace, all through the booking module. */
let t: TestApp;
let me: { cookie: string; csrf: string };
beforeAll(async () => {
  t = await makeTestApp();
  await addMember(t, 'cleo@example.com', 'staff');
  me = await signIn(t, 'cleo@example.com');
});
afterAll(() => t?.close());

const rows = async (sql: string, args: (string | number)[] = []) => (await t.db.$client.execute({ sql, args })).rows;
const formOf = async (id: string) => {
  const [order] = await rows('SELECT starts_at, fulfillment_type, notes FROM orders WHERE id = ?', [id]);
  const lines = await rows('SELECT id, quantity FROM order_lines WHERE order_id = ? ORDER BY position', [id]);
  return {
    _csrf: me.csrf,
    hireDate: String(order?.starts_at).slice(0, 10),
    fulfilment: String(order?.fulfillment_type),
    deliveryAddress: '',
    notes: String(order?.notes ?? ''),
    addProduct: '',
    addQuantity: '1',
    ...Object.fromEntries(lines.map((line) => [`qty:${line.id}`, String(line.quantity)])),
  } as Record<string, string>;
};
const holdsOf = (id: string) =>
  rows(
    'SELECT product_id, quantity, hold_from, hold_to, state FROM order_holds WHERE order_id = ? ORDER BY product_id',
    [id],
  );
/** A product with `stock` units and nothing held on the window of `date`. */
async function productWithStock(stock: number) {
  const [row] = await rows(
    `SELECT p.id, p.name FROM products p JOIN product_groups g ON g.id = p.product_group_id
     WHERE p.archived = 0 AND p.show_in_store = 1 AND g.archived = 0 AND g.show_in_store = 1
       AND NOT EXISTS (SELECT 1 FROM order_holds h WHERE h.product_id = p.id) ORDER BY p.id LIMIT 1 OFFSET ?`,
    [Math.floor(Math.random() * 20)],
  );
  await rows('UPDATE products SET stock_count = ? WHERE id = ?', [stock, String(row?.id)]);
  return { id: String(row?.id), name: String(row?.name) };
}

describe('changing a request', () => {
  it('moves a confirmed booking to another date, adds an item and changes a quantity: holds, lines, totals, email and log follow', async () => {
    const id = await placeOrder(t, 'change@example.com', 'pickup', weekdayAhead(SATURDAY, 20));
    expect((await postForm(t, `/team/requests/${id}/confirm`, { _csrf: me.csrf }, me.cookie)).status).toBe(303);
    const added = await productWithStock(10);
    const later = weekdayAhead(SATURDAY, 21);
    const form = await formOf(id);
    const [line] = await rows('SELECT id, quantity, price_in_cents, title FROM order_lines WHERE order_id = ?', [id]);
    const changed = await postForm(
      t,
      `/team/requests/${id}/change`,
      {
        ...form,
        hireDate: later,
        [`qty:${line?.id}`]: '3',
        addProduct: added.id,
        addQuantity: '4',
        notes: 'Call before 9',
      },
      me.cookie,
    );
    expect(changed.status).toBe(303);
    expect(changed.headers.get('location')).toBe(`/team/requests/${id}?done=changed`);
    const window = t.booking.window(later, 'pickup');
    const holds = await holdsOf(id);
    expect(holds).toHaveLength(2);
    for (const hold of holds)
      expect(hold).toMatchObject({ hold_from: window.from, hold_to: window.to, state: 'confirmed' });
    expect(holds.find((hold) => hold.product_id === added.id)?.quantity).toBe(4);
    const [order] = await rows('SELECT starts_at, subtotal_in_cents, notes FROM orders WHERE id = ?', [id]);
    expect(String(order?.starts_at).slice(0, 10)).toBe(later);
    expect(order?.notes).toBe('Call before 9');
    const [price] = await rows('SELECT base_price_in_cents AS cents FROM products WHERE id = ?', [added.id]);
    expect(order?.subtotal_in_cents).toBe(3 * Number(line?.price_in_cents) + 4 * Number(price?.cents));
    const [email] = await rows("SELECT subject, text FROM email_outbox WHERE order_id = ? AND kind = 'order_changed'", [
      id,
    ]);
    expect(email?.subject).toMatch(new RegExp(`^Your order ${id} for .+ has changed$`));
    expect(email?.text).toContain(`- ${line?.title}: ${line?.quantity}, now 3`);
    expect(email?.text).toContain(`- Added: 4 × ${added.name}`);
    expect(email?.text).toContain('- Hire date: ');
    const [log] = await rows("SELECT before, after FROM team_activity WHERE subject_id = ? AND kind = 'changed'", [id]);
    expect(JSON.parse(String(log?.before)).hireDate).toBe(weekdayAhead(SATURDAY, 20));
    expect(JSON.parse(String(log?.after)).hireDate).toBe(later);
  });

  it('refuses a change that does not fit the stock on its dates, saying what is short, and changes nothing', async () => {
    const product = await productWithStock(3);
    const date = weekdayAhead(SATURDAY, 24);
    const other = await orderAsNewCustomer(t, product.id, 2, date);
    expect(other.status).toBe(201);
    const id = await placeOrder(t, 'short@example.com', 'pickup', date);
    const before = {
      holds: await holdsOf(id),
      lines: await rows('SELECT * FROM order_lines WHERE order_id = ?', [id]),
    };
    const refused = await postForm(
      t,
      `/team/requests/${id}/change`,
      { ...(await formOf(id)), addProduct: product.id, addQuantity: '2', notes: 'Typed, not saved' },
      me.cookie,
    );
    expect(refused.status).toBe(409);
    const page = await refused.text();
    // The form comes back open with what was typed.
    expect(page).toContain('<details open>');
    expect(page).toContain('>Typed, not saved</textarea>');
    expect(page).toContain(`<option value="${product.id}" selected>`);
    expect(page).toContain('Not changed: it does not fit on the new dates.');
    expect(page).toContain(`${product.name}: 2 needed, 1 free`);
    expect(await holdsOf(id)).toEqual(before.holds);
    expect(await rows('SELECT * FROM order_lines WHERE order_id = ?', [id])).toEqual(before.lines);
    expect(
      (await rows("SELECT COUNT(*) AS n FROM email_outbox WHERE order_id = ? AND kind = 'order_changed'", [id]))[0]?.n,
    ).toBe(0);
  });

  it('answers a wrong form with 400 and the request as it was; a returned request cannot be changed', async () => {
    const id = await placeOrder(t, 'wrong@example.com', 'pickup', weekdayAhead(SATURDAY, 26));
    const form = await formOf(id);
    const past = await postForm(t, `/team/requests/${id}/change`, { ...form, hireDate: '2020-01-04' }, me.cookie);
    expect(past.status).toBe(400);
    expect(await past.text()).toContain('Not changed: The hire date is in the past: choose today or later.');
    const noAddress = await postForm(t, `/team/requests/${id}/change`, { ...form, fulfilment: 'delivery' }, me.cookie);
    expect(noAddress.status).toBe(400);
    expect(await noAddress.text()).toContain('Write the delivery address, or choose pickup.');
    const same = await postForm(t, `/team/requests/${id}/change`, form, me.cookie);
    expect(same.headers.get('location')).toBe(`/team/requests/${id}?done=nothing_changed`);
    await postForm(t, `/team/requests/${id}/confirm`, { _csrf: me.csrf }, me.cookie);
    await postForm(t, `/team/requests/${id}/return`, { _csrf: me.csrf, day: t.booking.today() }, me.cookie);
    const returned = await postForm(t, `/team/requests/${id}/change`, { ...form, notes: 'late note' }, me.cookie);
    expect(returned.headers.get('location')).toBe(`/team/requests/${id}?done=change_not_allowed`);
  });

  it('never promises the last units twice when a change and shop orders race for them', async () => {
    const product = await productWithStock(4);
    const date = weekdayAhead(SATURDAY, 28);
    const id = await placeOrder(t, 'race@example.com', 'pickup', date);
    const form = { ...(await formOf(id)), addProduct: product.id, addQuantity: '3' };
    const [change, ...orders] = await Promise.all([
      postForm(t, `/team/requests/${id}/change`, form, me.cookie),
      orderAsNewCustomer(t, product.id, 3, date),
      orderAsNewCustomer(t, product.id, 3, date),
    ]);
    const held = await rows(
      "SELECT COALESCE(SUM(quantity), 0) AS n FROM order_holds WHERE product_id = ? AND state IN ('held', 'confirmed')",
      [product.id],
    );
    expect(Number(held[0]?.n)).toBeLessThanOrEqual(4);
    const winners = [change?.status === 303, ...orders.map((o) => o.status === 201 && !o.body.needsManualProcessing)];
    expect(winners.filter(Boolean)).toHaveLength(1);
  });
});
