import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortDate } from '../../src/features/availability/availability-rules';
import { priceChangedText } from '../../src/features/checkout/checkout-rules';
import { hireLengthOf, hireUnitPrice } from '../../src/features/checkout/hire-length';
import { pickupDatesText } from '../../src/features/checkout/next-steps';
import { type BusinessSummary, hireDaysOf } from '../../src/lib/api-contract/business-settings';
import { addDays, openWindow } from '../../src/lib/api-contract/hold-window';
import { formatMoney } from '../../src/lib/api-contract/money';
import { FRIDAY, weekdayAhead, written } from '../fixtures/hire-dates';
import { addToCart, axeViolations, fillCheckout, findItem, newPage, serverDb, sharedBrowser } from './browser';

/**
 * Issue 60: the shopper keeps the items longer at checkout. The summary prices the hire in the
 * browser by the business's rule as the last day is chosen, the pickup and return move with it, a
 * last day the server would refuse is said beside the field, and the request holds and prices the
 * whole hire. At 390 and 1440 px, axe clean.
 */
const browser = sharedBrowser();
let db: Awaited<ReturnType<typeof serverDb>>;
beforeAll(async () => {
  db = await serverDb();
});
afterAll(() => db?.close());

describe('a longer hire at checkout', () => {
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    it(`prices the days chosen and sends them (${width} px)`, async () => {
      const email = `longer-${width}-${Date.now()}@example.com`;
      const { context, page } = await newPage(browser(), { width, height });
      await page.goto('/hire');
      await addToCart(page, 'Tiffany Chair', { variation: 'White', quantity: 10 });
      await page.goto('/checkout');
      const form = page.getByRole('form', { name: 'Your details' });
      const summary = page.getByRole('region', { name: 'Order Summary' });
      await expect.poll(() => summary.getByText('GST (10%)').isVisible()).toBe(true);
      const business = (await (await page.request.get('/api/business')).json()).data as BusinessSummary;
      const first = weekdayAhead(FRIDAY, width === 390 ? 34 : 35);
      const last = addDays(first, 5);
      await fillCheckout(page, email, { date: first });
      const eventTotal = await summary.locator('.order-summary__grand dd').innerText();

      // The last day: the summary says the length and the rule, and its total follows at once.
      await form.getByLabel('Last day of use').fill(last);
      const hire = hireLengthOf(business, first, last);
      expect(hire?.days).toBe(6);
      const subtotal = 10 * hireUnitPrice(business, hire)(800);
      await expect.poll(() => summary.getByText(/^6 days of use, /).isVisible()).toBe(true);
      expect(await summary.getByText(/Each extra day adds 25% of the price/).isVisible()).toBe(true);
      await expect
        .poll(() => summary.locator('.order-summary__grand dd').innerText())
        .toBe(formatMoney(subtotal + Math.round(subtotal / 10)));
      expect(subtotal).toBeGreaterThan(8_000);
      expect(eventTotal).toBe('$88.00');
      expect(
        await summary
          .getByText(/for the hire/)
          .first()
          .isVisible(),
      ).toBe(true);
      // Picked up for the first day, returned after the last.
      const pickupOption = form.locator('label.delivery-option').filter({ hasText: 'Pickup (Dry Hire)' });
      await expect.poll(() => pickupOption.innerText()).toContain(pickupDatesText(first, business, new Date(), last));
      expect(await axeViolations(page)).toEqual([]);

      // A last day before the hire date is said beside the field, and Submit waits.
      const submit = page.getByRole('button', { name: 'Submit Order Request' });
      await form.getByLabel('Last day of use').fill(addDays(first, -1));
      await expect
        .poll(() =>
          form.getByText('The last day is before the hire date: choose the hire date or a day after it.').isVisible(),
        )
        .toBe(true);
      expect(await submit.isDisabled()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await form.getByLabel('Last day of use').fill(last);
      await expect.poll(() => submit.isDisabled()).toBe(false);

      await submit.click();
      await expect
        .poll(() => page.getByRole('heading', { name: 'Order Submitted Successfully!' }).isVisible(), {
          timeout: 20_000,
        })
        .toBe(true);
      const stored = await db.execute({
        sql: `SELECT o.starts_at, o.stops_at, o.subtotal_in_cents AS subtotal FROM orders o
              JOIN customers c ON c.id = o.customer_id WHERE c.email = ?`,
        args: [email],
      });
      const [row] = stored.rows;
      expect([String(row?.starts_at).slice(0, 10), String(row?.stops_at).slice(0, 10)]).toEqual([first, last]);
      expect(Number(row?.subtotal)).toBe(subtotal);
      // The success page says the whole hire and its price.
      const facts = page.locator('.receipt__facts');
      await expect.poll(() => facts.innerText()).toContain(`${written(first)} to ${written(last)}`);
      expect(await page.locator('.receipt__grand dd').innerText()).toBe(
        formatMoney(subtotal + Math.round(subtotal / 10)),
      );
      await context.close();
    });
  }

  it('says in the item popup what the price covers, and what is free on every day of the hire', async () => {
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    await page.goto('/hire');
    await addToCart(page, 'Tiffany Chair', { variation: 'White' });
    await page.goto('/checkout');
    const form = page.getByRole('form', { name: 'Your details' });
    const business = (await (await page.request.get('/api/business')).json()).data as BusinessSummary;
    const first = weekdayAhead(FRIDAY, 36);
    const last = addDays(first, 3);
    await form.getByLabel('Hire date', { exact: true }).fill(first);
    const item = await findItem('Tiffany Chair');
    const popup = async () => {
      await page.goto(`/hire?type=${item.type}&id=${item.id}`);
      const dialog = page.getByRole('dialog', { name: 'Tiffany Chair' });
      await dialog.getByRole('radio', { name: 'White' }).check();
      return dialog;
    };
    // One event date: the pickup and return days its price covers.
    const window = openWindow(first, 'pickup', hireDaysOf(business));
    const day = (iso: string) => shortDate(iso, business.timeZone);
    let dialog = await popup();
    await expect
      .poll(() =>
        dialog
          .getByText(`Event price: pick up ${day(window?.from ?? '')}, return ${day(window?.to ?? '')}.`)
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => dialog.locator('.detail__stock').innerText()).toMatch(new RegExp(` free on ${day(first)}`));
    // A longer hire chosen at checkout: the popup says checkout prices its days, and counts every day.
    await page.goto('/checkout');
    await form.getByLabel('Last day of use').fill(last);
    await expect.poll(() => form.getByLabel('Hire date', { exact: true }).inputValue()).toBe(first);
    dialog = await popup();
    await expect
      .poll(() => dialog.getByText('Prices are event prices: checkout prices your 4 days.').isVisible())
      .toBe(true);
    await expect
      .poll(() => dialog.locator('.detail__stock').innerText())
      .toMatch(new RegExp(` free from ${day(first)} to ${day(last)}`));
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('shows a price the server changed before sending anything, then sends at the new price', async () => {
    const email = `repriced-${Date.now()}@example.com`;
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    await page.goto('/hire');
    await addToCart(page, 'Tiffany Chair', { variation: 'Gold', quantity: 2 });
    await page.goto('/checkout');
    const first = weekdayAhead(FRIDAY, 37);
    await fillCheckout(page, email, { date: first });
    const summary = page.getByRole('region', { name: 'Order Summary' });
    const [product] = (
      await db.execute("SELECT id, base_price_in_cents AS price FROM products WHERE name = 'Tiffany Chair - Gold'")
    ).rows;
    const price = Number(product?.price);
    await expect
      .poll(() => summary.locator('.order-summary__grand dd').innerText())
      .toBe(formatMoney(2 * price + Math.round((2 * price) / 10)));
    // The business raises the price by a dollar while the shopper fills the form.
    await db.execute({
      sql: 'UPDATE products SET base_price_in_cents = ? WHERE id = ?',
      args: [price + 100, String(product?.id)],
    });
    try {
      await page.getByRole('button', { name: 'Submit Order Request' }).click();
      await expect
        .poll(() => page.getByRole('alert').filter({ hasText: 'Our prices have changed' }).innerText())
        .toBe(priceChangedText(2 * price, 2 * (price + 100)));
      // Nothing was sent; the summary shows the new price.
      const sent = await db.execute({
        sql: 'SELECT COUNT(*) AS n FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.email = ?',
        args: [email],
      });
      expect(Number(sent.rows[0]?.n)).toBe(0);
      const now = 2 * (price + 100);
      await expect
        .poll(() => summary.locator('.order-summary__grand dd').innerText())
        .toBe(formatMoney(now + Math.round(now / 10)));
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Submit Order Request' }).click();
      await expect
        .poll(() => page.getByRole('heading', { name: 'Order Submitted Successfully!' }).isVisible(), {
          timeout: 20_000,
        })
        .toBe(true);
      const stored = await db.execute({
        sql: 'SELECT o.subtotal_in_cents AS s FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.email = ?',
        args: [email],
      });
      expect(stored.rows.map((row) => Number(row.s))).toEqual([now]);
    } finally {
      await db.execute({
        sql: 'UPDATE products SET base_price_in_cents = ? WHERE id = ?',
        args: [price, String(product?.id)],
      });
    }
    await context.close();
  });
});
