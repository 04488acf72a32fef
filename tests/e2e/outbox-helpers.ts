import type { BrowserContext, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { addToCart, fillCheckout, openCart, serverDb, waitForWorker } from './browser';

/** What the outbox tests share: the server's records of a shopper, a request ready to send, faults. */

type Db = Awaited<ReturnType<typeof serverDb>>;

/** Opens the e2e server's database for the suite that calls it (closed after it), and reads it. */
export function serverRecords() {
  let db: Db | undefined;
  beforeAll(async () => {
    db = await serverDb();
  });
  afterAll(() => db?.close());
  const count = async (sql: string, args: string[]) => {
    if (!db) throw new Error('The database opens before the suite runs');
    return Number((await db.execute({ sql, args })).rows[0]?.n);
  };
  /** What the server holds for one shopper: customers, orders and confirmation emails. */
  async function stored(email: string) {
    return {
      customers: await count('SELECT COUNT(*) AS n FROM customers WHERE email = ?', [email]),
      orders: await count(
        'SELECT COUNT(*) AS n FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.email = ?',
        [email],
      ),
      emails: await count(
        "SELECT COUNT(*) AS n FROM email_outbox WHERE to_address = ? AND kind = 'order_confirmation'",
        [email],
      ),
    };
  }
  return { count, stored };
}

export const ONE_OF_EACH = { customers: 1, orders: 1, emails: 1 };
export const NONE = { customers: 0, orders: 0, emails: 0 };

export const unique = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** A cart of one item, the checkout form filled, ready to submit. */
export async function readyToSubmit(page: Page, email: string) {
  await page.goto('/hire');
  await waitForWorker(page);
  await addToCart(page, 'Neon Heart', { variation: 'Pink' });
  await page.goto('/checkout');
  await fillCheckout(page, email);
}

export const submit = (page: Page) => page.getByRole('button', { name: 'Submit Order Request' }).click();

export async function openOutbox(page: Page) {
  const drawer = await openCart(page);
  await drawer.getByRole('heading', { name: 'Outbox' }).waitFor();
  return drawer;
}

export const outboxItem = (drawer: Locator, kind: string) =>
  drawer.getByRole('region', { name: 'Outbox' }).getByRole('listitem').filter({ hasText: kind });

/** Answers the first `times` calls to a route with `fault`, then lets them through. */
export async function faultFirst(
  context: BrowserContext,
  pattern: string,
  fault: (route: Route) => Promise<void>,
  times = 1,
): Promise<{ calls: number[] }> {
  const seen = { calls: [] as number[] };
  await context.route(pattern, async (route) => {
    seen.calls.push(Date.now());
    if (seen.calls.length <= times) await fault(route);
    else await route.continue();
  });
  return seen;
}
