import Stripe from 'stripe';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { type FakeStripe, startFakeStripe } from './fake-stripe';
import { makeTestApp, orderAsNewCustomer, type TestApp } from './helpers';
import { confirmForToken, getPage, ownerAndProduct } from './team-helpers';

/** The test apps' webhook secret (the card tests' Stripe settings). */
export const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';

let events = 0;

/** A Stripe event of `type` about `object`, and its signature header, signed by the stripe library. */
export function signedEvent(type: string, object: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  events++;
  const payload = JSON.stringify({
    id: `evt_test_${events}_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** The session the stand-in made last, as Stripe would hold it. */
export function lastSession(stripe: FakeStripe): Record<string, any> {
  const session = [...stripe.sessions.values()].at(-1);
  if (!session) throw new Error('no session was made');
  return session;
}

/** Stripe's event for a Checkout Session paid in full (its amount and currency as made). */
export function paidEvent(
  session: Record<string, any>,
  {
    type = 'checkout.session.completed',
    secret = WEBHOOK_SECRET,
    amountTotal = session.amount_total,
    currency = session.currency,
  }: { type?: string; secret?: string; amountTotal?: number; currency?: string } = {},
) {
  return signedEvent(
    type,
    {
      ...session,
      status: 'complete',
      payment_status: 'paid',
      payment_intent: `pi_test_${String(session.id).slice(-12)}`,
      amount_total: amountTotal,
      currency,
    },
    secret,
  );
}

/** The payment intent the stand-in's session pays with (as `paidEvent` names it). */
export const intentOf = (session: Record<string, any>) => `pi_test_${String(session.id).slice(-12)}`;

/**
 * Stripe's `payment_intent.*` event for a hold session's payment intent (issue 61): authorised
 * (`amount_capturable_updated`), released or lapsed (`canceled`), taken from (`succeeded`).
 */
export function intentEvent(
  session: Record<string, any>,
  type: 'amount_capturable_updated' | 'canceled' | 'succeeded',
  more: Record<string, unknown> = {},
) {
  const amount = Number(session.amount_total);
  return signedEvent(`payment_intent.${type}`, {
    id: intentOf(session),
    object: 'payment_intent',
    amount,
    amount_capturable: type === 'amount_capturable_updated' ? amount : 0,
    amount_received: 0,
    currency: session.currency,
    capture_method: 'manual',
    metadata: session.metadata,
    status: { amount_capturable_updated: 'requires_capture', canceled: 'canceled', succeeded: 'succeeded' }[type],
    ...more,
  });
}

export const deliver = (t: TestApp, { payload, signature }: { payload: string; signature: string }) =>
  t.request('/api/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });

/** A request's card rows in the ledger, oldest first. */
export const cardRows = async (t: TestApp, orderId: string) =>
  (
    await t.db.$client.execute({
      sql: "SELECT kind, towards, amount_cents, external_id, provider_ref FROM payments WHERE order_id = ? AND method = 'card_online' ORDER BY recorded_at, rowid",
      args: [orderId],
    })
  ).rows;

/**
 * A test app that takes cards through the tests' Stripe stand-in, with an owner signed in and a
 * product in stock; `confirmedBooking()` books each on a day of its own (never competing for stock).
 */
export async function startCardApp(secretKey = 'sk_test_cards0123456789') {
  const stripe = await startFakeStripe();
  const t = await makeTestApp({ stripe: { secretKey, webhookSecret: WEBHOOK_SECRET, apiUrl: stripe.url } });
  const { owner, productId } = await ownerAndProduct(t);
  let bookings = 0;
  return {
    t,
    stripe,
    owner,
    productId,
    async confirmedBooking(daysAhead = 40 + 3 * bookings++) {
      const order = await orderAsNewCustomer(t, productId, 2, addDays(await t.booking.today(), daysAhead));
      const id = String(order.body.order.data.id);
      const token = await confirmForToken(t, id, owner);
      if (!token) throw new Error(`request ${id} was not confirmed (short on day ${daysAhead}?)`);
      return { id, token };
    },
    /** Delivers a signed event and answers what the webhook said it did. */
    async outcomeOf(event: { payload: string; signature: string }) {
      return ((await (await deliver(t, event)).json()) as { outcome: string }).outcome;
    },
    requestPage: async (id: string) => (await getPage(t, `/team/requests/${id}`, owner.cookie)).text(),
    moneyPage: async () => (await getPage(t, '/team/money', owner.cookie)).text(),
    refundCalls: () => stripe.calls.filter((call) => call.path === '/v1/refunds'),
    async close() {
      await t.close();
      await stripe.close();
    },
  };
}

export type CardApp = Awaited<ReturnType<typeof startCardApp>>;
