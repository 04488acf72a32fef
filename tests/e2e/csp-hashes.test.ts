import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  cutNetwork,
  followHydration,
  hydration,
  pageErrors,
  sharedBrowser,
  waitForWorker,
  workerKeepsPage,
} from './browser';

/**
 * Issue 36: inline scripts run because the page's Content-Security-Policy names their hashes, the
 * same for every visitor, so a cache may keep page and header together. A changed script is refused.
 */
const browser = sharedBrowser();

/** A context whose pages record every Content-Security-Policy violation they meet. */
async function recordingContext(): Promise<BrowserContext> {
  const context = await browser().newContext({ baseURL: baseUrl(), serviceWorkers: 'allow' });
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  return context;
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { violations: string[] }).violations);

describe('inline scripts allowed by their hashes', () => {
  it('runs the page as sent, and refuses an inline script changed on the way', async () => {
    const context = followHydration(await recordingContext());
    const page = await context.newPage();
    await page.goto('/hire/decor');
    await hydration(page);
    expect(await violations(page)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await context.close();

    // The same page with one space added to its start-up script, under the header that came with it.
    const tampered = await recordingContext();
    await tampered.route('**/hire/decor', async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const changed = html.replace('<script id="start-up">(', '<script id="start-up"> (');
      expect(changed).not.toBe(html);
      await route.fulfill({ response, body: changed });
    });
    const refused = await tampered.newPage();
    await refused.goto('/hire/decor');
    await expect.poll(() => violations(refused)).toEqual(['script-src-elem inline']);
    expect(await refused.locator('html[data-hydrated]').count()).toBe(0);
    await tampered.close();
  });

  it("runs a page again after the browser revalidates its copy (a 304 keeps the page's policy)", async () => {
    const context = followHydration(await recordingContext());
    const page = await context.newPage();
    await page.goto('/hire/decor');
    await waitForWorker(page);
    // The worker stores the page this first visit loaded: it asks again, and the server answers 304.
    await expect.poll(() => workerKeepsPage(page)).toBe(true);
    await page.goto('/terms');
    await page.goto('/hire/decor');
    await hydration(page);
    expect(await violations(page)).toEqual([]);
    await page.reload();
    await hydration(page);
    expect(await violations(page)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('runs the offline shell under its own policy', async () => {
    const context = followHydration(await recordingContext());
    const page = await context.newPage();
    await page.goto('/hire/decor');
    await waitForWorker(page);
    await cutNetwork(context);
    // Never seen, nothing saved: the worker answers with the shell it keeps, and its header.
    await page.goto('/hire/plinths');
    await expect.poll(() => page.getByText('Not saved on this device').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-shell'))).toBe(true);
    expect(await violations(page)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
