import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { cardRows, deliver, lastSession, paidEvent, WEBHOOK_SECRET } from './card-helpers';
import { type FakeStripe, startFakeStripe } from './fake-stripe';
import { makeTestApp, orderAsNewCustomer, type TestApp } from './helpers';
import { confirmForToken, getPage, ownerAndProduct } from './team-helpers';

/**
 * Issue 59: card payments by Stripe payout, so a bank statement line can be matched: each payout with
 * the sum of its charges, refunds and fees as Stripe's balance transactions report them, each line with
 * its request. Without Stripe the page says what it would show.
 */
let t: TestApp;
let stripe: FakeStripe;
let owner: { cookie: string; csrf: string };
let productId: string;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await makeTestApp({
    stripe: { secretKey: 'sk_test_payouts0123456789', webhookSecret: WEBHOOK_SECRET, apiUrl: stripe.url },
  });
  ({ owner, productId } = await ownerAndProduct(t));
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

describe('card payouts', () => {
  it('lists a payout with its charges, refunds and fees, each matched to its request', async () => {
    const order = await orderAsNewCustomer(t, productId, 1, addDays(await t.booking.today(), 45));
    const id = String(order.body.order.data.id);
    const token = await confirmForToken(t, id, owner);
    await t.post(`/api/bookings/${token}/card-checkout`, { what: 'deposit' });
    const session = lastSession(stripe);
    await deliver(t, paidEvent(session));
    const intent = String((await cardRows(t, id))[0]?.provider_ref);
    const charged = Number(session.amount_total);
    const fee = Math.round(charged * 0.0175) + 30;
    stripe.payouts = [
      {
        payout: {
          id: 'po_test_1',
          object: 'payout',
          amount: charged - fee - 1000,
          currency: 'aud',
          arrival_date: Math.floor(Date.parse('2026-12-09T00:00:00Z') / 1000),
          status: 'paid',
        },
        transactions: [
          {
            id: 'txn_1',
            object: 'balance_transaction',
            type: 'charge',
            amount: charged,
            fee,
            net: charged - fee,
            description: null,
            source: { id: 'ch_test_1', object: 'charge', payment_intent: intent },
          },
          {
            id: 'txn_2',
            object: 'balance_transaction',
            type: 'refund',
            amount: -1000,
            fee: 0,
            net: -1000,
            description: 'REFUND FOR CHARGE',
            source: { id: 're_test_1', object: 'refund', payment_intent: intent },
          },
          {
            id: 'txn_3',
            object: 'balance_transaction',
            type: 'payout',
            amount: -(charged - fee - 1000),
            fee: 0,
            net: -(charged - fee - 1000),
            description: 'STRIPE PAYOUT',
            source: 'po_test_1',
          },
        ],
      },
    ];
    const page = await (await getPage(t, '/team/money/payouts', owner.cookie)).text();
    // SAVE_PAGES=dir keeps the page, to look at as the team sees it.
    if (process.env.SAVE_PAGES) await writeFile(path.join(process.env.SAVE_PAGES, 'payouts.html'), page);
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
    expect(page).toContain(`${dollars(charged - fee - 1000)} AUD, paid in Wednesday 9 December 2026`);
    expect(page).toContain(`<dt>Card payments</dt><dd>${dollars(charged)}</dd>`);
    expect(page).toContain(`<dt>Refunds and disputes</dt><dd>-$10.00</dd>`);
    expect(page).toContain(`<dt>Stripe’s fees</dt><dd>-${dollars(fee)}</dd>`);
    expect(page).toContain(`<dt>Paid out</dt><dd>${dollars(charged - fee - 1000)}</dd>`);
    expect(page).not.toContain('look at it in Stripe’s dashboard');
    expect(page.match(new RegExp(`<a href="/team/requests/${id}">${id}</a>`, 'g'))).toHaveLength(2);
    expect(stripe.calls.some((call) => call.path.startsWith('/v1/balance_transactions?'))).toBe(true);
  });

  it('says what it would show when the shop takes no cards online', async () => {
    const plain = await makeTestApp();
    try {
      const { owner: plainOwner } = await ownerAndProduct(plain);
      const page = await (await getPage(plain, '/team/money/payouts', plainOwner.cookie)).text();
      expect(page).toContain('This shop takes no card payments online, so there are no Stripe payouts to match.');
    } finally {
      await plain.close();
    }
  });
});
