import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyOf, recordPayment } from '../../server/money';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { makeTestApp, orderAsNewCustomer, type TestApp } from './helpers';

/** Issue 49: a booking's payments, recorded by the team or applied from a provider's event, never twice. */
let t: TestApp;
let orderId: string;
beforeAll(async () => {
  t = await makeTestApp();
  const product = await t.db.$client.execute(
    'SELECT id FROM products WHERE show_in_store = 1 AND archived = 0 AND stock_count > 2 ORDER BY base_price_in_cents DESC LIMIT 1',
  );
  const order = await orderAsNewCustomer(t, String(product.rows[0]?.id), 2, addDays(await t.booking.today(), 40));
  orderId = String(order.body.order.data.id);
});
afterAll(() => t?.close());

const settings = () => ({
  terms: t.services.business().payments,
  timeZone: t.services.business().timeZone,
  gstRate: t.services.business().gstRate,
});
const pay = (amountCents: number, extra: Partial<Parameters<typeof recordPayment>[2]> = {}) =>
  recordPayment(
    t.db,
    orderId,
    { kind: 'payment', towards: 'hire', method: 'bank_transfer', amountCents, paidOn: '2026-11-27', ...extra },
    'olive@example.com',
    settings(),
    new Date(),
  );

describe('a booking’s payments', () => {
  it('records the deposit, then owes the balance; never takes more than is owed', async () => {
    const before = await moneyOf(t.db, orderId, settings());
    expect(before?.paidCents).toBe(0);
    const deposit = before?.schedule.deposit.cents ?? 0;
    expect(before?.depositOwedCents).toBe(deposit);
    expect(await pay(deposit)).toMatchObject({ kind: 'recorded' });
    const after = await moneyOf(t.db, orderId, settings());
    expect(after).toMatchObject({
      paidCents: deposit,
      depositOwedCents: 0,
      balanceOwedCents: (before?.totalCents ?? 0) - deposit,
    });
    expect(await pay((after?.balanceOwedCents ?? 0) + 1)).toEqual({
      kind: 'too_much',
      maxCents: after?.balanceOwedCents,
    });
  });

  it('applies a provider’s event once by its id, however often it comes', async () => {
    const first = await pay(100, { method: 'card_online', externalId: 'evt_1' });
    const again = await pay(100, { method: 'card_online', externalId: 'evt_1' });
    expect(first.kind).toBe('recorded');
    expect(again).toEqual({ kind: 'duplicate', id: (first as { id: string }).id });
  });

  it('takes no more than is owed when two members record at once', async () => {
    const money = await moneyOf(t.db, orderId, settings());
    const rest = money?.balanceOwedCents ?? 0;
    const outcomes = await Promise.all([pay(rest), pay(rest)]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['recorded', 'too_much']);
    expect((await moneyOf(t.db, orderId, settings()))?.balanceOwedCents).toBe(0);
  });
});

describe('the payments panel of a request’s page', () => {
  it('shows what is owed, records a payment from its form, and refuses more than is owed', async () => {
    const { addMember, formFields, getPage, postForm, signIn } = await import('./team-helpers');
    await addMember(t, 'sam@example.com', 'staff');
    const staff = await signIn(t, 'sam@example.com');
    const product = await t.db.$client.execute(
      'SELECT id FROM products WHERE show_in_store = 1 AND archived = 0 AND stock_count > 2 ORDER BY base_price_in_cents LIMIT 1',
    );
    const order = await orderAsNewCustomer(t, String(product.rows[0]?.id), 1, addDays(await t.booking.today(), 40));
    const id = String(order.body.order.data.id);
    const page = await (await getPage(t, `/team/requests/${id}`, staff.cookie)).text();
    expect(page).toContain('<h2>Payments</h2>');
    expect(page).toContain('No payment recorded yet.');
    const money = await moneyOf(t.db, id, settings());
    const deposit = (money?.schedule.deposit.cents ?? 0) / 100;
    const fields = formFields(page);
    const sent = await postForm(
      t,
      `/team/requests/${id}/payments`,
      {
        _csrf: fields._csrf ?? staff.csrf,
        kind: 'payment',
        towards: 'hire',
        method: 'bank_transfer',
        amount: deposit.toFixed(2),
        day: await t.booking.today(),
        note: 'Ref 1042',
      },
      staff.cookie,
    );
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(`/team/requests/${id}?done=paid`);
    const after = await (await getPage(t, `/team/requests/${id}?done=paid`, staff.cookie)).text();
    expect(after).toContain('Payment recorded.');
    expect(after).toContain('Bank transfer');
    expect(after).toContain('Recorded by sam@example.com: Ref 1042');
    expect(after).toMatch(/<dt>Deposit<\/dt><dd>\$[\d,.]+: Paid<\/dd>/);
    const tooMuch = await postForm(
      t,
      `/team/requests/${id}/payments`,
      {
        _csrf: staff.csrf,
        kind: 'refund',
        towards: 'bond',
        method: 'cash',
        amount: '10',
        day: await t.booking.today(),
      },
      staff.cookie,
    );
    expect(tooMuch.headers.get('location')).toBe(`/team/requests/${id}?done=too_much`);
    const log = await (await getPage(t, '/team/activity?kind=payment', staff.cookie)).text();
    expect(log).toContain(`towards the hire of request ${id}, Bank transfer`);
  });
});
