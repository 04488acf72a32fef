import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { type CardApp, lastSession, paidEvent, startCardApp } from './card-helpers';
import { orderAsNewCustomer } from './helpers';
import { postForm } from './team-helpers';

/**
 * Issue 61: sign and pay, then booked. A request whose customer accepted its quote (or any request,
 * where the business books without waiting) can have its deposit paid by card before the team answers;
 * when Stripe's payment arrives, it is confirmed if every item is still held (the tax invoice issued,
 * the customer and the team told), or left to the team if short, and declining it then refunds the
 * card at once. Each event applies once. Through the tests' Stripe stand-in, on the file and on sqld.
 */
let app: CardApp;
beforeAll(async () => {
  app = await startCardApp();
});
afterAll(() => app?.close());

const rows = async (sql: string, args: (string | number)[] = []) =>
  (await app.t.db.$client.execute({ sql, args })).rows;

let day = 60;
/** A waiting request, sent as a quote and accepted on its booking page: its id and token. */
async function acceptedQuote(quantity = 2, on = addDays(app.t.booking.today(), day++ * 3)) {
  const order = await orderAsNewCustomer(app.t, app.productId, quantity, on);
  const id = String(order.body.order.data.id);
  await postForm(app.t, `/team/requests/${id}/quote`, { _csrf: app.owner.csrf }, app.owner.cookie);
  const [mail] = await rows("SELECT text FROM email_outbox WHERE order_id = ? AND kind = 'quote_sent'", [id]);
  const token = /\/booking\/([^\s/]+)/.exec(String(mail?.text))?.[1] as string;
  const booking = async () => ((await (await app.t.request(`/api/bookings/${token}`)).json()) as { data: any }).data;
  const { quote } = await booking();
  const accepted = await app.t.post(`/api/bookings/${token}/accept`, {
    name: 'Pat Payer',
    agree: true,
    quote_version: quote.version,
    quote_digest: quote.digest,
  });
  expect(accepted.status).toBe(200);
  return { id, token, booking, on };
}
const decisionOf = async (id: string) =>
  (await rows('SELECT decision FROM orders WHERE id = ?', [id]))[0]?.decision ?? null;

describe('sign and pay, then booked', () => {
  it('offers nothing to pay before the quote is accepted, then the deposit; paid, it is confirmed once', async () => {
    const order = await orderAsNewCustomer(app.t, app.productId, 2, addDays(app.t.booking.today(), 150));
    const waiting = String(order.body.order.data.id);
    // Not booking without waiting: the answer names no page to pay on.
    expect(order.body.bookingUrl).toBeUndefined();
    await postForm(app.t, `/team/requests/${waiting}/quote`, { _csrf: app.owner.csrf }, app.owner.cookie);
    const [mail] = await rows("SELECT text FROM email_outbox WHERE order_id = ? AND kind = 'quote_sent'", [waiting]);
    const waitingToken = /\/booking\/([^\s/]+)/.exec(String(mail?.text))?.[1] as string;
    expect((await app.t.post(`/api/bookings/${waitingToken}/card-checkout`, { what: 'deposit' })).status).toBe(409);

    const { id, token, booking } = await acceptedQuote();
    const before = await booking();
    expect(before.status).toBe('requested');
    expect(before.card.offers.map((offer: { what: string }) => offer.what)).toEqual(['deposit']);
    const checkout = await app.t.post(`/api/bookings/${token}/card-checkout`, { what: 'deposit' });
    expect(checkout.status).toBe(200);
    const event = paidEvent(lastSession(app.stripe));
    expect(await app.outcomeOf(event)).toBe('applied');
    expect(await decisionOf(id)).toBe('confirmed');
    // The same event again, and the session's second event: nothing twice.
    expect(await app.outcomeOf(event)).toBe('duplicate');
    expect(
      await app.outcomeOf(paidEvent(lastSession(app.stripe), { type: 'checkout.session.async_payment_succeeded' })),
    ).toBe('duplicate');
    const confirmations = await rows(
      "SELECT attachments FROM email_outbox WHERE order_id = ? AND kind = 'order_confirmed'",
      [id],
    );
    expect(confirmations).toHaveLength(1);
    const [invoice] = await rows("SELECT id, number FROM documents WHERE order_id = ? AND kind = 'invoice'", [id]);
    expect(JSON.parse(String(confirmations[0]?.attachments))).toEqual([invoice?.id]);
    const [team] = await rows("SELECT subject, text FROM email_outbox WHERE order_id = ? AND kind = 'order_paid'", [
      id,
    ]);
    expect(String(team?.subject)).toMatch(new RegExp(`^Request ${id} is booked: .+ paid$`));
    expect(String(team?.text)).toContain(`every item was still free; tax invoice ${String(invoice?.number)}`);
    const after = await booking();
    expect(after.status).toBe('confirmed');
    expect(after.money.deposit.owedCents).toBe(0);
  });

  it('confirms nothing when the items are no longer free, and declining refunds the card at once', async () => {
    const on = addDays(app.t.booking.today(), 200);
    const { id, token } = await acceptedQuote(2, on);
    await app.t.post(`/api/bookings/${token}/card-checkout`, { what: 'deposit' });
    const session = lastSession(app.stripe);
    // The stock is cut to nothing while the customer pays: the payment finds it short.
    const [stock] = await rows('SELECT stock_count FROM products WHERE id = ?', [app.productId]);
    await rows('UPDATE products SET stock_count = 0 WHERE id = ?', [app.productId]);
    try {
      expect(await app.outcomeOf(paidEvent(session))).toBe('applied');
      expect(await decisionOf(id)).toBeNull();
      const [team] = await rows("SELECT subject FROM email_outbox WHERE order_id = ? AND kind = 'order_paid'", [id]);
      expect(String(team?.subject)).toBe(`Request ${id} paid, but short: decide`);
      const [paid] = await rows(
        "SELECT amount_cents FROM payments WHERE order_id = ? AND kind = 'payment' AND towards = 'hire'",
        [id],
      );
      const refundsBefore = app.refundCalls().length;
      const declined = await postForm(
        app.t,
        `/team/requests/${id}/decline`,
        { _csrf: app.owner.csrf },
        app.owner.cookie,
      );
      expect(declined.status).toBe(303);
      expect(await decisionOf(id)).toBe('declined');
      expect(app.refundCalls().length).toBe(refundsBefore + 1);
      const [refund] = await rows(
        "SELECT amount_cents, note FROM payments WHERE order_id = ? AND kind = 'refund' AND method = 'card_online'",
        [id],
      );
      expect(refund).toMatchObject({ amount_cents: Number(paid?.amount_cents), note: 'Declined' });
    } finally {
      await rows('UPDATE products SET stock_count = ? WHERE id = ?', [Number(stock?.stock_count), app.productId]);
    }
  });

  it('books without waiting where the business lets it: a plain request paid for is confirmed', async () => {
    await rows(
      "UPDATE business_settings SET settings = json_set(settings, '$.payments.book_without_waiting', json('true')) WHERE id = 1",
    );
    await app.t.cache.version.refresh();
    try {
      const order = await orderAsNewCustomer(app.t, app.productId, 1, addDays(app.t.booking.today(), 240));
      const id = String(order.body.order.data.id);
      const [mail] = await rows("SELECT text FROM email_outbox WHERE order_id = ? AND kind = 'order_confirmation'", [
        id,
      ]);
      expect(String(mail?.text)).toBeTruthy();
      // Its booking page's link, as the team would send it: the deposit is offered before any answer.
      const { bookingToken } = await import('../../server/services/booking-links');
      const token = bookingToken(app.t.services.secret, id);
      // The order's answer names that page, for the success page's "Pay the deposit and book".
      expect(order.body.bookingUrl).toBe(`/booking/${token}`);
      const checkout = await app.t.post(`/api/bookings/${token}/card-checkout`, { what: 'deposit' });
      expect(checkout.status).toBe(200);
      expect(await app.outcomeOf(paidEvent(lastSession(app.stripe)))).toBe('applied');
      expect(await decisionOf(id)).toBe('confirmed');
    } finally {
      await rows(
        "UPDATE business_settings SET settings = json_remove(settings, '$.payments.book_without_waiting') WHERE id = 1",
      );
      await app.t.cache.version.refresh();
    }
  });
});
