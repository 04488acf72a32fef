import type { BrowserContext, Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { hydration, newPage, pageErrors, sharedBrowser } from './browser';

/**
 * Issue 50: on a phone the server's HTML is on screen well before the app wakes. What a shopper types
 * or pastes there is kept, Enter works, and the app answers the text when it wakes. The app's code is
 * held back until the typing is done, so "before hydration" is a condition of the test, not a race;
 * the CPU runs at a quarter of its speed, as on a slow phone. Every Chromium on the machine runs the
 * file (Debian's and the packaged 143), since they keep a page asleep for different lengths of time.
 */

/** Holds every script of the app until `release()`; the page's HTML and styles arrive as usual. */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\.js(\?|$)/, (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return {
    release: async () => {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/**
 * A connection that drops, the way a phone's data does: from `cut()` on every request of the context
 * (the worker's too) fails, while the device still believes it is online (navigator.onLine stays true).
 */
async function droppingConnection(context: BrowserContext) {
  let cut = false;
  await context.route('**/*', (route) => (cut ? route.abort('internetdisconnected') : route.continue()));
  return {
    cut: () => {
      cut = true;
    },
  };
}

const offlineNote = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'You are offline: showing saved items' });

const headerBox = (page: Page) => page.getByRole('banner').getByRole('combobox', { name: 'Search products' });

describe.each(inject('chromiumPaths'))('before the app wakes, in %s', (chromiumPath) => {
  const browser = sharedBrowser(chromiumPath);

  it('keeps what was pasted into the header search and suggests for it with no keystroke more', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await slowPhone(page);
    const scripts = await holdScripts(page);
    await page.goto('/hire/decor', { waitUntil: 'domcontentloaded' });
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    await headerBox(page).click();
    await page.keyboard.insertText('vase');
    await scripts.release();
    await hydration(page);
    expect(await headerBox(page).inputValue()).toBe('vase');
    await expect.poll(() => page.getByRole('option').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.getByRole('option').first().textContent()).toMatch(/vase/i);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('takes Enter in the header search to the results, before the app has woken', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await slowPhone(page);
    const scripts = await holdScripts(page);
    await page.goto('/hire/decor', { waitUntil: 'domcontentloaded' });
    await headerBox(page).fill('plinth');
    await Promise.all([page.waitForURL(/\/search\?q=plinth$/), headerBox(page).press('Enter')]);
    // The server's own results page, still with no script run.
    await page.getByRole('heading', { name: 'Search', level: 1 }).waitFor();
    expect(await page.getByText(/^Found \d+ item\(s\) for “plinth”$/).isVisible()).toBe(true);
    await scripts.release();
    await context.close();
  });

  it('searches what was typed into the search page’s own box before the app woke', async () => {
    const { context, page } = await newPage(browser());
    await slowPhone(page);
    const scripts = await holdScripts(page);
    await page.goto('/search', { waitUntil: 'domcontentloaded' });
    const box = page.getByRole('search', { name: 'Search the catalogue' }).getByRole('searchbox');
    await box.click();
    await page.keyboard.insertText('gold');
    await scripts.release();
    await hydration(page);
    expect(await box.inputValue()).toBe('gold');
    await page.waitForURL(/\/search\?q=gold$/, { timeout: 15_000 });
    await expect
      .poll(() => page.getByText(/^Found \d+ item\(s\) for “gold”$/).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await context.close();
  });

  it('says it is offline when the connection went as the page painted, before the app woke', async () => {
    const { context, page } = await newPage(browser());
    await slowPhone(page);
    const network = await droppingConnection(context);
    await page.goto('/hire', { waitUntil: 'domcontentloaded' });
    network.cut();
    // The app's code was never asked for before the cut (it waits for the photos): it cannot wake.
    await expect.poll(() => offlineNote(page).count(), { timeout: 20_000 }).toBe(1);
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
    // What the server sent still works: a link is a link.
    expect(await page.getByRole('link', { name: 'Terms & Conditions of Hire' }).first().getAttribute('href')).toBe(
      '/terms',
    );
    await context.close();
  });

  it('says it is offline when a repeat visit wakes with the connection gone', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/hire');
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await slowPhone(page);
    const network = await droppingConnection(context);
    await page.goto('/hire/decor', { waitUntil: 'domcontentloaded' });
    network.cut();
    // The worker's precache has the app's code: it wakes, and finds the server gone.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
    await expect.poll(() => offlineNote(page).count(), { timeout: 20_000 }).toBe(1);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
