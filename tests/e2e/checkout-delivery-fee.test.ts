import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/lib/api-contract/money';
import { FRIDAY, weekdayAhead } from '../fixtures/hire-dates';
import { addToCart, axeViolations, fillCheckout, newPage, serverDb, sharedBrowser } from './browser';

/**
 * Issue 60: delivery priced by the postcode's zone at checkout (the demo's, around Riverwood 2210).
 * The fee is a line of the summary and in its total with GST, the after-hours surcharge is the
 * shopper's choice, a postcode in no zone is told the team will quote, and a postcode that is not four
 * digits is said beside the field before submit. The request stores the server's fee, and the
 * receipt shows it. At 390 and 1440 px, axe clean.
 */
const browser = sharedBrowser();
let db: Awaited<ReturnType<typeof serverDb>>;
beforeAll(async () => {
  db = await serverDb();
});
afterAll(() => db?.close());

describe('delivery fees at checkout', () => {
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    it(`shows the zone's fee in the total and sends it (${width} px)`, async () => {
      const email = `delivery-fee-${width}-${Date.now()}@example.com`;
      const { context, page } = await newPage(browser(), { width, height });
      await page.goto('/hire');
      await addToCart(page, 'Tiffany Chair', { variation: 'White', quantity: 10 });
      await page.goto('/checkout');
      const form = page.getByRole('form', { name: 'Your details' });
      const summary = page.getByRole('region', { name: 'Order Summary' });
      const grand = summary.locator('.order-summary__grand dd');
      await expect.poll(() => summary.getByText('GST (10%)').isVisible()).toBe(true);
      await fillCheckout(page, email, {
        date: weekdayAhead(FRIDAY, width === 390 ? 38 : 39),
        delivery: '4 Belmore Road, Riverwood NSW',
      });
      expect(await grand.innerText()).toBe('$88.00');
      const postcode = form.getByLabel('Postcode');
      const submit = page.getByRole('button', { name: 'Submit Order Request' });

      // Not four digits: said beside the field, and Submit waits.
      await postcode.fill('221');
      await expect
        .poll(() => form.getByText('Write the postcode as four digits, such as 2210.').isVisible())
        .toBe(true);
      expect(await submit.isDisabled()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);

      // In no zone: the team quotes, and the total is the items'.
      await postcode.fill('2780');
      await expect.poll(() => summary.getByText(/no set fee for delivery to 2780/).isVisible()).toBe(true);
      expect(await grand.innerText()).toBe('$88.00');

      // Riverwood: $45 before GST, a line of its own, in the total with GST.
      await postcode.fill('2210');
      const fee = summary.locator('.order-summary__fee');
      await expect.poll(() => fee.innerText()).toMatch(/Delivery to 2210 \(Riverwood and nearby\)\s+\$45\.00/);
      await expect.poll(() => grand.innerText()).toBe(formatMoney((8_000 + 4_500) * 1.1));
      // After hours adds the zone's surcharge.
      const afterHours = form.getByRole('checkbox', { name: /outside our opening hours/ });
      await afterHours.check();
      await expect.poll(() => fee.innerText()).toMatch(/after hours\)\s+\$80\.00/);
      expect(await axeViolations(page)).toEqual([]);
      await afterHours.uncheck();
      await expect.poll(() => grand.innerText()).toBe('$137.50');

      await expect.poll(() => submit.isDisabled()).toBe(false);
      await submit.click();
      await expect
        .poll(() => page.getByRole('heading', { name: 'Order Submitted Successfully!' }).isVisible(), {
          timeout: 20_000,
        })
        .toBe(true);
      const stored = await db.execute({
        sql: `SELECT o.delivery_fee_in_cents AS fee, o.subtotal_in_cents AS subtotal, o.delivery_postcode AS postcode
              FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.email = ?`,
        args: [email],
      });
      expect(stored.rows[0]).toMatchObject({ fee: 4_500, subtotal: 12_500, postcode: '2210' });
      // The receipt: the fee's line, and the total with it.
      await expect.poll(() => page.locator('.receipt__line--fee').innerText()).toContain('Delivery to 2210');
      expect(await page.locator('.receipt__grand dd').innerText()).toBe('$137.50');
      // Back to the emptied checkout (issue 63): at its top, not scrolled down to where Submit was.
      await page.goBack();
      await expect.poll(() => page.getByText('Your cart is empty').isVisible()).toBe(true);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await context.close();
    });
  }
});
