import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../server/app-services';
import { dueCardRefunds, queueCardRefund, REFUND_LEASE_MS, sendCardRefund, stripeProvider } from '../../server/money';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { type CardApp, cardRows, lastSession, paidEvent, signedEvent, startCardApp } from './card-helpers';
import type { FakeStripe } from './fake-stripe';
import type { TestApp } from './helpers';
import { postForm } from './team-helpers';

/**
 * Issue 59: money going back, recorded once. A refund survives a crash between Stripe's answer and
 * the record; refunds made in Stripe's dashboard and disputes reach the ledger; a payment form sent
 * twice records once. Each fails on the code before the money module. On the file and on sqld.
 */
let app: CardApp;
let t: TestApp;
let stripe: FakeStripe;
let owner: { cookie: string; csrf: string };
beforeAll(async () => {
  app = await startCardApp('sk_test_refunds0123456789');
  ({ t, stripe, owner } = app);
});
afterAll(() => app?.close());

const confirmedBooking = () => app.confirmedBooking();
const outcomeOf = (event: { payload: string; signature: string }) => app.outcomeOf(event);
const requestPage = (id: string) => app.requestPage(id);
const moneyPage = () => app.moneyPage();
const refundCalls = () => app.refundCalls();

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
});
