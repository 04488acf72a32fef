import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';
import { addMember, formFields, getPage, postForm, signIn } from './team-helpers';

/** Issue 49: the money rules of the terms are the owner's settings, in the workspace as in business.json. */
let t: TestApp;
let owner: { cookie: string; csrf: string };
beforeAll(async () => {
  t = await makeTestApp();
  await addMember(t, 'olive@example.com', 'owner', 'Olive Owner');
  owner = await signIn(t, 'olive@example.com');
});
afterAll(() => t?.close());

const form = async () => formFields(await (await getPage(t, '/team/settings', owner.cookie)).text());
const payments = async () => (await t.json('/api/business')).body.data.payments;

describe('the payments settings', () => {
  it('show the demo’s terms until changed, and saving the form unchanged changes nothing', async () => {
    const fields = await form();
    expect(fields['pay.deposit_percent']).toBe('50');
    expect(fields['pay.bond_minimum']).toBe('50');
    expect(fields['pay.cancellation']).toBe('28 100\n15 decide\n0 0');
    const saved = await postForm(t, '/team/settings', fields, owner.cookie);
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain('Nothing had changed.');
  });

  it('are saved by an owner and read by the shop: a 30% refundable deposit, a ladder, a bank account, card', async () => {
    const saved = await postForm(
      t,
      '/team/settings',
      {
        ...(await form()),
        'pay.deposit_percent': '30',
        'pay.deposit_refundable': 'on',
        'pay.balance_due_days': '7',
        'pay.balance_by_category': 'backdrops 14',
        'pay.cancellation': '14 100\n0 50',
        'pay.bank_account_name': 'Tan & Tassel Pty Ltd',
        'pay.bank_bsb': '062000',
        'pay.bank_account_number': '12345678',
        'pay.card_payments': 'on',
      },
      owner.cookie,
    );
    expect(saved.status).toBe(303);
    expect(await payments()).toMatchObject({
      depositPercent: 30,
      depositRefundable: true,
      balanceDueDays: 7,
      balanceDueDaysByCategory: { backdrops: 14 },
      cancellation: [
        { daysBefore: 14, refundPercent: 100 },
        { daysBefore: 0, refundPercent: 50 },
      ],
      bankTransfer: { kind: 'au', accountName: 'Tan & Tassel Pty Ltd', bsb: '062-000', accountNumber: '12345678' },
      cardPayments: true,
    });
    const log = await (await getPage(t, '/team/activity?kind=settings_edit', owner.cookie)).text();
    expect(log).toContain('Changed the shop’s settings: payments');
    // The form shows what was saved.
    const fields = await form();
    expect(fields['pay.cancellation']).toBe('14 100\n0 50');
    expect(fields['pay.balance_by_category']).toBe('backdrops 14');
  });

  it('refuses a ladder line or an account that does not read, naming it, and changes nothing', async () => {
    const before = await payments();
    const bad = await postForm(
      t,
      '/team/settings',
      { ...(await form()), 'pay.cancellation': '14 100\nsoon 50', 'pay.deposit_percent': '120' },
      owner.cookie,
    );
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('payments.deposit_percent: must be 0 to 100 (of the total that books the date)');
    expect(html).toContain('payments.cancellation.1: must be { &quot;days_before&quot;: 28');
    expect(await payments()).toEqual(before);
  });
});
