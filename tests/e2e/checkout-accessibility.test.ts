import { describe, expect, it } from 'vitest';
import { addToCart, axeViolations, newPage, openCart, sharedBrowser } from './browser';

/** The checkout with a cart in place, checked by axe as it opens, with Delivery chosen and with the cart drawer open. */
const browser = sharedBrowser();

describe('checkout accessibility', () => {
  it('axe finds no violations on /checkout and with the drawer open', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/hire');
    await addToCart(page, 'Ghost Lounge');
    await page.goto('/checkout');
    await page.getByText('Order Summary').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Tapped on the option's card, as a shopper does (a check() of the radio once did not take, under load).
    await page
      .locator('label.delivery-option')
      .filter({ hasText: /^Delivery/ })
      .click();
    await expect.poll(() => page.getByRole('radio', { name: /^Delivery/ }).isChecked()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await openCart(page);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
