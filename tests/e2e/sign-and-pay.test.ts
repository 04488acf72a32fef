import { randomUUID } from 'node:crypto';
import { createClient } from '@libsql/client';
import type { Page } from 'playwright-core';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_TIME_ZONE, dayIn } from '../../src/lib/api-contract/dates';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { formatMoney } from '../../src/lib/api-contract/money';
import { daysBetween } from '../../src/lib/api-contract/payment-terms';
import { SATURDAY, weekdayAhead } from '../fixtures/hire-dates';
import { GENEROUS_LIMITS, type ServerProcess, startServerProcess } from '../fixtures/server-process';
import { copyTemplateDb } from '../fixtures/test-db';
import { type FakeStripe, startFakeStripe } from '../server/fake-stripe';
import { axeViolations, followHydration, sharedBrowser } from './browser';
import { addTeamMember, signInHere } from './team-sign-in';

/**
 * Issue 61 in a browser, on a server of its own with Stripe's keys and the tests' stand-in for Stripe's
 * API: a quote signed with the pointer at 390 px goes straight on to paying the deposit, and Stripe's
 * signed event books it with no team action; at 1440 px a hire that ends within a card hold's life
 * holds its bond on the card (manual capture), and the page says it is held, not charged. Axe clean.
 */
const browser = sharedBrowser();
const WEBHOOK_SECRET = 'whsec_e2e_signpay0123456789';
const OWNER = `pay-owner-${randomUUID().slice(0, 8)}@example.com`;
let server: ServerProcess;
let stripe: FakeStripe;
let db: ReturnType<typeof createClient>;
let productId: string;

beforeAll(async () => {
  stripe = await startFakeStripe();
  const databaseFile = await copyTemplateDb(inject('templateDb'));
  server = await startServerProcess({
    DATABASE_URL: databaseFile,
    STRIPE_SECRET_KEY: 'sk_test_e2esignpay0123',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    ...GENEROUS_LIMITS,
  });
  db = createClient({ url: `file:${databaseFile}` });
  await db.execute('PRAGMA busy_timeout = 5000');
  await addTeamMember(db, OWNER);
  await db.execute(
    `UPDATE business_settings SET settings = json_set(settings, '$.payments.signature_required', json('true'), '$.payments.bond_card_hold', json('true')) WHERE id = 1`,
  );
  const product = await db.execute(
    'SELECT id FROM products WHERE archived = 0 AND show_in_store = 1 AND stock_count > 10 ORDER BY id LIMIT 1',
  );
  productId = String(product.rows[0]?.id);
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

async function request(date: string) {
  const customer = await api('/customers', {
    data: {
      type: 'customers',
      attributes: { name: 'Pat Payer', email: `pay-${randomUUID().slice(0, 8)}@example.com`, phone: '0400 000 000' },
    },
  });
  const order = await api('/orders', {
    customer_id: customer.data.id,
    starts_at: date,
    stops_at: date,
    fulfillment_type: 'pickup',
    lines: [{ id: productId, quantity: 1, isBundle: false, bundleVariations: [] }],
  });
  return String(order.order.data.id);
}

/** The booking page's path from the newest email of `kind` about a request. */
async function bookingPath(id: string, kind: string) {
  const mail = await db.execute({
    sql: 'SELECT text FROM email_outbox WHERE order_id = ? AND kind = ? ORDER BY rowid DESC LIMIT 1',
    args: [id, kind],
  });
  return /\/booking\/[0-9]+-[A-Za-z0-9_-]{22}/.exec(String(mail.rows[0]?.text))?.[0] as string;
}

/** Clicks an action on the request's page in the workspace, signed in as the owner. */
async function teamAction(id: string, button: string, done: string | RegExp) {
  const team = followHydration(
    await browser().newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } }),
  );
  const page = await team.newPage();
  await page.goto(`/team/requests/${id}`);
  if (new URL(page.url()).pathname === '/team/sign-in') await signInHere(page, db, OWNER);
  await page.getByRole('button', { name: button }).click();
  await page.getByText(done).first().waitFor();
  await team.close();
}

/** Stripe's signed event, as Stripe signs it, delivered to the shop's webhook: what the shop did. */
async function deliver(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_test_${randomUUID().slice(0, 12)}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const answer = await fetch(`${server.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    body: payload,
  });
  return ((await answer.json()) as { outcome: string }).outcome;
}

/** Clicks a card button and waits for the browser to head for Stripe's page: the session the stand-in made. */
async function onToStripe(page: Page, button: RegExp) {
  const pay = page.getByRole('button', { name: button });
  await pay.waitFor();
  const toStripe = page.waitForRequest((sent) => /^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/.test(sent.url()));
  await pay.click();
  await toStripe;
  return [...stripe.sessions.values()].at(-1) as Record<string, any>;
}

/** A full-page picture to look at, where SCREENSHOT_DIR names a folder for them. */
const shoot = async (page: Page, name: string) => {
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage: true });
};

describe('sign and pay on the booking page', () => {
  it('signs a quote with the pointer, pays the deposit and is booked when Stripe says so (390 px)', async () => {
    const id = await request(weekdayAhead(SATURDAY, 30));
    await teamAction(id, 'Send as a quote', 'Quote sent: the customer has been emailed it');
    const path = await bookingPath(id, 'quote_sent');
    const context = followHydration(
      await browser().newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } }),
    );
    const page = await context.newPage();
    await page.goto(path);
    await page.getByRole('heading', { name: 'Your quote', level: 1 }).waitFor();
    await page.getByLabel('Your full name').fill('Pat Payer');
    const pad = page.locator('canvas.signature__pad');
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error('no signature box');
    await page.mouse.move(box.x + 20, box.y + box.height * 0.6);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) {
      await page.mouse.move(box.x + 20 + i * 25, box.y + box.height * (0.6 - 0.3 * Math.sin(i / 2)), { steps: 3 });
    }
    await page.mouse.up();
    await page.getByRole('checkbox', { name: /I have read and accept/ }).check();
    await page.getByRole('button', { name: 'Accept the quote' }).click();
    await page.getByText('Pay the deposit now and your booking is confirmed as soon as it is paid').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const session = await onToStripe(page, /^Pay the deposit by card: \$[\d,.]+$/);
    expect(session.metadata.order_id).toBe(id);
    expect(
      await deliver('checkout.session.completed', {
        ...session,
        status: 'complete',
        payment_status: 'paid',
        payment_intent: 'pi_test_signpay',
      }),
    ).toBe('applied');
    const back = await context.newPage();
    await back.goto(`${path}?paid=card`);
    await back.getByRole('status').filter({ hasText: 'Thank you: your card payment is with Stripe.' }).waitFor();
    await back.getByRole('heading', { name: 'Your booking', level: 1 }).waitFor();
    const money = back.getByRole('region', { name: 'What you pay and when' });
    await money.getByText(`${formatMoney(Number(session.amount_total))} towards the hire, card (online)`).waitFor();
    await back.getByRole('link', { name: /^(Tax invoice|Invoice) INV-\d{4} \(PDF\)$/ }).waitFor();
    const decision = await db.execute({ sql: 'SELECT decision FROM orders WHERE id = ?', args: [id] });
    expect(decision.rows[0]?.decision).toBe('confirmed');
    expect(await axeViolations(back)).toEqual([]);
    await shoot(back, 'sign-and-pay-390');
    await context.close();
  });

  it('holds the bond on the card where the hire ends within a hold’s life (1440 px)', async () => {
    const today = dayIn(new Date(), DEFAULT_TIME_ZONE);
    const id = await request(addDays(today, 1));
    await teamAction(id, 'Confirm request', /Confirmed/);
    const path = await bookingPath(id, 'order_confirmed');
    const context = followHydration(
      await browser().newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } }),
    );
    const page = await context.newPage();
    await page.goto(path);
    const money = page.getByRole('region', { name: 'What you pay and when' });
    await money.getByText(/so the bond can be held on your card instead of charged/).waitFor();
    const booking = (await (await fetch(`${server.url}/api${path.replace('/booking/', '/bookings/')}`)).json()) as any;
    expect(daysBetween(today, booking.data.returnOn)).toBeLessThanOrEqual(5);
    const bond = booking.data.money.bond.cents;
    await money.getByRole('button', { name: `Hold the bond on your card: ${formatMoney(bond)}` }).waitFor();
    await money.getByText('Nothing is charged now: Stripe holds it on your card for 7 days.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const session = await onToStripe(page, /^Hold the bond on your card/);
    expect(session.capture_method).toBe('manual');
    expect(
      await deliver('payment_intent.amount_capturable_updated', {
        id: 'pi_test_e2ehold',
        object: 'payment_intent',
        amount: session.amount_total,
        amount_capturable: session.amount_total,
        currency: session.currency,
        metadata: session.metadata,
        status: 'requires_capture',
      }),
    ).toBe('applied');
    const back = await context.newPage();
    await back.goto(`${path}?paid=hold`);
    await back.getByRole('status').filter({ hasText: 'Thank you: the hold on your card is with Stripe.' }).waitFor();
    const after = back.getByRole('region', { name: 'What you pay and when' });
    await after.getByText('Held on your card', { exact: true }).waitFor();
    await after.getByText(`Your bond of ${formatMoney(bond)} is held on your card, not charged, until`).waitFor();
    expect(await back.getByRole('button', { name: /^Hold the bond on your card/ }).count()).toBe(0);
    expect(await axeViolations(back)).toEqual([]);
    await shoot(back, 'bond-hold-1440');
    await context.close();
  });
});
