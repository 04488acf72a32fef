import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CardApp, cardRows, lastSession, paidEvent, startCardApp } from './card-helpers';
import type { FakeStripe } from './fake-stripe';
import { setBusinessSetting, type TestApp } from './helpers';
import { pdfText } from './pdf-text';
import { getPage, postForm } from './team-helpers';

/**
 * Issue 59: card sessions the books can trust. Each test fails on the code before the money module: a
 * session is applied once by the session and only for the amount the server stored; two sessions never
 * both stay payable; money beyond what is owed is shown to pay back; a card surcharge is on a document
 * and in the export. On the embedded file and on sqld (the server-sqld project runs this file too).
 */
let app: CardApp;
let t: TestApp;
let stripe: FakeStripe;
let owner: { cookie: string; csrf: string };
beforeAll(async () => {
  app = await startCardApp('sk_test_ledger0123456789');
  ({ t, stripe, owner } = app);
});
afterAll(() => app?.close());

const confirmedBooking = () => app.confirmedBooking();
const outcomeOf = (event: { payload: string; signature: string }) => app.outcomeOf(event);
const requestPage = (id: string) => app.requestPage(id);
const moneyPage = () => app.moneyPage();
const refundCalls = () => app.refundCalls();

describe('card sessions: applied once, for what the server priced', () => {
  it('expires the open session when another is made, so two sessions never both stay payable', async () => {
    const { token } = await confirmedBooking();
    await t.post(`/api/bookings/${token}/card-checkout`, { what: 'deposit' });
    const deposit = lastSession(stripe);
    await t.post(`/api/bookings/${token}/card-checkout`, { what: 'rest' });
    const rest = lastSession(stripe);
    expect(rest.id).not.toBe(deposit.id);
    expect(stripe.sessions.get(deposit.id)?.status).toBe('expired');
    expect(stripe.calls.some((call) => call.path === `/v1/checkout/sessions/${deposit.id}/expire`)).toBe(true);
    // A session being paid (complete at Stripe) is never replaced: the customer is told to wait.
    rest.status = 'complete';
    const meanwhile = await t.post(`/api/bookings/${token}/card-checkout`, { what: 'deposit' });
    expect(meanwhile.status).toBe(409);
    expect(meanwhile.body.errors?.[0]?.detail ?? JSON.stringify(meanwhile.body)).toContain('under way');
  });

  it('records a session once when completed and async_payment_succeeded both arrive', async () => {
    const { id, token } = await confirmedBooking();
    await t.post(`/api/bookings/${token}/card-checkout`, { what: 'deposit' });
    const session = lastSession(stripe);
    expect(await outcomeOf(paidEvent(session))).toBe('applied');
    expect(await outcomeOf(paidEvent(session, { type: 'checkout.session.async_payment_succeeded' }))).toBe('duplicate');
    const rows = await cardRows(t, id);
    expect(rows.map((row) => [row.kind, Number(row.amount_cents)])).toEqual([
      ['payment', Number(session.metadata.hire_cents)],
    ]);
    const receipts = await t.db.$client.execute({
      sql: "SELECT number FROM documents WHERE order_id = ? AND kind = 'receipt'",
      args: [id],
    });
    expect(receipts.rows).toHaveLength(1);
  });

  it('applies nothing for amounts or a currency other than the stored session’s, and shows the team', async () => {
    const { id, token } = await confirmedBooking();
    await t.post(`/api/bookings/${token}/card-checkout`, { what: 'deposit' });
    const session = lastSession(stripe);
    expect(await outcomeOf(paidEvent(session, { amountTotal: session.amount_total - 100 }))).toBe('amount_mismatch');
    expect(await outcomeOf(paidEvent(session, { currency: 'nzd' }))).toBe('amount_mismatch');
    expect(await outcomeOf(paidEvent({ ...session, id: 'cs_test_not_ours', metadata: {} }))).toBe('unknown_session');
    expect(await cardRows(t, id)).toEqual([]);
    const page = await moneyPage();
    expect(page).toContain('Card payments to look at');
    expect(page).toContain(`Stripe reported session ${session.id}`);
    expect(page).toContain('No session of ours: session cs_test_not_ours');
  });

  it('shows a payment after a cancellation as money to pay back, and pays it back to the card in one step', async () => {
    const { id, token } = await confirmedBooking();
    await t.post(`/api/bookings/${token}/card-checkout`, { what: 'deposit' });
    const session = lastSession(stripe);
    const cancelled = await postForm(
      t,
      `/team/requests/${id}/cancel`,
      { _csrf: owner.csrf, note: '', refund: '0' },
      owner.cookie,
    );
    expect(cancelled.headers.get('location')).toBe(`/team/requests/${id}?done=cancelled`);
    // The customer paid in the tab still open: Stripe reports it after the cancellation.
    expect(await outcomeOf(paidEvent(session))).toBe('applied');
    const hire = Number(session.metadata.hire_cents);
    const shown = `To pay back: $${(hire / 100).toFixed(2)}`;
    expect(await requestPage(id)).toContain(shown);
    const money = await moneyPage();
    expect(money).toContain('Paid beyond what is owed');
    expect(money).toContain(`action="/team/requests/${id}/pay-back"`);
    if (process.env.SAVE_PAGES)
      await writeFile(path.join(process.env.SAVE_PAGES, 'request-pay-back.html'), await requestPage(id));
    const before = refundCalls().length;
    const paidBack = await postForm(t, `/team/requests/${id}/pay-back`, { _csrf: owner.csrf }, owner.cookie);
    expect(paidBack.headers.get('location')).toBe(`/team/requests/${id}?done=paid_back`);
    expect(
      refundCalls()
        .slice(before)
        .map((call) => Number(call.form.get('amount'))),
    ).toEqual([hire]);
    expect(await requestPage(id)).not.toContain('To pay back:');
    // A second tap finds nothing left to pay back.
    const again = await postForm(t, `/team/requests/${id}/pay-back`, { _csrf: owner.csrf }, owner.cookie);
    expect(again.headers.get('location')).toBe(`/team/requests/${id}?done=nothing_to_pay_back`);
    expect(refundCalls().length).toBe(before + 1);
  });

  it('puts a card surcharge on a tax invoice of its own with its GST, and exports the card’s charge as one bank line', async () => {
    const stored = await t.db.$client.execute('SELECT settings FROM business_settings WHERE id = 1');
    const before = JSON.parse(String(stored.rows[0]?.settings)).payments ?? null;
    await setBusinessSetting(t, 'payments', { card_payments: true, card_surcharge_percent: 1.4 });
    try {
      const { id, token } = await confirmedBooking();
      expect((await t.post(`/api/bookings/${token}/card-checkout`, { what: 'deposit' })).status).toBe(200);
      const session = lastSession(stripe);
      const hire = Number(session.metadata.hire_cents);
      const surcharge = Number(session.metadata.surcharge_cents);
      // 1.4% by the one rounding rule: halves up.
      expect(surcharge).toBe(Math.floor((hire * 140 + 5_000) / 10_000));
      expect(session.amount_total).toBe(hire + surcharge);
      expect(await outcomeOf(paidEvent(session))).toBe('applied');
      const rows = await cardRows(t, id);
      expect(rows.map((row) => [row.towards, Number(row.amount_cents)])).toEqual([
        ['hire', hire],
        ['surcharge', surcharge],
      ]);
      const invoices = await t.db.$client.execute({
        sql: "SELECT number, total_cents, gst_cents, payment_id FROM documents WHERE order_id = ? AND kind = 'invoice' ORDER BY seq",
        args: [id],
      });
      const [hireInvoice, surchargeInvoice] = invoices.rows;
      expect(hireInvoice?.payment_id).toBeNull();
      expect(Number(surchargeInvoice?.total_cents)).toBe(surcharge);
      expect(Number(surchargeInvoice?.gst_cents)).toBe(Math.round((surcharge * 0.1) / 1.1));
      const pdf = await getPage(t, `/team/requests/${id}/documents/${surchargeInvoice?.number}`, owner.cookie);
      const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
      expect(text).toContain('Card surcharge (1.4%) on a card payment');
      expect(text).toContain(`For the hire of invoice ${hireInvoice?.number}.`);
      // The deposit is paid in full: the surcharge is owed by no one and counts towards nothing else.
      const booking = (await t.json(`/api/bookings/${token}`)).body.data;
      expect(booking.money.deposit.owedCents).toBe(0);
      // Xero: one bank line, the card's whole charge; the surcharge's invoice with its GST.
      const today = t.booking.today();
      const bank = await (
        await getPage(t, `/team/money/export?from=${today}&to=${today}&what=payments&account=200`, owner.cookie)
      ).text();
      const line = bank.split('\r\n').find((row) => row.endsWith(`Request ${id}`)) ?? '';
      expect(line.split(',')[1]).toBe(((hire + surcharge) / 100).toFixed(2));
      expect(line).toContain('the card surcharge');
      const sales = await (
        await getPage(t, `/team/money/export?from=${today}&to=${today}&what=invoices&account=200`, owner.cookie)
      ).text();
      expect(sales).toContain(`,${surchargeInvoice?.number},`);
      expect(sales).toContain('Card surcharge (1.4%) on a card payment');
    } finally {
      await setBusinessSetting(t, 'payments', before ?? {});
    }
  });
});
