import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { cardRows, deliver, lastSession, paidEvent, WEBHOOK_SECRET } from './card-helpers';
import { type FakeStripe, startFakeStripe } from './fake-stripe';
import { makeTestApp, orderAsNewCustomer, type TestApp } from './helpers';
import { confirmForToken, ownerAndProduct, postForm } from './team-helpers';

/**
 * Issue 49: paying by card online through Stripe Checkout. The session is priced by the server; the
 * webhook's signature is checked and each event applied once by its id (a replay or a forged event
 * changes nothing); a refund goes back to the card through Stripe. A small server of the test's own
 * stands in for Stripe's API; webhooks are signed with the stripe library's own test-header helper.
 */
let t: TestApp;
let stripe: FakeStripe;
let owner: { cookie: string; csrf: string };
let productId: string;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await makeTestApp({
    stripe: { secretKey: 'sk_test_shop0123456789', webhookSecret: WEBHOOK_SECRET, apiUrl: stripe.url },
  });
  ({ owner, productId } = await ownerAndProduct(t));
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

async function confirmedBooking() {
  const order = await orderAsNewCustomer(t, productId, 2, addDays(await t.booking.today(), 50));
  const id = String(order.body.order.data.id);
  const token = await confirmForToken(t, id, owner);
  const booking = async () => ((await (await t.request(`/api/bookings/${token}`)).json()) as { data: any }).data;
  return { id, token, booking };
}

const send = (event: { payload: string; signature: string }) => deliver(t, event);

describe('card payments online (Stripe Checkout)', () => {
  it('offers the deposit or everything owed, and prices the session on the server', async () => {
    const { id, token, booking } = await confirmedBooking();
    const before = await booking();
    expect(before.card.offers.map((offer: { what: string }) => offer.what)).toEqual(['deposit', 'rest']);
    const answer = await t.post(`/api/bookings/${token}/card-checkout`, { what: 'deposit', amount: 1 });
    expect(answer.status).toBe(200);
    expect(answer.body.data.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const call = stripe.calls.at(-1);
    expect(call?.path).toBe('/v1/checkout/sessions');
    expect(call?.authorization).toBe('Bearer sk_test_shop0123456789');
    expect(call?.form.get('line_items[0][price_data][unit_amount]')).toBe(String(before.money.deposit.owedCents));
    expect(call?.form.get('line_items[0][price_data][currency]')).toBe('aud');
    expect(call?.form.get('metadata[order_id]')).toBe(id);
    expect(call?.form.get('success_url')).toContain(`/booking/${token}?paid=card`);
    // A second click is the same session (one idempotency key), not a second one.
    await t.post(`/api/bookings/${token}/card-checkout`, { what: 'deposit' });
    expect(stripe.calls.at(-1)?.idempotencyKey).toBe(call?.idempotencyKey);
    expect((await t.post(`/api/bookings/${token}/card-checkout`, { what: 'all of it' })).status).toBe(400);
  });

  it('applies a paid session’s event once, with a receipt; a replayed or forged one changes nothing', async () => {
    const { id, token, booking } = await confirmedBooking();
    await t.post(`/api/bookings/${token}/card-checkout`, { what: 'rest' });
    const session = lastSession(stripe);
    const { payload, signature } = paidEvent(session);
    const forged = paidEvent(session, { secret: 'whsec_not_the_shops' });
    const bad = await send(forged);
    expect(bad.status).toBe(400);
    const altered = await send({ payload: payload.replace(session.metadata.hire_cents, '999999'), signature });
    expect(altered.status).toBe(400);
    expect(await cardRows(t, id)).toHaveLength(0);

    const first = await send({ payload, signature });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, outcome: 'applied' });
    const replays = await Promise.all([send({ payload, signature }), send({ payload, signature })]);
    expect(await Promise.all(replays.map(async (r) => (await r.json()).outcome))).toEqual(['duplicate', 'duplicate']);
    const rows = await cardRows(t, id);
    expect(rows.map((row) => [row.kind, row.towards, Number(row.amount_cents)])).toEqual([
      ['payment', 'hire', Number(session.metadata.hire_cents)],
      ['payment', 'bond', Number(session.metadata.bond_cents)],
    ]);
    const after = await booking();
    expect(after.money.deposit.owedCents).toBe(0);
    expect(after.money.balance.owedCents).toBe(0);
    expect(after.money.bond.owedCents).toBe(0);
    expect(after.card.offers).toEqual([]);
    expect(after.documents.map((doc: { number: string }) => doc.number.slice(0, 3))).toEqual(['INV', 'RCT', 'RCT']);
  });

  it('refunds to the card through Stripe, with a credit note; never more than the card paid', async () => {
    const { id, token } = await confirmedBooking();
    await t.post(`/api/bookings/${token}/card-checkout`, { what: 'deposit' });
    const hire = String(lastSession(stripe).metadata.hire_cents);
    expect((await send(paidEvent(lastSession(stripe)))).status).toBe(200);
    const refund = (amount: string) =>
      postForm(
        t,
        `/team/requests/${id}/payments`,
        {
          _csrf: owner.csrf,
          kind: 'refund',
          towards: 'hire',
          method: 'card_online',
          amount,
          day: '2026-11-27',
          note: 'Changed date',
        },
        owner.cookie,
      );
    const tooMuch = await refund(((Number(hire) + 100) / 100).toFixed(2));
    expect(tooMuch.headers.get('location')).toBe(`/team/requests/${id}?done=card_too_much`);
    stripe.failRefunds = true;
    expect((await refund('10.00')).headers.get('location')).toBe(`/team/requests/${id}?done=card_failed`);
    stripe.failRefunds = false;
    expect((await refund('10.00')).headers.get('location')).toBe(`/team/requests/${id}?done=card_refunded`);
    const sent = stripe.calls.filter((c) => c.path === '/v1/refunds').at(-1);
    expect(sent?.form.get('amount')).toBe('1000');
    expect(sent?.form.get('payment_intent')).toMatch(/^pi_test_/);
    const rows = await cardRows(t, id);
    expect(rows.map((row) => [row.kind, Number(row.amount_cents)])).toEqual([
      ['payment', Number(hire)],
      ['refund', 1000],
    ]);
    expect(String(rows[1]?.external_id)).toMatch(/^re_test_/);
    const notes = await t.db.$client.execute({
      sql: "SELECT number FROM documents WHERE order_id = ? AND kind = 'credit_note'",
      args: [id],
    });
    expect(notes.rows).toHaveLength(1);
  });

  it('pays a cancelled booking’s refund back to the card through Stripe at once', async () => {
    const order = await orderAsNewCustomer(t, productId, 1, addDays(await t.booking.today(), 45));
    const id = String(order.body.order.data.id);
    const token = await confirmForToken(t, id, owner);
    await t.post(`/api/bookings/${token}/card-checkout`, { what: 'rest' });
    const metadata = lastSession(stripe).metadata;
    expect((await send(paidEvent(lastSession(stripe)))).status).toBe(200);
    const refunds = stripe.calls.filter((c) => c.path === '/v1/refunds').length;
    const cancelled = await postForm(
      t,
      `/team/requests/${id}/cancel`,
      { _csrf: owner.csrf, note: '', refund: '20.00' },
      owner.cookie,
    );
    expect(cancelled.headers.get('location')).toBe(`/team/requests/${id}?done=cancelled`);
    const sent = stripe.calls.filter((c) => c.path === '/v1/refunds').slice(refunds);
    expect(sent.map((c) => Number(c.form.get('amount')))).toEqual([2000, Number(metadata.bond_cents)]);
    const rows = await cardRows(t, id);
    expect(rows.filter((row) => row.kind === 'refund').map((row) => [row.towards, Number(row.amount_cents)])).toEqual([
      ['hire', 2000],
      ['bond', Number(metadata.bond_cents)],
    ]);
    const page = await (await t.request(`/team/requests/${id}`, { headers: { cookie: owner.cookie } })).text();
    expect(page).not.toContain('Still to pay back');
  });

  it('takes no card online and no webhook without Stripe’s keys', async () => {
    const plain = await makeTestApp();
    try {
      const answer = await plain.request('/api/stripe/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        body: '{}',
      });
      expect(answer.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
