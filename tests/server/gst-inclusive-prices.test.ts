import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONDAY, weekdayAhead } from '../fixtures/hire-dates';
import { makeTestApp, type TestApp } from './helpers';
import { pdfText } from './pdf-text';
import { addMember, formFields, getPage, postForm, signIn } from './team-helpers';

/**
 * Issue 60: prices entered with GST (`prices_include_gst`). A $10.00 price shows, totals and invoices
 * as $10.00, its GST worked out of it once by the one rounding rule ($1.30 at 15%, $0.91 at 10%); the
 * money asked for follows the total; a request keeps the basis it was made on. On the file and on sqld.
 */
let t: TestApp;
let customerId: string;
let owner: { cookie: string; csrf: string };
let productId: string;
beforeAll(async () => {
  t = await makeTestApp();
  const created = await t.post('/api/customers', {
    data: { type: 'customers', attributes: { name: 'Nikau Rau', email: 'nikau@example.com', phone: '0400 444 666' } },
  });
  customerId = created.body.data.id;
  await addMember(t, 'olga@example.com', 'owner');
  owner = await signIn(t, 'olga@example.com');
  const [row] = (
    await t.db.$client.execute(
      `SELECT p.id FROM products p JOIN product_groups g ON g.id = p.product_group_id
       WHERE p.archived = 0 AND p.show_in_store = 1 AND g.archived = 0 AND g.show_in_store = 1 ORDER BY p.id LIMIT 1`,
    )
  ).rows;
  productId = String(row?.id);
  await t.db.$client.execute({
    sql: 'UPDATE products SET base_price_in_cents = 1000, stock_count = 100, turnaround_days = 0 WHERE id = ?',
    args: [productId],
  });
});
afterAll(() => t?.close());

const rows = async (sql: string, args: (string | number)[] = []) => (await t.db.$client.execute({ sql, args })).rows;

async function setBasis(rate: number, included: boolean) {
  await rows(
    `UPDATE business_settings SET settings = json_set(settings, '$.gst_rate', ?, '$.prices_include_gst', json(?)) WHERE id = 1`,
    [rate, included ? 'true' : 'false'],
  );
  await t.cache.version.refresh();
}

let week = 6;
const orderOne = async (quantity = 1) => {
  const day = weekdayAhead(MONDAY, week++);
  const created = await t.post('/api/orders', {
    customer_id: customerId,
    starts_at: day,
    stops_at: day,
    fulfillment_type: 'pickup',
    lines: [{ id: productId, quantity, isBundle: false, bundleVariations: [] }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
};
const emailOf = async (id: string) =>
  String(
    (await rows("SELECT text FROM email_outbox WHERE order_id = ? AND kind = 'order_confirmation'", [id]))[0]?.text,
  );

describe('prices entered with GST', () => {
  it('keep $10.00 at 15%: the email, the schedule and the tax invoice say $10.00, with $1.30 GST in it', async () => {
    await setBasis(0.15, true);
    const business = (await t.json('/api/business')).body.data;
    expect([business.pricesIncludeGst, business.priceDisplay]).toEqual([true, 'including_gst']);
    const answer = await orderOne();
    const id = String(answer.order.data.id);
    expect(answer.order.data.attributes.subtotal_in_cents).toBe(1_000);
    const email = await emailOf(id);
    expect(email).toContain('Total: $10.00');
    expect(email).toContain('Total includes GST of $1.30');
    // The deposit is half of $10.00 (the demo's terms), not half of $11.50.
    expect(answer.paymentSchedule.deposit.cents).toBe(500);
    expect((await postForm(t, `/team/requests/${id}/confirm`, { _csrf: owner.csrf }, owner.cookie)).status).toBe(303);
    const [invoice] = await rows("SELECT number, content FROM documents WHERE order_id = ? AND kind = 'invoice'", [id]);
    const content = JSON.parse(String(invoice?.content));
    expect([content.subtotalCents, content.gstCents, content.totalCents]).toEqual([870, 130, 1_000]);
    expect(content.lines[0]).toMatchObject({ unitCents: 1_000, gstCents: 130, amountCents: 1_000 });
    const pdf = await getPage(t, `/team/requests/${id}/documents/${String(invoice?.number)}`, owner.cookie);
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain('$10.00');
    expect(text).toContain('$1.30');
    expect(text).not.toContain('$11.50');
  });

  it('work out GST at 10% the same way, and three $10.00 items total $30.00', async () => {
    await setBasis(0.1, true);
    const answer = await orderOne(3);
    const email = await emailOf(String(answer.order.data.id));
    expect(email).toContain('Total: $30.00');
    // $30.00 x 10/110 = $2.7272..., rounded once: $2.73.
    expect(email).toContain('Total includes GST of $2.73');
  });

  it('leave a request made before the change on its own basis', async () => {
    await setBasis(0.1, false);
    const before = await orderOne();
    const id = String(before.order.data.id);
    await setBasis(0.1, true);
    const page = await (await getPage(t, `/team/requests/${id}`, owner.cookie)).text();
    // $10.00 before GST: $11.00 with it, as when it was made.
    expect(page).toContain('$11.00');
  });

  it('is the owner’s setting in the workspace', async () => {
    await setBasis(0.1, false);
    const fields = formFields(await (await getPage(t, '/team/settings', owner.cookie)).text());
    expect(fields.prices_include_gst).toBeUndefined();
    const saved = await postForm(t, '/team/settings', { ...fields, prices_include_gst: 'on' }, owner.cookie);
    expect(saved.status).toBe(303);
    const stored = JSON.parse(String((await rows('SELECT settings FROM business_settings WHERE id = 1'))[0]?.settings));
    expect(stored.prices_include_gst).toBe(true);
  });
});
