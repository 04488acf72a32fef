import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SATURDAY, weekdayAhead } from '../fixtures/hire-dates';
import { axeViolations, baseUrl, bookAsAnotherShopper, serverDb, sharedBrowser, waitForWorker } from './browser';
import { signInHere } from './team-sign-in';

/** Issue 33: the team's workspace in Chromium: sign in by an emailed link, act on a request, read the log. */
const browser = sharedBrowser();
const OWNER = `owner-${randomUUID().slice(0, 8)}@example.com`;
let db: Awaited<ReturnType<typeof serverDb>>;

beforeAll(async () => {
  db = await serverDb();
  await db.execute({
    sql: "INSERT INTO team_members (id, email, name, role, created_at) VALUES (?, ?, 'Olive Owner', 'owner', ?)",
    args: [randomUUID(), OWNER, new Date().toISOString()],
  });
});
afterAll(() => db?.close());

/** Signs in as a person would: the form, the emailed link, the Sign in button (by keyboard). */
async function signIn(page: Page, next = '/team') {
  await page.goto(next);
  await signInHere(page, db, OWNER);
}

describe('the team workspace in a browser', () => {
  it('signs in by an emailed link, then confirms a request from the list; the log says who did it', async () => {
    const context = await browser().newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const product = await db.execute(
      'SELECT id FROM products WHERE archived = 0 AND show_in_store = 1 AND stock_count > 3 ORDER BY id LIMIT 1',
    );
    const order = await bookAsAnotherShopper(String(product.rows[0]?.id), 1, weekdayAhead(SATURDAY, 30));
    expect(order.status).toBe('reserved');

    await signIn(page, '/team/requests');
    expect(new URL(page.url()).pathname).toBe('/team/requests');
    const cookies = await context.cookies();
    // Plain HTTP here: the cookie is HttpOnly and SameSite=Lax, not Secure (see guard.ts).
    const session = cookies.find((c) => c.name === 'team-session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');

    await page.getByLabel('Number, name or email').fill(order.id);
    await page.getByLabel('Number, name or email').press('Enter');
    const link = page.getByRole('link', { name: `Request ${order.id}: Other Shopper` });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Request ${order.id}`, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Confirm request' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Confirmed: the customer has been emailed.' }).waitFor();
    const holds = await db.execute({
      sql: 'SELECT DISTINCT state FROM order_holds WHERE order_id = ?',
      args: [order.id],
    });
    expect(holds.rows.map((r) => r.state)).toEqual(['confirmed']);

    // The calendar after the booking: its product is out on the hire date, confirmed.
    const [held] = (
      await db.execute({
        sql: 'SELECT p.name, h.hold_from FROM order_holds h JOIN products p ON p.id = h.product_id WHERE h.order_id = ?',
        args: [order.id],
      })
    ).rows;
    await page.getByRole('link', { name: 'Calendar' }).click();
    await page.getByLabel('Showing').fill(String(held?.hold_from));
    await page.getByRole('button', { name: 'Show' }).click();
    // On the phone, a list by day from the day shown: the request goes out on its first day.
    const list = page.getByRole('region', { name: /^From / });
    const firstDay = list
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3 }) })
      .first();
    await firstDay.getByRole('link', { name: new RegExp(`^Request ${order.id}$`) }).waitFor();
    expect(await firstDay.innerText()).toContain('Going out');
    expect(await page.getByRole('table').isVisible()).toBe(false);
    // On a wide screen, the week's grid, weekend included.
    await page.setViewportSize({ width: 1440, height: 900 });
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: String(held?.name) }) });
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells.filter((text) => /^\d+\/\d+$/.test(text.trim()))).toHaveLength(3); // Friday to Sunday
    await page.setViewportSize({ width: 390, height: 844 });

    await page.getByRole('link', { name: 'Activity' }).click();
    await page.getByLabel('What').selectOption('confirmed');
    await page.getByRole('button', { name: 'Filter' }).click();
    const entry = page.getByRole('listitem').filter({ hasText: `Confirmed request ${order.id}` });
    await entry.waitFor();
    expect(await entry.innerText()).toContain(OWNER);
    await context.close();
  });

  it('edits an item, then the shop shows it', async () => {
    const context = await browser().newContext({ baseURL: baseUrl(), viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const [row] = (
      await db.execute(
        "SELECT p.id, p.product_group_id AS g, g.name AS group_name FROM products p JOIN product_groups g ON g.id = p.product_group_id WHERE p.archived = 0 AND g.show_in_store = 1 AND g.name LIKE '%Candelabra%' ORDER BY p.id LIMIT 1",
      )
    ).rows;
    await signIn(page, '/team/items');
    await page.getByLabel('Name or SKU').fill(String(row?.group_name));
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('link', { name: String(row?.group_name), exact: true }).click();
    const price = page.locator(`input[name="p.${row?.id}.price"]`);
    await price.fill('321.00');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved: the shop shows it on its next visit.' }).waitFor();

    // A camera photo lying on its side (EXIF orientation 6): stored upright.
    const sideways = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#8a6f4e' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    await page
      .getByLabel(/^Photo \(JPEG/)
      .setInputFiles({ name: 'camera.jpg', mimeType: 'image/jpeg', buffer: sideways });
    await page.getByRole('button', { name: 'Upload photo' }).click();
    await page.getByRole('status').filter({ hasText: 'Photo added' }).waitFor();
    const added = page.locator('.photos img').last();
    // The photos are lazy: a member scrolls to the one just added (Chromium 156 loads less ahead than 143).
    await added.scrollIntoViewIfNeeded();
    await expect.poll(() => added.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const size = await added.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(size).toEqual([100, 300]);

    await page.goto(`/hire?type=product-group&id=${row?.g}`);
    const dialog = page.getByRole('dialog', { name: String(row?.group_name) });
    await dialog.waitFor();
    await expect.poll(() => dialog.innerText(), { timeout: 15_000 }).toContain('$321');
    await context.close();
  });

  it('adds a passkey, then signs in with it (a virtual authenticator)', { timeout: 120_000 }, async () => {
    // WebAuthn takes a host name, not an IP address: the same server as localhost.
    const context = await browser().newContext({
      baseURL: baseUrl().replace('127.0.0.1', 'localhost'),
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await signIn(page, '/team/account');
    const add = page.getByRole('button', { name: 'Add a passkey on this device' });
    await add.waitFor();
    await add.click();
    await page.getByRole('status').filter({ hasText: 'Passkey added: next time, sign in with it.' }).waitFor();
    expect(await page.getByText(/^Added .*/).count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    // The workspace, or what the page said instead: a failure names its cause (a loaded CI run once
    // waited here in silence). Four steps on a busy machine: options, the authenticator, verify, the page.
    const status = page.locator('#passkey-status');
    const outcome = await Promise.race([
      page
        .getByRole('navigation', { name: 'Workspace' })
        .waitFor({ timeout: 45_000 })
        .then(() => 'signed in')
        .catch(() => 'no workspace after 45 s'),
      status
        .filter({ hasNotText: /^(|Waiting for your passkey…|Signed in\.)$/ })
        .waitFor({ timeout: 45_000 })
        .then(async () => `the page said: ${await status.textContent()}`)
        .catch(() => 'no workspace after 45 s'),
    ]);
    expect(outcome).toBe('signed in');
    expect(new URL(page.url()).pathname).toBe('/team/requests');
    await page.goto('/team/activity');
    expect(await page.locator('main').innerText()).toContain('Signed in with a passkey');
    await context.close();
  });

  it.each([390, 1440])('has no axe violations on any team page at %i px', async (width) => {
    const context = await browser().newContext({ baseURL: baseUrl(), viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto('/team/sign-in');
    expect(await axeViolations(page), 'sign-in').toEqual([]);
    await signIn(page);
    const { rows } = await db.execute('SELECT id FROM orders ORDER BY number DESC LIMIT 1');
    for (const path of [
      '/team/requests',
      '/team/requests?state=all',
      '/team/requests?state=late',
      '/team/requests/new',
      `/team/requests/${rows[0]?.id}`,
      '/team/calendar',
      '/team/calendar?view=month',
      '/team/money',
      '/team/money/payouts',
      `/team/calendar/day/${new Date().toISOString().slice(0, 10)}`,
      '/team/items',
      `/team/items/groups/${(await db.execute('SELECT id FROM product_groups LIMIT 1')).rows[0]?.id}`,
      `/team/items/bundles/${(await db.execute('SELECT id FROM bundles LIMIT 1')).rows[0]?.id}`,
      '/team/activity',
      '/team/staff',
      '/team/settings',
      '/team/account',
    ]) {
      await page.goto(path);
      expect(await axeViolations(page), path).toEqual([]);
    }
    // A held request's change form, opened.
    const product = await db.execute(
      'SELECT id FROM products WHERE archived = 0 AND show_in_store = 1 AND stock_count > 3 ORDER BY id LIMIT 1 OFFSET 1',
    );
    const held = await bookAsAnotherShopper(String(product.rows[0]?.id), 1, weekdayAhead(SATURDAY, 36));
    await page.goto(`/team/requests/${held.id}`);
    await page.getByText('Change this request').click();
    await page.getByLabel('Hire date').waitFor();
    expect(await axeViolations(page), 'change form').toEqual([]);
    // A bundle with choices picked to add, and on a new request: the forms ask for its choices.
    const [bundle] = (
      await db.execute(
        `SELECT b.id FROM bundles b WHERE b.archived = 0
         AND EXISTS (SELECT 1 FROM bundle_items i WHERE i.bundle_id = b.id AND i.product_id IS NULL) ORDER BY b.name LIMIT 1`,
      )
    ).rows;
    await page.getByLabel('Add an item').selectOption(`bundle:${bundle?.id}`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('group', { name: /^Choices for / }).waitFor();
    expect(await axeViolations(page), 'change form asking for choices').toEqual([]);
    await page.goto('/team/requests/new');
    await page.getByLabel('Name').fill('Axe Caller');
    await page.getByLabel('Hire date').fill(weekdayAhead(SATURDAY, 37));
    await page.getByLabel('Item 1', { exact: true }).selectOption(`bundle:${bundle?.id}`);
    await page.getByRole('button', { name: 'Take request' }).click();
    await page.getByRole('group', { name: /^Choices for / }).waitFor();
    expect(await axeViolations(page), 'new request asking for choices').toEqual([]);
    await context.close();
  });

  it('never lets the service worker keep a team page', async () => {
    const context = await browser().newContext({ baseURL: baseUrl(), viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto('/');
    await waitForWorker(page);
    await signIn(page, '/team/requests');
    await page.goto('/team/activity');
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.filter((path) => path.startsWith('/team'))).toEqual([]);
    await context.close();
  });
});
