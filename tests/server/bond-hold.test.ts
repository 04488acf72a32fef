import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../server/app-services';
import { dueHoldActions, HOLD_LEASE_MS, sendHoldAction, stripeProvider } from '../../server/money';
import { longDate } from '../../src/lib/api-contract/dates';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { formatMoney } from '../../src/lib/api-contract/money';
import { type CardApp, cardRows, intentEvent, intentOf, lastSession, signedEvent, startCardApp } from './card-helpers';
import { orderAsNewCustomer } from './helpers';
import { confirmForToken, getPage, postForm, signIn } from './team-helpers';

/**
 * Issue 61: the bond as a card authorisation. Where the business holds bonds on the card and the hire
 * ends within a hold's life (Stripe keeps one 7 days; 2 are left to settle), the booking page offers to
 * hold the bond (a Checkout Session with manual capture) and says so; later hires charge and refund it
 * as before, and the page says that. The settlement takes what is kept from the hold and releases the
 * rest, a cancellation releases it, each written first and sent by the hold worker under a lease; Stripe's
 * events apply once; a lapsed hold leaves the bond owed. Through the tests' Stripe stand-in, file and sqld.
 */
let app: CardApp;
beforeAll(async () => {
  app = await startCardApp('sk_test_holds0123456789');
  await rows(
    "UPDATE business_settings SET settings = json_set(settings, '$.payments.bond_card_hold', json('true')) WHERE id = 1",
  );
  await app.t.cache.version.refresh();
});
afterAll(() => app?.close());

const rows = async (sql: string, args: (string | number)[] = []) =>
  (await app.t.db.$client.execute({ sql, args })).rows;
const at = (day: string) => app.t.setNow(new Date(`${day}T01:00:00Z`));
const holdOf = async (id: string) => (await rows('SELECT * FROM bond_holds WHERE order_id = ?', [id]))[0];

let day = 20;
/** A confirmed booking of one piece, `daysAhead` from the real today, with its page's token and window. */
async function confirmed(daysAhead?: number) {
  day += 4;
  app.t.setNow(null);
  const on = addDays(app.t.booking.today(), daysAhead ?? day);
  const order = await orderAsNewCustomer(app.t, app.productId, 1, on);
  const id = String(order.body.order.data.id);
  const token = await confirmForToken(app.t, id, app.owner);
  const window = app.t.booking.window(on, 'pickup');
  const booking = async () => ((await (await app.t.request(`/api/bookings/${token}`)).json()) as { data: any }).data;
  return { id, token, window, booking };
}

/** A confirmed booking three days before its return, its bond held on the card: its hold's session too. */
async function held() {
  const booking = await confirmed();
  at(addDays(booking.window.to, -3));
  const checkout = await app.t.post(`/api/bookings/${booking.token}/card-checkout`, { what: 'bond_hold' });
  expect(checkout.status).toBe(200);
  const session = lastSession(app.stripe);
  expect(await app.outcomeOf(intentEvent(session, 'amount_capturable_updated'))).toBe('applied');
  return { ...booking, session, bond: Number(session.amount_total) };
}

/** Hands the booking over and takes it back with nothing missing, each on its day, as the owner. */
async function handOverAndReturn(id: string, window: { from: string; to: string }) {
  at(window.from);
  let me = await signIn(app.t, 'olive@example.com');
  await postForm(app.t, `/team/requests/${id}/hand-over`, { _csrf: me.csrf, day: window.from }, me.cookie);
  at(window.to);
  me = await signIn(app.t, 'olive@example.com');
  const page = await (await getPage(app.t, `/team/requests/${id}`, me.cookie)).text();
  const product = /name="missing:([^"]+)"/.exec(page)?.[1] ?? '';
  await postForm(
    app.t,
    `/team/requests/${id}/return`,
    { _csrf: me.csrf, day: window.to, [`missing:${product}`]: '0', [`damaged:${product}`]: '0' },
    me.cookie,
  );
  return me;
}

/** The request's page in the workspace, signed in anew (the test's clock may have moved past a session). */
const teamPage = async (id: string) => {
  const me = await signIn(app.t, 'olive@example.com');
  return (await getPage(app.t, `/team/requests/${id}`, me.cookie)).text();
};

const send = async () => {
  for (const id of await dueHoldActions(app.t.services)) await sendHoldAction(app.t.services, id);
};

describe('the bond held on the card', () => {
  it('is charged and refunded as before where the hire ends later, and the page says from when it can be held', async () => {
    const { token, booking, window } = await confirmed(40);
    const page = await booking();
    expect(page.card.offers.map((offer: { what: string }) => offer.what)).toEqual(['deposit', 'rest']);
    expect(page.card.offers[1].bondCents).toBe(page.money.bond.cents);
    expect(page.card.bond).toBe(
      `Paid by card, the bond is charged and refunded after the return: a hold on a card lasts only 7 days. From ${longDate(addDays(window.to, -5))} it can be held on your card instead.`,
    );
    expect((await app.t.post(`/api/bookings/${token}/card-checkout`, { what: 'bond_hold' })).status).toBe(409);
  });

  it('holds the bond apart from the rest, with manual capture and no surcharge, once by Stripe’s event', async () => {
    const booking = await confirmed();
    at(addDays(booking.window.to, -3));
    try {
      const before = await booking.booking();
      expect(before.card.offers.map((offer: { what: string }) => offer.what)).toEqual(['deposit', 'rest', 'bond_hold']);
      const rest = before.card.offers.find((offer: { what: string }) => offer.what === 'rest');
      expect(rest.bondCents).toBe(0);
      expect(before.card.bond).toContain('so the bond can be held on your card instead of charged');
      const bond = before.money.bond.owedCents;
      const checkout = await app.t.post(`/api/bookings/${booking.token}/card-checkout`, { what: 'bond_hold' });
      expect(checkout.status).toBe(200);
      const call = app.stripe.calls.at(-1);
      expect(call?.form.get('payment_intent_data[capture_method]')).toBe('manual');
      expect(call?.form.get('line_items[0][price_data][unit_amount]')).toBe(String(bond));
      expect(call?.form.get('line_items[1][price_data][unit_amount]')).toBeNull();
      expect(call?.form.get('success_url')).toContain(`/booking/${booking.token}?paid=hold`);
      const session = lastSession(app.stripe);
      // Stripe's completed session of a hold is unpaid: nothing is recorded by it.
      const completed = signedEvent('checkout.session.completed', { ...session, status: 'complete' });
      expect(await app.outcomeOf(completed)).toBe('unpaid');
      // An authorisation for another amount is kept for the team and holds nothing.
      expect(
        await app.outcomeOf(intentEvent(session, 'amount_capturable_updated', { amount_capturable: bond - 1 })),
      ).toBe('amount_mismatch');
      expect(await holdOf(booking.id)).toBeUndefined();
      const authorised = intentEvent(session, 'amount_capturable_updated');
      expect(await app.outcomeOf(authorised)).toBe('applied');
      expect(await app.outcomeOf(authorised)).toBe('duplicate');
      const after = await booking.booking();
      expect(after.money.bond).toMatchObject({ owedCents: 0, heldCents: bond });
      expect(after.card.offers.map((offer: { what: string }) => offer.what)).not.toContain('bond_hold');
      expect(after.card.bond).toMatch(
        new RegExp(`^Your bond of \\${formatMoney(bond)} is held on your card, not charged, until `),
      );
      expect(await cardRows(app.t, booking.id)).toHaveLength(0);
      const team = await teamPage(booking.id);
      expect(team).toContain(`Bond of ${formatMoney(bond)} held on the customer’s card, not charged, until`);
      expect(team).toContain(`<dt>Bond</dt><dd>${formatMoney(bond)}: Held on the card</dd>`);
    } finally {
      app.t.setNow(null);
    }
  });

  it('takes what the settlement keeps from the hold and releases the rest, recorded once', async () => {
    const { id, window, session, bond } = await held();
    try {
      const me = await handOverAndReturn(id, window);
      expect(await teamPage(id)).toContain(
        `${formatMoney(bond)} held on the card: what is kept is taken from it, the rest released.`,
      );
      const kept = Math.min(500, bond);
      const settled = await postForm(
        app.t,
        `/team/requests/${id}/bond`,
        { _csrf: me.csrf, kept: (kept / 100).toFixed(2), reason: 'One vase chipped' },
        me.cookie,
      );
      expect(settled.headers.get('location')).toBe(`/team/requests/${id}?done=bond_settled`);
      expect(await holdOf(id)).toMatchObject({ status: 'capture_due', capture_cents: kept });
      // Written before Stripe is asked: nothing is recorded until Stripe answers.
      expect(await cardRows(app.t, id)).toHaveLength(0);
      await send();
      await send();
      const captures = app.stripe.calls.filter(
        (call) => call.path === `/v1/payment_intents/${intentOf(session)}/capture`,
      );
      expect(captures).toHaveLength(1);
      expect(captures[0]?.form.get('amount_to_capture')).toBe(String(kept));
      expect(captures[0]?.idempotencyKey).toBe(`hold:${session.metadata.card_session}:capture`);
      expect((await holdOf(id))?.status).toBe('captured');
      // Stripe's own events after it: the capture is not recorded again; the release is no refund.
      expect(await app.outcomeOf(intentEvent(session, 'succeeded', { amount_received: kept }))).toBe('duplicate');
      const charge = {
        id: `ch_test_${id}`,
        object: 'charge',
        payment_intent: intentOf(session),
        amount: bond,
        amount_captured: kept,
        amount_refunded: bond - kept,
        refunds: { object: 'list', data: [] },
      };
      await app.outcomeOf(signedEvent('charge.refunded', charge));
      const ledger = await cardRows(app.t, id);
      expect(ledger.map((row) => [row.kind, row.towards, Number(row.amount_cents), row.external_id])).toEqual([
        ['payment', 'bond', kept, `hold:${session.metadata.card_session}`],
      ]);
      const [mail] = await rows("SELECT text FROM email_outbox WHERE order_id = ? AND kind = 'bond_settled'", [id]);
      expect(String(mail?.text)).toContain(
        `Of the ${formatMoney(bond)} held on your card we take ${formatMoney(kept)} and release ${formatMoney(bond - kept)}.`,
      );
      const team = await teamPage(id);
      expect(team).toContain(`${formatMoney(kept)} taken from the ${formatMoney(bond)} bond hold; the rest released.`);
      expect(team).not.toContain('Still to pay back');
    } finally {
      app.t.setNow(null);
    }
  });

  it('takes from the hold once when the process dies between Stripe’s answer and the record', async () => {
    const { id, window, session, bond } = await held();
    try {
      const me = await handOverAndReturn(id, window);
      await postForm(
        app.t,
        `/team/requests/${id}/bond`,
        { _csrf: me.csrf, kept: '5.00', reason: 'Chipped' },
        me.cookie,
      );
      const real = stripeProvider(app.t.config.stripe);
      if (!real) throw new Error('the test app has Stripe');
      // This process reaches Stripe, which captures, and dies before it records anything.
      let answered = 0;
      const dying = createServices({
        db: app.t.db,
        config: app.t.config,
        clock: () => app.t.services.clock(),
        cards: {
          ...real,
          capture: async (input) => {
            await real.capture(input);
            answered++;
            return new Promise(() => {});
          },
        },
      });
      const holdId = String(session.metadata.card_session);
      void sendHoldAction(dying, holdId);
      await expect.poll(() => answered).toBe(1);
      expect(await cardRows(app.t, id)).toHaveLength(0);
      expect((await holdOf(id))?.status).toBe('capture_due');
      // The next start: the lease has run out, the worker asks again with the same key; Stripe answers
      // with the same capture, and it is recorded once.
      const later = new Date(app.t.services.clock().getTime() + HOLD_LEASE_MS + 1_000);
      const restarted = createServices({ db: app.t.db, config: app.t.config, clock: () => later });
      expect(await dueHoldActions(restarted)).toContain(holdId);
      expect(await sendHoldAction(restarted, holdId)).toEqual({ kind: 'done' });
      expect(await sendHoldAction(restarted, holdId)).toEqual({ kind: 'busy' });
      const captures = app.stripe.calls.filter(
        (call) => call.path === `/v1/payment_intents/${intentOf(session)}/capture`,
      );
      expect(captures).toHaveLength(2);
      expect(new Set(captures.map((call) => call.idempotencyKey)).size).toBe(1);
      expect(app.stripe.intents.get(intentOf(session))).toEqual({
        status: 'succeeded',
        amountReceived: Math.min(500, bond),
      });
      expect((await cardRows(app.t, id)).map((row) => Number(row.amount_cents))).toEqual([Math.min(500, bond)]);
    } finally {
      app.t.setNow(null);
    }
  });

  it('releases the hold in full where nothing is kept', async () => {
    const { id, window, session, bond } = await held();
    try {
      const me = await handOverAndReturn(id, window);
      await postForm(app.t, `/team/requests/${id}/bond`, { _csrf: me.csrf, kept: '0', reason: '' }, me.cookie);
      await send();
      expect(app.stripe.intents.get(intentOf(session))).toEqual({ status: 'canceled', amountReceived: 0 });
      expect((await holdOf(id))?.status).toBe('released');
      expect(await cardRows(app.t, id)).toHaveLength(0);
      const [mail] = await rows("SELECT text FROM email_outbox WHERE order_id = ? AND kind = 'bond_settled'", [id]);
      expect(String(mail?.text)).toContain(`We release the ${formatMoney(bond)} held on your card: nothing is taken.`);
      // Stripe's event for the release it made changes nothing more.
      expect(await app.outcomeOf(intentEvent(session, 'canceled'))).toBe('duplicate');
    } finally {
      app.t.setNow(null);
    }
  });

  it('releases it when the booking is cancelled, tried again while Stripe is out of reach', async () => {
    const { id, token, session, bond } = await held();
    try {
      const me = await signIn(app.t, 'olive@example.com');
      await postForm(app.t, `/team/requests/${id}/cancel`, { _csrf: me.csrf }, me.cookie);
      expect((await holdOf(id))?.status).toBe('release_due');
      const [mail] = await rows("SELECT text FROM email_outbox WHERE order_id = ? AND kind = 'order_cancelled'", [id]);
      expect(String(mail?.text)).toContain(
        `The bond held on your card, ${formatMoney(bond)}, is released: nothing is taken.`,
      );
      app.stripe.downHolds = true;
      await send();
      expect(await holdOf(id)).toMatchObject({ status: 'release_due', attempts: 1 });
      app.stripe.downHolds = false;
      // Tried again once its wait is over, not before.
      await send();
      expect(app.stripe.intents.has(intentOf(session))).toBe(false);
      app.t.setNow(new Date(app.t.services.clock().getTime() + 60 * 60 * 1000));
      await send();
      expect(app.stripe.intents.get(intentOf(session))?.status).toBe('canceled');
      expect((await holdOf(id))?.status).toBe('released');
      // The booking page says it too, among what the cancellation refunded and kept.
      const page = ((await (await app.t.request(`/api/bookings/${token}`)).json()) as { data: any }).data;
      expect(page.settlement).toContain(
        `The bond held on your card, ${formatMoney(bond)}, is released: nothing is taken.`,
      );
    } finally {
      app.stripe.downHolds = false;
      app.t.setNow(null);
    }
  });

  it('leaves the bond owed again when Stripe lets the hold lapse, and says so', async () => {
    const { id, token, session, bond } = await held();
    try {
      expect(await app.outcomeOf(intentEvent(session, 'canceled', { cancellation_reason: 'automatic' }))).toBe(
        'applied',
      );
      expect((await holdOf(id))?.status).toBe('expired');
      const page = ((await (await app.t.request(`/api/bookings/${token}`)).json()) as { data: any }).data;
      expect(page.money.bond.owedCents).toBe(bond);
      expect(page.card.bond).toMatch(/^The hold on your card for the bond ran out\. /);
      expect(await teamPage(id)).toContain('bond hold lapsed on');
    } finally {
      app.t.setNow(null);
    }
  });
});
