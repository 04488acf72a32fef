import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../server/app-services';
import { dueCardRefunds, queueCardRefund, REFUND_LEASE_MS, sendCardRefund, stripeProvider } from '../../server/money';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { cardRows, deliver, lastSession, paidEvent, signedEvent, WEBHOOK_SECRET } from './card-helpers';
import { type FakeStripe, startFakeStripe } from './fake-stripe';
import { makeTestApp, orderAsNewCustomer, setBusinessSetting, type TestApp } from './helpers';
import { pdfText } from './pdf-text';
import { confirmForToken, getPage, ownerAndProduct, postForm } from './team-helpers';

/**
 * Issue 59: card money the books can trust. Each test fails on the code before the money module: a
 * session is applied once by the session and only for the amount the server stored; two sessions never
 * both stay payable; money beyond what is owed is shown to pay back; a refund survives a crash between
 * Stripe's answer and the record; dashboard refunds and disputes reach the ledger; a form sent twice
 * records once. On the embedded file and on sqld (the server-sqld project runs this file too).
 */
let t: TestApp;
let stripe: FakeStripe;
let owner: { cookie: string; csrf: string };
let productId: string;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await makeTestApp({
    stripe: { secretKey: 'sk_test_ledger0123456789', webhookSecret: WEBHOOK_SECRET, apiUrl: stripe.url },
  });
  ({ owner, productId } = await ownerAndProduct(t));
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

let bookings = 0;
/** A confirmed request on a day of its own (each test's bookings never compete for the stock). */
async function confirmedBooking(daysAhead = 40 + 3 * bookings++) {
  const order = await orderAsNewCustomer(t, productId, 2, addDays(await t.booking.today(), daysAhead));
  const id = String(order.body.order.data.id);
  const token = await confirmForToken(t, id, owner);
  if (!token) throw new Error(`request ${id} was not confirmed (short on day ${daysAhead}?)`);
  return { id, token };
}

const send = (event: { payload: string; signature: string }) => deliver(t, event);
const outcomeOf = async (event: { payload: string; signature: string }) =>
  ((await (await send(event)).json()) as { outcome: string }).outcome;
const requestPage = async (id: string) => (await getPage(t, `/team/requests/${id}`, owner.cookie)).text();
const moneyPage = async () => (await getPage(t, '/team/money', owner.cookie)).text();
const refundCalls = () => stripe.calls.filter((call) => call.path === '/v1/refunds');

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
});

describe('refunds and disputes', () => {
  it('loses nothing and refunds once when the process dies between Stripe’s answer and the record', async () => {
    const { id, token } = await confirmedBooking();
    await t.post(`/api/bookings/${token}/card-checkout`, { what: 'deposit' });
    expect(await outcomeOf(paidEvent(lastSession(stripe)))).toBe('applied');
    const real = stripeProvider(t.config.stripe);
    if (!real) throw new Error('the test app has Stripe');
    // This process reaches Stripe, which refunds, and dies before it records anything.
    let answered = 0;
    const dying = createServices({
      db: t.db,
      config: t.config,
      cards: {
        ...real,
        refund: async (input) => {
          await real.refund(input);
          answered++;
          return new Promise(() => {});
        },
      },
    });
    const queued = await t.db.transaction((tx) =>
      queueCardRefund(
        tx,
        dying,
        id,
        { towards: 'hire', amountCents: 1500, paidOn: addDays(t.booking.today(), 0), note: 'Crash test' },
        'olive@example.com',
      ),
    );
    if (queued.kind !== 'queued') throw new Error(`not queued: ${queued.kind}`);
    void sendCardRefund(dying, queued.id);
    await expect.poll(() => answered).toBe(1);
    expect((await cardRows(t, id)).filter((row) => row.kind === 'refund')).toEqual([]);
    // The next start: the lease has run out, the worker sends it again with the same key.
    const later = new Date(Date.now() + REFUND_LEASE_MS + 1_000);
    const restarted = createServices({ db: t.db, config: t.config, clock: () => later });
    expect(await dueCardRefunds(restarted)).toContain(queued.id);
    expect(await sendCardRefund(restarted, queued.id)).toEqual({ kind: 'done' });
    expect(await sendCardRefund(restarted, queued.id)).toEqual({ kind: 'busy' });
    const calls = refundCalls().filter((call) => call.form.get('metadata[refund_intent]') === queued.id);
    expect(calls).toHaveLength(2);
    expect(new Set(calls.map((call) => call.idempotencyKey)).size).toBe(1);
    const refunds = (await cardRows(t, id)).filter((row) => row.kind === 'refund');
    expect(refunds.map((row) => Number(row.amount_cents))).toEqual([1500]);
    // Stripe's own event for that refund, after it was recorded, adds nothing.
    const charge = {
      id: 'ch_test_crash',
      object: 'charge',
      amount: 5000,
      amount_refunded: 1500,
      payment_intent: refunds[0]?.provider_ref,
      refunds: {
        object: 'list',
        data: [
          { id: refunds[0]?.external_id, amount: 1500, status: 'succeeded', metadata: { refund_intent: queued.id } },
        ],
      },
    };
    expect(await outcomeOf(signedEvent('charge.refunded', charge))).toBe('duplicate');
    expect((await cardRows(t, id)).filter((row) => row.kind === 'refund')).toHaveLength(1);
  });

  it('records a refund made in Stripe’s dashboard once, with its credit note', async () => {
    const { id, token } = await confirmedBooking();
    await t.post(`/api/bookings/${token}/card-checkout`, { what: 'deposit' });
    const session = lastSession(stripe);
    expect(await outcomeOf(paidEvent(session))).toBe('applied');
    const [payment] = await cardRows(t, id);
    const charge = {
      id: 'ch_test_dashboard',
      object: 'charge',
      amount: Number(session.amount_total),
      amount_refunded: 2500,
      payment_intent: payment?.provider_ref,
      refunds: { object: 'list', data: [{ id: 're_test_dashboard', amount: 2500, status: 'succeeded', metadata: {} }] },
    };
    const event = signedEvent('charge.refunded', charge);
    expect(await outcomeOf(event)).toBe('applied');
    expect(await outcomeOf(event)).toBe('duplicate');
    expect(await outcomeOf(signedEvent('charge.refunded', charge))).toBe('duplicate');
    const refunds = (await cardRows(t, id)).filter((row) => row.kind === 'refund');
    expect(refunds.map((row) => [Number(row.amount_cents), row.external_id])).toEqual([[2500, 're_test_dashboard']]);
    const notes = await t.db.$client.execute({
      sql: "SELECT number FROM documents WHERE order_id = ? AND kind = 'credit_note'",
      args: [id],
    });
    expect(notes.rows).toHaveLength(1);
  });

  it('shows a dispute on the request, and records the money a lost dispute took back', async () => {
    const { id, token } = await confirmedBooking();
    await t.post(`/api/bookings/${token}/card-checkout`, { what: 'deposit' });
    const session = lastSession(stripe);
    expect(await outcomeOf(paidEvent(session))).toBe('applied');
    const [payment] = await cardRows(t, id);
    const dispute = {
      id: 'dp_test_1',
      object: 'dispute',
      amount: Number(session.amount_total),
      reason: 'fraudulent',
      status: 'needs_response',
      payment_intent: payment?.provider_ref,
      charge: 'ch_test_disputed',
    };
    expect(await outcomeOf(signedEvent('charge.dispute.created', dispute))).toBe('dispute_opened');
    expect(await requestPage(id)).toContain('Disputed:');
    expect(await moneyPage()).toContain('Dispute dp_test_1');
    expect(await outcomeOf(signedEvent('charge.dispute.closed', { ...dispute, status: 'lost' }))).toBe('dispute_lost');
    expect(await outcomeOf(signedEvent('charge.dispute.closed', { ...dispute, status: 'lost' }))).toBe('duplicate');
    const refunds = (await cardRows(t, id)).filter((row) => row.kind === 'refund');
    expect(refunds.map((row) => [Number(row.amount_cents), row.external_id])).toEqual([
      [Number(session.amount_total), 'dispute:dp_test_1'],
    ]);
    expect(await requestPage(id)).toContain('Dispute lost:');
    // SAVE_PAGES=dir keeps the pages, to look at as the team sees them.
    if (process.env.SAVE_PAGES) {
      await writeFile(path.join(process.env.SAVE_PAGES, 'request-disputed.html'), await requestPage(id));
      await writeFile(path.join(process.env.SAVE_PAGES, 'money.html'), await moneyPage());
    }
  });

  it('records a payment form sent twice once', async () => {
    const { id } = await confirmedBooking();
    const page = await requestPage(id);
    const formToken = /name="form_token" value="([^"]+)"/.exec(page)?.[1] ?? '';
    expect(formToken).toMatch(/^[0-9a-f-]{36}$/);
    const form = {
      _csrf: owner.csrf,
      form_token: formToken,
      kind: 'payment',
      towards: 'hire',
      method: 'bank_transfer',
      amount: '40.00',
      day: t.booking.today(),
    };
    const answers = await Promise.all([
      postForm(t, `/team/requests/${id}/payments`, form, owner.cookie),
      postForm(t, `/team/requests/${id}/payments`, form, owner.cookie),
    ]);
    const places = answers.map((answer) => answer.headers.get('location')).sort();
    expect(places).toEqual([`/team/requests/${id}?done=paid`, `/team/requests/${id}?done=sent_twice`]);
    const rows = await t.db.$client.execute({
      sql: "SELECT amount_cents FROM payments WHERE order_id = ? AND method = 'bank_transfer'",
      args: [id],
    });
    expect(rows.rows.map((row) => Number(row.amount_cents))).toEqual([4000]);
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
