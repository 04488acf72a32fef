import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, sharedBrowser } from './browser';
import { type FaultProxy, startFaultProxy } from './fault-proxy';
import { ONE_OF_EACH, readyToSubmit, serverRecords, submit, unique } from './outbox-helpers';

/** Issue 12: the service worker delivers what the outbox holds when no page of the app is open. */
const browser = sharedBrowser();
const { stored } = serverRecords();

/** The states of the outbox's records, read from IndexedDB by a page of the origin. */
const recordStates = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('storefront-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('records').objectStore('records').getAll();
          all.onsuccess = () => resolve(all.result.map((record: { state: string }) => record.state));
        };
      }),
  );

/**
 * Submits an order offline, leaves the app for a blank page while still offline (a failed navigation
 * would leave the app's page open, and it would send the order itself once online), brings the
 * network back and fires the sync the page registered through DevTools: a headless browser's own sync
 * follows the machine's network, not the test's. If the browser fires it too, the record's lock lets
 * one of the two send it.
 */
async function submitOfflineAndLeave(context: BrowserContext, page: Page, email: string, proxy: FaultProxy) {
  await readyToSubmit(page, email);
  proxy.cut();
  await context.setOffline(true);
  await submit(page);
  await page.getByRole('heading', { name: 'Order Request Saved' }).waitFor();
  await page.goto('about:blank');
  await context.setOffline(false);
  proxy.restore();
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r: { scopeURL: string }) => r.scopeURL.startsWith(proxy.url));
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: proxy.url,
    registrationId: await registration,
    tag: 'outbox',
    lastChance: false,
  });
}

/**
 * How long a sync may take to deliver: now and then the worker's first request after the network
 * comes back hangs in the test browser until the submission's 30 s timeout (REQUEST_TIMEOUT_MS), and
 * the retry 5 s later goes through; on a busy machine a second such wait fits too.
 */
const SYNC_WAIT_MS = 100_000;
/**
 * The shop is loaded through a proxy of the test's own (fault-proxy.ts), which cuts the network and
 * injects faults: with Playwright intercepting the worker's requests instead, a worker woken by the
 * DevTools sync now and then made no request for 100 s, late in a full run.
 */
const HARNESS = { timeout: 150_000 };

describe('the outbox with no page of the app open', () => {
  it('is delivered by the service worker on Background Sync', HARNESS, async () => {
    const email = unique('sync');
    const proxy = await startFaultProxy(baseUrl());
    const { context, page } = await newPage(browser(), { baseURL: proxy.url });
    try {
      await submitOfflineAndLeave(context, page, email, proxy);
      await expect.poll(() => stored(email), { timeout: SYNC_WAIT_MS }).toEqual(ONE_OF_EACH);
      // A page of the origin that is not the app (robots.txt) reads what the worker left in the outbox.
      await page.goto('/robots.txt');
      await expect.poll(() => recordStates(page)).toEqual(['sent']);
    } finally {
      await context.close();
      await proxy.stop();
    }
  });

  it('sends a confirmation email that failed once again within the same sync, not minutes later', HARNESS, async () => {
    const email = unique('sync-email');
    // The shop through a proxy of the test's own: it drops connections while the network is cut, and
    // answers the first confirmation email with a busy server's 503 (no interception in the browser).
    const proxy = await startFaultProxy(baseUrl(), (request, response, nth) => {
      if (request.url !== '/api/email' || request.method !== 'POST' || nth > 1) return false;
      request.resume();
      response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"Service unavailable"}');
      return true;
    });
    const { context, page } = await newPage(browser(), { baseURL: proxy.url });
    try {
      await submitOfflineAndLeave(context, page, email, proxy);
      // The server queued the email with the order; the spec's call is made again until it is answered.
      await expect.poll(() => proxy.calls('/api/email').length, { timeout: SYNC_WAIT_MS }).toBe(2);
      await expect.poll(() => stored(email), { timeout: SYNC_WAIT_MS }).toEqual(ONE_OF_EACH);
      const [first = 0, second = 0] = proxy.calls('/api/email');
      expect(second - first).toBeGreaterThanOrEqual(4_000);
    } finally {
      await context.close();
      await proxy.stop();
    }
  });
});
