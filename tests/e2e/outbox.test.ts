import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  axeViolations,
  cutNetwork,
  hireDateFor,
  launchPersistent,
  newPage,
  pageErrors,
  sharedBrowser,
  waitForWorker,
} from './browser';
import {
  faultFirst,
  NONE,
  ONE_OF_EACH,
  openOutbox,
  outboxItem,
  readyToSubmit,
  serverRecords,
  submit,
  unique,
} from './outbox-helpers';

/** Issue 12: requests pressed while the network is away arrive once, whatever the network does. */
const browser = sharedBrowser();
const { count, stored } = serverRecords();

describe('the outbox', () => {
  it('keeps an order request sent offline, and delivers it once after the app is closed and reopened online', async () => {
    const email = unique('offline-order');
    const { context, page } = await newPage(browser());
    await readyToSubmit(page, email);
    const reconnect = await cutNetwork(context);
    await submit(page);
    await page.getByRole('heading', { name: 'Order Request Saved' }).waitFor();
    expect(await page.getByText(/saved on this device/).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Cart, 0 items' }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    // The page itself opens the outbox, wherever the cart's own button is.
    await page.getByRole('button', { name: 'Follow it in your cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your Cart' });
    await drawer.getByRole('heading', { name: 'Outbox' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const record = outboxItem(drawer, 'Order request');
    const day = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    expect(await record.textContent()).toContain(
      `1 item for ${day.format(new Date(`${hireDateFor(email)}T00:00:00Z`))}`,
    );
    expect(await record.textContent()).toContain('Waiting');
    expect(await record.getByRole('button', { name: 'Send now' }).isVisible()).toBe(true);
    expect(await stored(email)).toEqual(NONE);

    await page.close();
    await reconnect();
    const again = await context.newPage();
    await again.goto('/terms');
    await again.getByText(/Your saved order request has been sent: order #\d+\./).waitFor({ timeout: 20_000 });
    expect(await stored(email)).toEqual(ONE_OF_EACH);
    const sent = await openOutbox(again);
    await expect.poll(() => outboxItem(sent, 'Order request').textContent()).toMatch(/Sent: order #\d+/);
    // Later starts send nothing again: once the reloaded page has hydrated and its network is quiet,
    // it has made no write at all (a condition, not a fixed wait).
    const writes: string[] = [];
    again.on('request', (request) => {
      if (request.method() !== 'GET' && /\/api\//.test(request.url())) writes.push(request.url());
    });
    await again.reload();
    await again.waitForLoadState('networkidle');
    expect(writes).toEqual([]);
    expect(await stored(email)).toEqual(ONE_OF_EACH);
    expect(pageErrors(again)).toEqual([]);
    await context.close();
  });

  it('keeps the request through a browser restart', async () => {
    const email = unique('restart');
    const profile = await mkdtemp(path.join(tmpdir(), 'outbox-profile-'));
    try {
      const first = await launchPersistent(profile);
      const page = first.pages()[0] ?? (await first.newPage());
      await readyToSubmit(page, email);
      await cutNetwork(first);
      await submit(page);
      await page.getByRole('heading', { name: 'Order Request Saved' }).waitFor();
      await first.close();
      expect(await stored(email)).toEqual(NONE);

      const second = await launchPersistent(profile);
      const again = second.pages()[0] ?? (await second.newPage());
      await again.goto('/terms');
      await again.getByText(/Your saved order request has been sent: order #\d+\./).waitFor({ timeout: 20_000 });
      expect(await stored(email)).toEqual(ONE_OF_EACH);
      await second.close();
    } finally {
      await rm(profile, { recursive: true, force: true });
    }
  });

  it('keeps a contact message sent offline and delivers it once when the app is opened online', async () => {
    const email = unique('offline-message');
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await page.goto('/hire');
    await waitForWorker(page);
    await page.getByRole('button', { name: 'Contact', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Us' });
    for (const [label, value] of [
      ['Name', 'Ava'],
      ['Email', email],
      ['Phone', '0400 111 222'],
      ['Subject', 'Venue walk-through'],
      ['Message', 'Can we visit the warehouse on Friday?'],
    ] as const) {
      await dialog.getByLabel(label).fill(value);
    }
    const reconnect = await cutNetwork(context);
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await dialog.getByText(/your message is saved on this device/).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    const drawer = await openOutbox(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(await outboxItem(drawer, 'Message').textContent()).toContain('“Venue walk-through”');
    await page.close();
    await reconnect();
    const again = await context.newPage();
    await again.goto('/terms');
    await again.getByText('Your saved message has been sent to our team.').waitFor({ timeout: 20_000 });
    expect(await count('SELECT COUNT(*) AS n FROM contact_messages WHERE email = ?', [email])).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM email_outbox WHERE kind = 'contact' AND reply_to = ?", [email])).toBe(
      1,
    );
    await context.close();
  });

  it('retries after a 503 and books the order once', async () => {
    const email = unique('503');
    const { context, page } = await newPage(browser());
    await readyToSubmit(page, email);
    const orders = await faultFirst(context, '**/api/orders', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Service unavailable"}' }),
    );
    await submit(page);
    await page.getByRole('heading', { name: 'Order Request Saved' }).waitFor();
    // The success page shows the request while it waits, then its number once it has arrived.
    const receipt = page.locator('.receipt');
    await receipt.getByRole('heading', { name: 'Your order request' }).waitFor();
    expect(await receipt.getByText('Saved on this device, waiting to be sent').isVisible()).toBe(true);
    const toast = page.getByText(/Your saved order request has been sent: order #\d+\./);
    await toast.waitFor({ timeout: 30_000 });
    const number = /order #(\d+)/.exec(await toast.innerText())?.[1];
    await receipt.getByRole('heading', { name: `Order request #${number}` }).waitFor();
    expect(await receipt.getByText('Sent: it has reached our team').isVisible()).toBe(true);
    expect(orders.calls.length).toBe(2);
    expect(await stored(email)).toEqual(ONE_OF_EACH);
    await context.close();
  });

  it('books once when the connection is reset after the server committed the order', async () => {
    const email = unique('reset');
    const { context, page } = await newPage(browser());
    await readyToSubmit(page, email);
    // The server stores the order; the shopper's connection drops before the answer arrives.
    await faultFirst(context, '**/api/orders', async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    });
    await submit(page);
    await page.getByRole('heading', { name: 'Order Request Saved' }).waitFor();
    expect((await stored(email)).orders).toBe(1);
    await page.getByText(/Your saved order request has been sent: order #\d+\./).waitFor({ timeout: 30_000 });
    expect(await stored(email)).toEqual(ONE_OF_EACH);
    await context.close();
  });

  it("waits as long as a 429's Retry-After asks before trying again", async () => {
    const email = unique('429');
    const { context, page } = await newPage(browser());
    await readyToSubmit(page, email);
    const lookups = await faultFirst(context, '**/api/customers/search**', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '8' },
        contentType: 'application/json',
        body: '{"error":"Too many requests: try again in 8 seconds"}',
      }),
    );
    await submit(page);
    await page.getByRole('heading', { name: 'Order Request Saved' }).waitFor();
    await page.getByText(/Your saved order request has been sent: order #\d+\./).waitFor({ timeout: 30_000 });
    expect(lookups.calls.length).toBe(2);
    const [first = 0, second = 0] = lookups.calls;
    expect(second - first).toBeGreaterThanOrEqual(8_000);
    expect(await stored(email)).toEqual(ONE_OF_EACH);
    await context.close();
  });

  it('with two tabs open when the network returns, each request reaches the server once', async () => {
    const first = unique('tabs-a');
    const second = unique('tabs-b');
    const { context, page } = await newPage(browser());
    // The catalogue loads, but nothing reaches the customer calls: both requests wait.
    const down = (route: Route) => route.abort('connectionreset');
    await readyToSubmit(page, first);
    await context.route('**/api/customers/**', down);
    await submit(page);
    await page.getByRole('heading', { name: 'Order Request Saved' }).waitFor();
    await readyToSubmit(page, second);
    await submit(page);
    await page.getByRole('heading', { name: 'Order Request Saved' }).waitFor();
    const other = await context.newPage();
    await other.goto('/terms');
    expect([await stored(first), await stored(second)]).toEqual([NONE, NONE]);
    // The network comes back: both tabs hear 'online' at once (and the worker may get a sync).
    await context.setOffline(true);
    await context.unroute('**/api/customers/**', down);
    await context.setOffline(false);
    // A send caught in flight while the network drops can wait out its 30 s timeout
    // (REQUEST_TIMEOUT_MS), then its retry: 14 to 17 s here with both cores busy, over 30 s once on
    // CI. What is asserted is that each arrives once, not how soon.
    await expect
      .poll(async () => [await stored(first), await stored(second)], { timeout: 90_000 })
      .toEqual([ONE_OF_EACH, ONE_OF_EACH]);
    // And nothing more arrives: once both tabs' networks are quiet, each is still stored once.
    await Promise.all([page.waitForLoadState('networkidle'), other.waitForLoadState('networkidle')]);
    expect([await stored(first), await stored(second)]).toEqual([ONE_OF_EACH, ONE_OF_EACH]);
    await context.close();
  }, 150_000);

  it('marks a refused request failed and puts its items back in the cart on request', async () => {
    const email = unique('refused');
    const { context, page } = await newPage(browser());
    await readyToSubmit(page, email);
    const reconnect = await cutNetwork(context);
    await submit(page);
    await page.getByRole('heading', { name: 'Order Request Saved' }).waitFor();
    // When the network returns, the server refuses the order.
    await context.route('**/api/orders', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: '{"error":"Invalid body: lines"}' }),
    );
    await reconnect();
    const drawer = await openOutbox(page);
    const record = outboxItem(drawer, 'Order request');
    await record.getByText('Failed: not accepted by our server').waitFor({ timeout: 20_000 });
    expect(await stored(email)).toMatchObject({ orders: 0, emails: 0 });
    expect(await axeViolations(page)).toEqual([]);
    await record.getByRole('button', { name: 'Put these items back in the cart' }).click();
    await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    await expect.poll(() => drawer.getByRole('heading', { name: 'Outbox' }).count()).toBe(0);
    await context.close();
  });
});
