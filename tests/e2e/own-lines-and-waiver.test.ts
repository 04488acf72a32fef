import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRIDAY, weekdayAhead } from '../fixtures/hire-dates';
import { addToCart, axeViolations, fillCheckout, newPage, serverDb, sharedBrowser } from './browser';
import { addTeamMember, signInHere } from './team-sign-in';

/**
 * Issue 61 in a browser: the damage waiver taken at checkout (a line of the summary, in the total,
 * sent and on the receipt), then the team's own lines on the request's page: a bad line refused
 * beside its field with what was typed kept, a good one in the totals, and both on the customer's
 * booking page. At 390 and 1440 px, axe clean.
 */
const browser = sharedBrowser();
const OWNER = `lines-owner-${randomUUID().slice(0, 8)}@example.com`;
let db: Awaited<ReturnType<typeof serverDb>>;
beforeAll(async () => {
  db = await serverDb();
  await addTeamMember(db, OWNER);
  await db.execute(
    `UPDATE business_settings SET settings = json_set(settings, '$.payments.damage_waiver',
       json('{"percent":7.5,"required":false,"in_shop":true,"covers_up_to":500}')) WHERE id = 1`,
  );
});
afterAll(async () => {
  await db?.execute(
    `UPDATE business_settings SET settings = json_remove(settings, '$.payments.damage_waiver') WHERE id = 1`,
  );
  db?.close();
});

describe('lines of the team’s own and the damage waiver', () => {
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    it(`takes the waiver at checkout, and the team adds a line that the booking page shows (${width} px)`, async () => {
      const email = `waiver-${width}-${Date.now()}@example.com`;
      const { context, page } = await newPage(browser(), { width, height });
      await page.goto('/hire');
      await addToCart(page, 'Tiffany Chair', { variation: 'White', quantity: 10 });
      await page.goto('/checkout');
      const form = page.getByRole('form', { name: 'Your details' });
      const summary = page.getByRole('region', { name: 'Order Summary' });
      const grand = summary.locator('.order-summary__grand dd');
      await fillCheckout(page, email, { date: weekdayAhead(FRIDAY, width === 390 ? 41 : 42) });
      expect(await grand.innerText()).toBe('$88.00');
      // The waiver: $80.00 of chairs, 7.5% is $6.00; ticked, a line of the summary and in the total.
      const waiver = form.getByRole('checkbox', { name: /Add the damage waiver \(\$6\.00\)/ });
      await waiver.check();
      await expect
        .poll(() => summary.locator('.order-summary__fee').innerText())
        .toMatch(/Damage waiver \(7\.5% of the hire\)\s+\$6\.00/);
      await expect.poll(() => grand.innerText()).toBe('$94.60');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Submit Order Request' }).click();
      await expect
        .poll(() => page.getByRole('heading', { name: 'Order Submitted Successfully!' }).isVisible(), {
          timeout: 20_000,
        })
        .toBe(true);
      await expect.poll(() => page.locator('.receipt__grand dd').innerText()).toBe('$94.60');
      const stored = await db.execute({
        sql: `SELECT o.id, o.subtotal_in_cents AS subtotal FROM orders o JOIN customers c ON c.id = o.customer_id
              WHERE c.email = ?`,
        args: [email],
      });
      expect(stored.rows[0]).toMatchObject({ subtotal: 8_600 });
      const id = String(stored.rows[0]?.id);

      // The team's own line, on the request's page.
      await page.goto(`/team/requests/${id}`);
      await signInHere(page, db, OWNER);
      const card = page.getByRole('region', { name: 'Add a charge or discount' });
      await card.getByText('Add a charge or discount').click();
      await card.getByLabel('Quantity').fill('2');
      await card.getByLabel(/Unit amount before GST/).fill('45');
      await card.getByRole('button', { name: 'Add line' }).click();
      // No description: said beside the field; the amount typed is still there.
      const description = page.getByLabel('Description');
      await expect.poll(() => page.getByText('Write what the line is for.').count()).toBe(2);
      expect(await description.getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByLabel(/Unit amount before GST/).inputValue()).toBe('45');
      expect(await axeViolations(page)).toEqual([]);
      await description.fill('Setup labour');
      await page.getByRole('button', { name: 'Add line' }).click();
      await page.getByText('Line added: the customer has been emailed the new totals.').waitFor();
      const items = page.getByRole('region', { name: 'Items' });
      await expect.poll(() => items.getByText('Setup labour').isVisible()).toBe(true);
      // $80.00 + $6.00 + $90.00, with GST: $193.60.
      await expect.poll(() => items.locator('dd.sum').innerText()).toBe('$193.60');
      expect(await axeViolations(page)).toEqual([]);

      // The customer's booking page shows both lines and the new total.
      const mail = await db.execute({
        sql: "SELECT text FROM email_outbox WHERE order_id = ? AND kind = 'order_changed' ORDER BY rowid DESC LIMIT 1",
        args: [id],
      });
      expect(String(mail.rows[0]?.text)).toContain('Setup labour, 2 × $45.00: $90.00');
      await page.getByRole('button', { name: 'Confirm request' }).click();
      await page.getByRole('status').filter({ hasText: 'Confirmed' }).waitFor();
      const confirmed = await db.execute({
        sql: "SELECT text FROM email_outbox WHERE order_id = ? AND kind = 'order_confirmed'",
        args: [id],
      });
      const path = /\/booking\/[0-9]+-[A-Za-z0-9_-]{22}/.exec(String(confirmed.rows[0]?.text))?.[0] ?? '';
      await page.goto(path);
      await page.getByRole('heading', { name: 'Your booking', level: 1 }).waitFor();
      await expect.poll(() => page.getByText('Damage waiver (7.5% of the hire)').isVisible()).toBe(true);
      await expect.poll(() => page.getByText('Setup labour').isVisible()).toBe(true);
      await expect.poll(() => page.locator('.booking__grand dd').innerText()).toBe('$193.60');
      await expect.poll(() => page.getByText('You have the damage waiver.', { exact: false }).isVisible()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
  }
});
