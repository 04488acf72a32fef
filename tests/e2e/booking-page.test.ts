import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SATURDAY, weekdayAhead } from '../fixtures/hire-dates';
import {
  axeViolations,
  baseUrl,
  bookAsAnotherShopper,
  cutNetwork,
  newPage,
  pageErrors,
  serverDb,
  sharedBrowser,
  waitForWorker,
  workerKeepsPage,
} from './browser';
import { addTeamMember, signInHere } from './team-sign-in';

/**
 * Issue 49: the customer's booking page in a browser, by the link in their confirmation: what is
 * owed and paid, a receipt to download, accepting the terms (hydrated, and before any script runs),
 * axe at a phone's and a desk's width, and reading it again offline in the installed app.
 */
const browser = sharedBrowser();
const OWNER = `owner-${randomUUID().slice(0, 8)}@example.com`;
let db: Awaited<ReturnType<typeof serverDb>>;
let productId: string;

beforeAll(async () => {
  db = await serverDb();
  await addTeamMember(db, OWNER);
  const product = await db.execute(
    'SELECT id FROM products WHERE archived = 0 AND show_in_store = 1 AND stock_count > 20 ORDER BY id DESC LIMIT 1',
  );
  productId = String(product.rows[0]?.id);
});
afterAll(() => db?.close());

/** A request confirmed in the workspace with a payment recorded: its booking page's path. */
async function confirmedWithPayment(weeksOut: number): Promise<{ id: string; path: string }> {
  const order = await bookAsAnotherShopper(productId, 2, weekdayAhead(SATURDAY, weeksOut * 7));
  const { context, page } = await newPage(browser(), { width: 1280, height: 900 });
  await page.goto(`/team/requests/${order.id}`);
  await signInHere(page, db, OWNER);
  await page.getByRole('button', { name: 'Confirm request' }).click();
  await page.getByRole('status').filter({ hasText: 'Confirmed' }).waitFor();
  await page.getByLabel('Amount (dollars)').fill('25');
  await page.getByRole('button', { name: 'Record' }).click();
  await page.getByText('Payment recorded.').waitFor();
  // The request's page with its money: the Payments card, its documents, the cancel terms.
  await page.getByRole('link', { name: /^Receipt RCT-\d{4}$/ }).waitFor();
  await page.getByText('Cancelling 4 weeks or more before the hire date').waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await context.close();
  const email = await db.execute({
    sql: "SELECT text FROM email_outbox WHERE order_id = ? AND kind = 'order_confirmed'",
    args: [order.id],
  });
  const path = /\/booking\/[0-9]+-[A-Za-z0-9_-]{22}/.exec(String(email.rows[0]?.text))?.[0];
  expect(path).toBeDefined();
  return { id: order.id, path: path as string };
}

describe('the customer’s booking page', () => {
  it('shows what is paid and due, downloads a receipt and accepts the terms; axe at 390 and 1440 px', async () => {
    const booking = await confirmedWithPayment(9);
    for (const width of [390, 1440]) {
      const { context, page } = await newPage(browser(), { width, height: 900 });
      await page.goto(booking.path);
      await page.getByRole('heading', { name: 'Your booking', level: 1 }).waitFor();
      await expect(page.getByText(`Request ${booking.id} for`).textContent()).resolves.toContain(booking.id);
      await expect(
        page
          .getByRole('region', { name: 'What you pay and when' })
          .getByText('$25.00 towards the hire, bank transfer')
          .count(),
      ).resolves.toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      if (width === 390) {
        const download = page.waitForEvent('download');
        await page.getByRole('link', { name: /^Receipt RCT-\d{4} \(PDF\)$/ }).click();
        expect((await download).suggestedFilename()).toMatch(/^receipt-RCT-\d{4}\.pdf$/);
        const terms = page.getByRole('region', { name: 'Our terms' });
        await terms.getByLabel('Your full name').fill('Jo Bloggs');
        await terms.getByRole('button', { name: 'Accept the terms' }).click();
        await terms.getByRole('alert').filter({ hasText: 'Type your full name and tick the box' }).waitFor();
        await terms.getByRole('checkbox').check();
        await terms.getByRole('button', { name: 'Accept the terms' }).click();
        await terms.getByText(/You accepted our terms on .+ as Jo Bloggs \(version [0-9a-f]{12}\)\./).waitFor();
        const pdf = page.waitForEvent('download');
        await terms.getByRole('link', { name: 'Download the accepted terms (PDF)' }).click();
        expect((await pdf).suggestedFilename()).toBe(`accepted-terms-request-${booking.id}.pdf`);
        expect(await axeViolations(page)).toEqual([]);
      }
      expect(pageErrors(page)).toEqual([]);
      await context.close();
    }
    const stored = await db.execute({
      sql: 'SELECT typed_name, ip_address FROM terms_acceptances WHERE order_id = ?',
      args: [booking.id],
    });
    expect(stored.rows.map((row) => row.typed_name)).toEqual(['Jo Bloggs']);
  });

  it('takes the acceptance before the page’s script runs', async () => {
    const booking = await confirmedWithPayment(11);
    const context = await browser().newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(booking.path);
    await page.getByLabel('Your full name').fill('Sam Planner');
    await page.getByRole('checkbox', { name: /I have read and accept/ }).check();
    await page.getByRole('button', { name: 'Accept the terms' }).click();
    await page.getByText(/You accepted our terms on .+ as Sam Planner/).waitFor();
    expect(new URL(page.url()).pathname).toBe(booking.path);
    await context.close();
  });

  it('stays readable offline once opened in the installed app', async () => {
    const booking = await confirmedWithPayment(13);
    const { context, page } = await newPage(browser());
    await page.goto(booking.path);
    await waitForWorker(page);
    await page.reload();
    await expect.poll(() => workerKeepsPage(page), { timeout: 20_000 }).toBe(true);
    const reconnect = await cutNetwork(context);
    await page.reload();
    await page.getByRole('heading', { name: 'Your booking', level: 1 }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: 'this is your booking as it was when you last opened it' })
      .waitFor();
    await expect(
      page.getByRole('region', { name: 'What you pay and when' }).getByText('$25.00 towards the hire').count(),
    ).resolves.toBe(1);
    await reconnect();
    await context.close();
  });
});
