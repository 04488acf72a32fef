import { randomUUID } from 'node:crypto';
import { createClient } from '@libsql/client';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatMoney } from '../../src/lib/api-contract/money';
import { SATURDAY, weekdayAhead } from '../fixtures/hire-dates';
import { GENEROUS_LIMITS, type ServerProcess, startServerProcess } from '../fixtures/server-process';
import { copyTemplateDb } from '../fixtures/test-db';
import { type FakeStripe, startFakeStripe } from '../server/fake-stripe';
import { axeViolations, followHydration, sharedBrowser } from './browser';
import { addTeamMember, signInHere } from './team-sign-in';

/**
 * Issue 49: paying a booking by card in a browser, on a server of its own with Stripe's keys and a
 * stand-in for Stripe's API (the test's own): the booking page's button goes on to Stripe's page with
 * the deposit priced by the server; Stripe's signed webhook records it; back on the page, it shows as
 * paid with its receipt.
 */
const browser = sharedBrowser();
const WEBHOOK_SECRET = 'whsec_e2e_0123456789abcdef';
const OWNER = `owner-${randomUUID().slice(0, 8)}@example.com`;
let server: ServerProcess;
let stripe: FakeStripe;
let db: ReturnType<typeof createClient>;

beforeAll(async () => {
  stripe = await startFakeStripe();
  const databaseFile = await copyTemplateDb(inject('templateDb'));
  server = await startServerProcess({
    DATABASE_URL: databaseFile,
    STRIPE_SECRET_KEY: 'sk_test_e2e0123456789',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    ...GENEROUS_LIMITS,
  });
  db = createClient({ url: `file:${databaseFile}` });
  await db.execute('PRAGMA busy_timeout = 5000');
  await addTeamMember(db, OWNER);
});
afterAll(async () => {
  db?.close();
  await server?.stop();
  await stripe?.close();
});

const api = async (path: string, body: unknown) =>
  (await (
    await fetch(`${server.url}/api${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json()) as any;

describe('paying by card on the booking page', () => {
  it('goes on to Stripe with the deposit, and shows it paid with a receipt once Stripe says so', async () => {
    const product = await db.execute(
      'SELECT id FROM products WHERE archived = 0 AND show_in_store = 1 AND stock_count > 10 ORDER BY id LIMIT 1',
    );
    const customer = await api('/customers', {
      data: {
        type: 'customers',
        attributes: { name: 'Card Payer', email: `card-${Date.now()}@example.com`, phone: '0400 000 000' },
      },
    });
    const date = weekdayAhead(SATURDAY, 50);
    const order = await api('/orders', {
      customer_id: customer.data.id,
      starts_at: date,
      stops_at: date,
      fulfillment_type: 'pickup',
      lines: [{ id: String(product.rows[0]?.id), quantity: 2, isBundle: false, bundleVariations: [] }],
    });
    const id = String(order.order.data.id);
    const team = followHydration(
      await browser().newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } }),
    );
    const workspace = await team.newPage();
    await workspace.goto(`/team/requests/${id}`);
    await signInHere(workspace, db, OWNER);
    await workspace.getByRole('button', { name: 'Confirm request' }).click();
    await workspace.getByRole('status').filter({ hasText: 'Confirmed' }).waitFor();
    await team.close();
    const email = await db.execute({
      sql: "SELECT text FROM email_outbox WHERE order_id = ? AND kind = 'order_confirmed'",
      args: [id],
    });
    const path = /\/booking\/[0-9]+-[A-Za-z0-9_-]{22}/.exec(String(email.rows[0]?.text))?.[0] as string;

    const context = followHydration(
      await browser().newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } }),
    );
    const page = await context.newPage();
    await page.goto(path);
    const pay = page.getByRole('button', { name: /^Pay the deposit by card: \$[\d,.]+$/ });
    await pay.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const shown = /\$([\d,.]+)$/.exec((await pay.textContent()) ?? '')?.[1]?.replace(/,/g, '');
    // Stripe's page is out of reach here: the browser going there, with the session's address, is the sign.
    const toStripe = page.waitForRequest((request) =>
      /^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/.test(request.url()),
    );
    await pay.click();
    await toStripe;
    const session = stripe.calls.filter((call) => call.path === '/v1/checkout/sessions').at(-1);
    expect(session?.form.get('line_items[0][price_data][unit_amount]')).toBe(String(Math.round(Number(shown) * 100)));
    expect(session?.form.get('metadata[order_id]')).toBe(id);

    // Stripe tells the shop: the session it made, paid, signed as Stripe signs it.
    const made = [...stripe.sessions.values()].at(-1) ?? {};
    expect(made.amount_total).toBe(Math.round(Number(shown) * 100));
    const payload = JSON.stringify({
      id: `evt_test_${randomUUID().slice(0, 12)}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: { ...made, status: 'complete', payment_status: 'paid', payment_intent: 'pi_test_e2e' } },
    });
    const delivered = await fetch(`${server.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    });
    expect(await delivered.json()).toEqual({ received: true, outcome: 'applied' });

    // Back from Stripe (a tab of its own: the one sent to Stripe's page found no network there).
    const back = await context.newPage();
    await back.goto(`${path}?paid=card`);
    await back.getByRole('status').filter({ hasText: 'Thank you: your card payment is with Stripe.' }).waitFor();
    const money = back.getByRole('region', { name: 'What you pay and when' });
    await money.getByText(`${formatMoney(Math.round(Number(shown) * 100))} towards the hire, card (online)`).waitFor();
    await back.getByRole('link', { name: /^Receipt RCT-\d{4} \(PDF\)$/ }).waitFor();
    expect(await back.getByRole('button', { name: /^Pay the deposit by card/ }).count()).toBe(0);
    await context.close();
  });
});
