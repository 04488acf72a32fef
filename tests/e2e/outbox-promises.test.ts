import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, sharedBrowser } from './browser';
import { NONE, ONE_OF_EACH, readyToSubmit, serverRecords, submit, unique } from './outbox-helpers';

/** What a saved request promises, and that it keeps the promise as soon as the server is back (issue 23). */
const browser = sharedBrowser();
const { stored } = serverRecords();

describe('the saved-order page', () => {
  it('promises sending with the app closed only in a browser with Background Sync', async () => {
    const withSync = await newPage(browser());
    await withSync.page.goto('/success?saved=true');
    await withSync.page.getByRole('heading', { name: 'Order Request Saved' }).waitFor();
    expect(await withSync.page.locator('.success').innerText()).toContain('even if you close the app');
    await withSync.context.close();

    // Firefox and Safari have no SyncManager: the page must not promise what they cannot keep.
    const without = await newPage(browser());
    await without.context.addInitScript(() => {
      delete (window as { SyncManager?: unknown }).SyncManager;
    });
    await without.page.goto('/success?saved=true');
    await without.page.getByRole('heading', { name: 'Order Request Saved' }).waitFor();
    const text = await without.page.locator('.success').innerText();
    expect(text).not.toContain('close the app');
    expect(text).toContain('the next time you open it');
    await without.context.close();
  });
});

describe('when the server is back', () => {
  it('sends a saved order at once when the page learns the server answers again, not at its retry time', async () => {
    const email = unique('back-again');
    const { context, page } = await newPage(browser());
    await readyToSubmit(page, email);
    // Patchy data: requests fail, but the browser never says it is offline (no 'online' event later).
    const abort = (route: Route) => route.abort('internetdisconnected');
    await context.route('**/api/**', abort);
    await submit(page);
    await page.getByRole('heading', { name: 'Order Request Saved' }).waitFor();
    // Its next attempt is ten minutes away, as after a few failures.
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('storefront-outbox');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('records', 'readwrite');
            const store = tx.objectStore('records');
            const cursor = store.openCursor();
            cursor.onsuccess = () => {
              const at = cursor.result;
              if (!at) return;
              at.update({ ...at.value, nextAttemptAt: Date.now() + 10 * 60_000 });
              at.continue();
            };
            tx.oncomplete = () => resolve();
          };
        }),
    );
    expect(await stored(email)).toEqual(NONE);
    await context.unroute('**/api/**', abort);
    // The page's probe finds the server within its 10 s period; the order goes then, once.
    await expect.poll(() => stored(email), { timeout: 30_000 }).toEqual(ONE_OF_EACH);
    await context.close();
  });
});
