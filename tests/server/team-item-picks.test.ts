import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SATURDAY, weekdayAhead } from '../fixtures/hire-dates';
import { makeTestApp, placeOrder, type TestApp } from './helpers';
import { addMember, getPage, postForm, signIn } from './team-helpers';

/**
 * Issue 48: the team's forms pick items as the shop does: each product under its group (its
 * variations), and bundles, whose choices are asked for before anything is saved.
 */
let t: TestApp;
let me: { cookie: string; csrf: string };
beforeAll(async () => {
  t = await makeTestApp();
  await addMember(t, 'pia@example.com', 'staff');
  me = await signIn(t, 'pia@example.com');
});
afterAll(() => t?.close());

const rows = async (sql: string, args: (string | number)[] = []) => (await t.db.$client.execute({ sql, args })).rows;

/** A bundle for hire with at least one item to choose, its choice slots, and a product for each slot. */
async function bundleWithChoices() {
  const [bundle] = await rows(
    `SELECT b.id, b.name FROM bundles b WHERE b.archived = 0
       AND EXISTS (SELECT 1 FROM bundle_items i WHERE i.bundle_id = b.id AND i.product_id IS NULL)
     ORDER BY b.name LIMIT 1`,
  );
  const slots = await rows(
    `SELECT i.id, i.name, i.quantity,
            (SELECT p.id FROM products p WHERE p.product_group_id = i.product_group_id AND p.archived = 0
             ORDER BY p.position DESC LIMIT 1) AS product_id
     FROM bundle_items i WHERE i.bundle_id = ? AND i.product_id IS NULL ORDER BY i.position`,
    [String(bundle?.id)],
  );
  // Enough of everything it holds, so that the test is about the picking.
  await rows(
    `UPDATE products SET stock_count = 500 WHERE id IN (SELECT product_id FROM bundle_items WHERE bundle_id = ?)
       OR product_group_id IN (SELECT product_group_id FROM bundle_items WHERE bundle_id = ?)`,
    [String(bundle?.id), String(bundle?.id)],
  );
  const [chosen] = await rows('SELECT name FROM products WHERE id = ?', [String(slots[0]?.product_id)]);
  return {
    id: String(bundle?.id),
    name: String(bundle?.name),
    slots: slots.map((s) => ({ id: String(s.id), name: String(s.name), productId: String(s.product_id) })),
    firstChoiceName: String(chosen?.name),
  };
}

const decode = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"');

describe('the item picker', () => {
  it('offers each product under its group and every bundle, on the change form and the new-request form', async () => {
    const bundle = await bundleWithChoices();
    const [variation] = await rows(
      `SELECT g.name AS group_name, p.name FROM products p JOIN product_groups g ON g.id = p.product_group_id
       WHERE p.archived = 0 AND g.archived = 0 AND (SELECT COUNT(*) FROM products q WHERE q.product_group_id = g.id) > 1 LIMIT 1`,
    );
    const id = await placeOrder(t, 'picker@example.com', 'pickup', weekdayAhead(SATURDAY, 30));
    for (const path of [`/team/requests/${id}`, '/team/requests/new']) {
      const html = decode(await (await getPage(t, path, me.cookie)).text());
      const group = html.indexOf(`<optgroup label="${variation?.group_name}">`);
      expect(group, path).toBeGreaterThan(0);
      expect(html.indexOf(`>${variation?.name}</option>`, group), path).toBeGreaterThan(group);
      expect(html, path).toContain('<optgroup label="Bundles">');
      expect(html, path).toContain(`>${bundle.name} (with choices)</option>`);
    }
  });
});

describe('adding a bundle to a request', () => {
  it('asks for its choices first, keeping what was typed, then adds it with them: line, holds, email and log', async () => {
    const bundle = await bundleWithChoices();
    const id = await placeOrder(t, 'bundle-change@example.com', 'pickup', weekdayAhead(SATURDAY, 31));
    const [line] = await rows('SELECT id, quantity FROM order_lines WHERE order_id = ?', [id]);
    const [order] = await rows('SELECT starts_at FROM orders WHERE id = ?', [id]);
    const form: Record<string, string> = {
      _csrf: me.csrf,
      hireDate: String(order?.starts_at).slice(0, 10),
      fulfilment: 'pickup',
      deliveryAddress: '',
      notes: 'Typed before the choices',
      [`qty:${line?.id}`]: String(line?.quantity),
      addProduct: `bundle:${bundle.id}`,
      addQuantity: '2',
    };
    const asked = await postForm(t, `/team/requests/${id}/change`, form, me.cookie);
    expect(asked.status).toBe(400);
    const page = decode(await asked.text());
    expect(page).toContain(`Not changed yet: Choose the ${bundle.slots.map((s) => s.name).join(' and the ')}`);
    expect(page).toContain(`<legend>Choices for ${bundle.name}</legend>`);
    expect(page).toMatch(/<details open>/);
    expect(page).toContain('>Typed before the choices</textarea>');
    expect(page).toContain(`<option value="bundle:${bundle.id}" selected>`);
    for (const slot of bundle.slots) expect(page).toContain(`name="choice:add:${slot.id}"`);
    expect(await rows('SELECT 1 FROM order_lines WHERE order_id = ?', [id])).toHaveLength(1);

    const choices = Object.fromEntries(bundle.slots.map((s) => [`choice:add:${s.id}`, s.productId]));
    const saved = await postForm(t, `/team/requests/${id}/change`, { ...form, ...choices }, me.cookie);
    expect(saved.status).toBe(303);
    const lines = await rows(
      'SELECT item_type, item_id, quantity, bundle_variations FROM order_lines WHERE order_id = ? ORDER BY position',
      [id],
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ item_type: 'bundles', item_id: bundle.id, quantity: 2 });
    const variations = JSON.parse(String(lines[1]?.bundle_variations)) as { bundleItemId: string; productId: string }[];
    expect(variations.map((v) => [v.bundleItemId, v.productId])).toEqual(bundle.slots.map((s) => [s.id, s.productId]));
    // Each chosen product is held for the bundle's count of it, twice over.
    const [slotItem] = await rows('SELECT quantity FROM bundle_items WHERE id = ?', [bundle.slots[0]?.id ?? '']);
    const [held] = await rows(
      'SELECT COALESCE(SUM(quantity), 0) AS n FROM order_holds WHERE order_id = ? AND product_id = ?',
      [id, bundle.slots[0]?.productId ?? ''],
    );
    expect(Number(held?.n)).toBeGreaterThanOrEqual(2 * Number(slotItem?.quantity));
    const [email] = await rows(
      "SELECT text FROM email_outbox WHERE kind = 'order_changed' AND order_id = ? ORDER BY rowid DESC LIMIT 1",
      [id],
    );
    expect(String(email?.text)).toContain(`Added: 2 × ${bundle.name} (${bundle.firstChoiceName}`);
    const request = decode(await (await getPage(t, `/team/requests/${id}`, me.cookie)).text());
    expect(request).toContain(bundle.firstChoiceName);
  });
});

describe('a new request with a bundle', () => {
  it('asks for the choices on its row, keeping the customer typed, then takes it with them', async () => {
    const bundle = await bundleWithChoices();
    const form: Record<string, string> = {
      _csrf: me.csrf,
      name: 'Rosa Phone',
      email: '',
      phone: '0400 555 111',
      hireDate: weekdayAhead(SATURDAY, 32),
      fulfilment: 'pickup',
      'product:0': '',
      'quantity:0': '1',
      'product:1': `bundle:${bundle.id}`,
      'quantity:1': '1',
    };
    const asked = await postForm(t, '/team/requests/new', form, me.cookie);
    expect(asked.status).toBe(400);
    const page = decode(await asked.text());
    expect(page).toContain('Not taken yet: Choose the');
    expect(page).toContain('value="Rosa Phone"');
    for (const slot of bundle.slots) expect(page).toContain(`name="choice:1:${slot.id}"`);
    expect(await rows("SELECT 1 FROM customers WHERE name = 'Rosa Phone'")).toHaveLength(0);

    const choices = Object.fromEntries(bundle.slots.map((s) => [`choice:1:${s.id}`, s.productId]));
    const taken = await postForm(t, '/team/requests/new', { ...form, ...choices }, me.cookie);
    expect(taken.status).toBe(303);
    const id = /\/team\/requests\/(\d+)/.exec(taken.headers.get('location') ?? '')?.[1] ?? '';
    const [line] = await rows('SELECT item_type, item_id, bundle_variations FROM order_lines WHERE order_id = ?', [id]);
    expect(line).toMatchObject({ item_type: 'bundles', item_id: bundle.id });
    expect(JSON.parse(String(line?.bundle_variations))).toHaveLength(bundle.slots.length);
  });
});
