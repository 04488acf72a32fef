import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longDate } from '../../src/lib/api-contract/dates';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { makeTestApp, orderAsNewCustomer, type TestApp } from './helpers';
import { addMember, formFields, getPage, postForm, signIn } from './team-helpers';

/**
 * Issue 49: the customer's first email says what the terms will ask once the request is confirmed:
 * the deposit, the balance and its day (the longest notice of the items' categories, a sub-category
 * counting as its parent), the bond.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t?.close());

/** A product in the store whose group is tagged with `tag`, and its price in cents. */
async function productTagged(tag: string) {
  const rows = await t.db.$client.execute({
    sql: `SELECT p.id, p.base_price_in_cents AS price FROM products p JOIN item_tags t ON t.owner_id = p.product_group_id
          WHERE t.tag = ? AND p.show_in_store = 1 AND p.archived = 0 AND p.stock_count > 2 ORDER BY p.base_price_in_cents DESC LIMIT 1`,
    args: [tag],
  });
  const row = rows.rows[0];
  if (!row) throw new Error(`No product tagged ${tag}`);
  return { id: String(row.id), priceCents: Number(row.price) };
}

async function customerEmail(orderId: string) {
  const rows = await t.db.$client.execute({
    sql: "SELECT text, html FROM email_outbox WHERE order_id = ? AND kind = 'order_confirmation'",
    args: [orderId],
  });
  return { text: String(rows.rows[0]?.text), html: String(rows.rows[0]?.html) };
}

const money = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

describe('the first email’s payment schedule', () => {
  it('gives the demo’s 50% deposit, the balance 3 days before, and the bond of $50 or 20%', async () => {
    const product = await productTagged('pots_vases');
    const hireDate = addDays(await t.booking.today(), 40);
    const order = await orderAsNewCustomer(t, product.id, 2, hireDate);
    expect(order.status).toBe(201);
    const total = Math.round(product.priceCents * 2 * 1.1);
    const deposit = Math.round(total / 2);
    const { text, html } = await customerEmail(String(order.body.order.data.id));
    expect(text).toContain('What you pay and when\nNothing is due until we confirm your request. Then, by our terms:');
    expect(text).toContain(`- Deposit of ${money(deposit)} (50%) to book your date, not refundable.`);
    expect(text).toContain(`- Balance of ${money(total - deposit)}, due by ${longDate(addDays(hireDate, -3))}.`);
    expect(text).toContain(`- Bond of ${money(Math.max(5000, Math.round(total / 5)))}, paid with the balance`);
    expect(html).toContain('<h2 style="font-size:17px;margin:24px 0 8px">What you pay and when</h2>');
  });

  it('takes the longest notice of the items’ categories, a sub-category counting as its parent', async () => {
    await addMember(t, 'olive@example.com', 'owner', 'Olive Owner');
    const owner = await signIn(t, 'olive@example.com');
    const fields = formFields(await (await getPage(t, '/team/settings', owner.cookie)).text());
    const saved = await postForm(
      t,
      '/team/settings',
      { ...fields, 'pay.deposit_percent': '30', 'pay.balance_by_category': 'decor 14' },
      owner.cookie,
    );
    expect(saved.status).toBe(303);
    await t.cache.version.refresh();
    const product = await productTagged('pots_vases');
    const hireDate = addDays(await t.booking.today(), 40);
    const order = await orderAsNewCustomer(t, product.id, 1, hireDate);
    const { text } = await customerEmail(String(order.body.order.data.id));
    const total = Math.round(product.priceCents * 1.1);
    expect(text).toContain(`- Deposit of ${money(Math.round(total * 0.3))} (30%) to book your date`);
    expect(text).toContain(`due by ${longDate(addDays(hireDate, -14))}.`);
    // Issue 59: the order's answer carries the same figures to the success page (the shop's own
    // schedule, without the request's categories, said 3 days before).
    expect(order.body.paymentSchedule).toMatchObject({
      deposit: { cents: Math.round(total * 0.3) },
      balance: { cents: total - Math.round(total * 0.3), due: addDays(hireDate, -14) },
    });
  });

  it('on confirm, sends a confirmation worth keeping: items, totals, what is owed from today, how to pay', async () => {
    const owner = await signIn(t, 'olive@example.com');
    const fields = formFields(await (await getPage(t, '/team/settings', owner.cookie)).text());
    const bank = {
      'pay.bank_account_name': 'Tan & Tassel',
      'pay.bank_bsb': '062-000',
      'pay.bank_account_number': '1234567',
    };
    expect((await postForm(t, '/team/settings', { ...fields, ...bank }, owner.cookie)).status).toBe(303);
    await t.cache.version.refresh();
    const product = await productTagged('pots_vases');
    const hireDate = addDays(await t.booking.today(), 10);
    const order = await orderAsNewCustomer(t, product.id, 1, hireDate);
    const orderId = String(order.body.order.data.id);
    const confirm = await postForm(t, `/team/requests/${orderId}/confirm`, { _csrf: owner.csrf }, owner.cookie);
    expect(confirm.status).toBe(303);
    const rows = await t.db.$client.execute({
      sql: "SELECT subject, text FROM email_outbox WHERE order_id = ? AND kind = 'order_confirmed'",
      args: [orderId],
    });
    const text = String(rows.rows[0]?.text);
    expect(text).toContain(`Good news: your order request ${orderId} for ${longDate(hireDate)} is confirmed.`);
    expect(text).toMatch(/: 1 x \$[\d,.]+ = \$[\d,.]+/);
    // Inside the 14 days' notice of decor: everything is due now.
    expect(text).toContain('due now: your date is close.');
    expect(text).toContain(
      `How to pay\n- Bank transfer to Tan & Tassel, BSB 062-000, account 1234567, with the reference Request ${orderId}.`,
    );
  });
});
