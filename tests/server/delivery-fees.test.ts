import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totalsWithGst } from '../../src/lib/api-contract/money';
import { MONDAY, weekdayAhead } from '../fixtures/hire-dates';
import { makeTestApp, type TestApp } from './helpers';
import { pdfText } from './pdf-text';
import { addMember, formFields, getPage, postForm, signIn } from './team-helpers';

/**
 * Issue 60: delivery priced by the postcode's zone (the demo's, around Riverwood 2210), the fee a line
 * of its own in the subtotal, with GST, on the invoice; an address in no zone, or an order below its
 * zone's minimum, goes in without a fee for the team to quote; the team can change the fee. Runs on
 * the embedded file and on sqld.
 */
let t: TestApp;
let customerId: string;
let owner: { cookie: string; csrf: string };
beforeAll(async () => {
  t = await makeTestApp();
  const created = await t.post('/api/customers', {
    data: {
      type: 'customers',
      attributes: { name: 'Dana Fee', email: 'dana-fee@example.com', phone: '0400 222 444' },
    },
  });
  customerId = created.body.data.id;
  await addMember(t, 'owen@example.com', 'owner', 'Owen Owner');
  owner = await signIn(t, 'owen@example.com');
});
afterAll(() => t?.close());

const rows = async (sql: string, args: (string | number)[] = []) => (await t.db.$client.execute({ sql, args })).rows;

/** A visible product with plenty of stock, and its price. */
async function product() {
  const [row] = await rows(
    `SELECT p.id, p.base_price_in_cents AS price FROM products p JOIN product_groups g ON g.id = p.product_group_id
     WHERE p.archived = 0 AND p.show_in_store = 1 AND g.archived = 0 AND g.show_in_store = 1
       AND p.base_price_in_cents BETWEEN 500 AND 5000 ORDER BY p.id LIMIT 1`,
  );
  await rows('UPDATE products SET stock_count = 500, turnaround_days = 0 WHERE id = ?', [String(row?.id)]);
  await t.cache.version.refresh();
  return { id: String(row?.id), price: Number(row?.price) };
}

let week = 4;
const deliver = async (quantity: number, extra: Record<string, unknown>, address = '4 Belmore Rd, Riverwood NSW') => {
  const p = await product();
  const answer = await t.post('/api/orders', {
    customer_id: customerId,
    starts_at: weekdayAhead(MONDAY, week),
    stops_at: weekdayAhead(MONDAY, week++),
    fulfillment_type: 'delivery',
    delivery_address: address,
    lines: [{ id: p.id, quantity, isBundle: false, bundleVariations: [] }],
    ...extra,
  });
  return { answer, linesCents: p.price * quantity, attributes: answer.body?.order?.data?.attributes };
};

describe('delivery fees by postcode', () => {
  it("charges the zone's fee as its own line in the subtotal, with GST on it", async () => {
    const { answer, linesCents, attributes } = await deliver(2, { delivery_postcode: '2210' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(attributes.delivery_fee_in_cents).toBe(4_500);
    expect(attributes.delivery_fee_label).toBe('Delivery to 2210 (Riverwood and nearby)');
    expect(attributes.subtotal_in_cents).toBe(linesCents + 4_500);
    // The customer's email lists the fee and totals it with GST.
    const [email] = await rows("SELECT text FROM email_outbox WHERE order_id = ? AND kind = 'order_confirmation'", [
      answer.body.order.data.id,
    ]);
    const totals = totalsWithGst(linesCents + 4_500, 0.1);
    expect(String(email?.text)).toContain('- Delivery to 2210 (Riverwood and nearby): $45.00');
    expect(String(email?.text)).toContain(`Total (incl. GST): $${(totals.totalCents / 100).toFixed(2)}`);
  });

  it('adds the after-hours surcharge when asked, and reads the postcode from the address when none is sent', async () => {
    const late = await deliver(1, { delivery_postcode: '2210', delivery_after_hours: true });
    expect(late.attributes.delivery_fee_in_cents).toBe(4_500 + 3_500);
    expect(late.attributes.delivery_fee_label).toBe('Delivery to 2210 (Riverwood and nearby, after hours)');
    const read = await deliver(1, {}, '9 Short St, Padstow NSW 2211');
    expect(read.attributes.delivery_postcode).toBe('2211');
    expect(read.attributes.delivery_fee_in_cents).toBe(4_500);
  });

  it('leaves the fee to the team outside every zone, and below the zone’s minimum', async () => {
    const far = await deliver(1, { delivery_postcode: '2780' });
    expect(far.answer.status).toBe(201);
    expect(far.attributes.delivery_fee_in_cents).toBeNull();
    expect(far.attributes.subtotal_in_cents).toBe(far.linesCents);
    const [email] = await rows("SELECT text FROM email_outbox WHERE order_id = ? AND kind = 'order_confirmation'", [
      far.answer.body.order.data.id,
    ]);
    expect(String(email?.text)).toContain('Delivery fee: our team will quote it by email.');
    // Inner Sydney delivers for $90 from $250 of items: one item is below it.
    const small = await deliver(1, { delivery_postcode: '2000' });
    expect(small.linesCents).toBeLessThan(25_000);
    expect(small.attributes.delivery_fee_in_cents).toBeNull();
    const enough = await deliver(Math.ceil(25_000 / (small.linesCents || 1)), { delivery_postcode: '2000' });
    expect(enough.attributes.delivery_fee_in_cents).toBe(9_000);
  });

  it('refuses a postcode that is not four digits, naming it, and stores nothing', async () => {
    const before = Number((await rows('SELECT COUNT(*) AS n FROM orders'))[0]?.n);
    const bad = await deliver(1, { delivery_postcode: '221' });
    expect(bad.answer.status).toBe(400);
    expect(bad.answer.body.issues.map((issue: { path: string }) => issue.path)).toContain('delivery_postcode');
    expect(JSON.stringify(bad.answer.body)).toContain('four digits');
    expect(Number((await rows('SELECT COUNT(*) AS n FROM orders'))[0]?.n)).toBe(before);
  });

  it('prints the fee on the tax invoice, and the team can change it (owners; staff only where allowed)', async () => {
    const { answer, linesCents } = await deliver(2, { delivery_postcode: '2210' });
    const id = String(answer.body.order.data.id);
    expect((await postForm(t, `/team/requests/${id}/confirm`, { _csrf: owner.csrf }, owner.cookie)).status).toBe(303);
    const invoiceText = async () => {
      const [invoice] = await rows(
        "SELECT number FROM documents WHERE order_id = ? AND kind = 'invoice' ORDER BY rowid DESC LIMIT 1",
        [id],
      );
      const pdf = await getPage(t, `/team/requests/${id}/documents/${String(invoice?.number)}`, owner.cookie);
      return (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).replace(/\s+/g, ' ');
    };
    expect(await invoiceText()).toContain('Delivery to 2210 (Riverwood and nearby)');
    const page = await (await getPage(t, `/team/requests/${id}`, owner.cookie)).text();
    expect(page).toContain('Delivery to 2210 (Riverwood and nearby)');
    const form = formFields(page);
    expect(form.deliveryFee).toBe('45.00');

    // Staff, where the owner has not let them change prices: refused, nothing changes.
    await rows(
      "UPDATE business_settings SET settings = json_set(settings, '$.staff_may_change_prices', json('false')) WHERE id = 1",
    );
    await t.cache.version.refresh();
    await addMember(t, 'sam-fee@example.com', 'staff');
    const staff = await signIn(t, 'sam-fee@example.com');
    const refused = await postForm(
      t,
      `/team/requests/${id}/change`,
      { ...form, _csrf: staff.csrf, deliveryFee: '60' },
      staff.cookie,
    );
    expect(refused.status, String(refused.headers.get('location'))).toBe(400);
    expect(await refused.text()).toContain('does not let you change prices');
    const changed = await postForm(
      t,
      `/team/requests/${id}/change`,
      { ...form, _csrf: owner.csrf, deliveryFee: '60' },
      owner.cookie,
    );
    expect(changed.status).toBe(303);
    const [order] = await rows('SELECT subtotal_in_cents, delivery_fee_in_cents FROM orders WHERE id = ?', [id]);
    expect([Number(order?.delivery_fee_in_cents), Number(order?.subtotal_in_cents)]).toEqual([
      6_000,
      linesCents + 6_000,
    ]);
    const [activity] = await rows(
      "SELECT summary FROM team_activity WHERE subject_id = ? AND kind = 'changed' ORDER BY rowid DESC LIMIT 1",
      [id],
    );
    expect(String(activity?.summary)).toContain('Delivery fee: $45.00, now $60.00');
    // The new tax invoice carries the new fee.
    expect(await invoiceText()).toContain('$60.00');
    const bad = await postForm(
      t,
      `/team/requests/${id}/change`,
      { ...form, _csrf: owner.csrf, deliveryFee: 'sixty' },
      owner.cookie,
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Write the delivery fee in dollars before GST');
  });
});

describe('the delivery zones setting', () => {
  const stored = async () =>
    JSON.parse(
      String((await t.db.$client.execute('SELECT settings FROM business_settings WHERE id = 1')).rows[0]?.settings),
    ).delivery_zones;

  it('shows the demo’s zones as lines, and saving it unchanged changes nothing', async () => {
    const fields = formFields(await (await getPage(t, '/team/settings', owner.cookie)).text());
    expect(fields.delivery_zones?.split('\n')[0]).toBe(
      'Riverwood and nearby | 2196, 2199-2200, 2208-2212, 2220-2223 | 45 | 0 | 35',
    );
    const saved = await postForm(t, '/team/settings', fields, owner.cookie);
    expect(await saved.text()).toContain('Nothing had changed.');
  });

  it('refuses a zone that does not read by its row and column, and saves nothing', async () => {
    const before = await stored();
    const fields = formFields(await (await getPage(t, '/team/settings', owner.cookie)).text());
    const refused = await postForm(
      t,
      '/team/settings',
      { ...fields, delivery_zones: 'Near | 2210 | 40\nFar | 2750-27x0 | forty' },
      owner.cookie,
    );
    expect(refused.status).toBe(400);
    const text = await refused.text();
    expect(text).toContain('delivery_zones, row 2, postcodes: must be four-digit postcodes');
    expect(text).toContain('delivery_zones, row 2, fee: must be a number of dollars');
    expect(await stored()).toEqual(before);
  });

  it('saves new zones, which the shop then prices with', async () => {
    const fields = formFields(await (await getPage(t, '/team/settings', owner.cookie)).text());
    const saved = await postForm(
      t,
      '/team/settings',
      { ...fields, delivery_zones: 'Everywhere near | 2000-2299 | 55.50 | 0' },
      owner.cookie,
    );
    expect(saved.status).toBe(303);
    expect(await stored()).toEqual([{ name: 'Everywhere near', postcodes: '2000-2299', fee: 55.5, minimum_order: 0 }]);
    await t.cache.version.refresh();
    const { attributes } = await deliver(1, { delivery_postcode: '2780' });
    expect(attributes.delivery_fee_in_cents).toBeNull();
    const near = await deliver(1, { delivery_postcode: '2100' });
    expect(near.attributes.delivery_fee_in_cents).toBe(5_550);
  });
});
