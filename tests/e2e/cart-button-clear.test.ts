import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addToCart, fillCheckout, openCart, pageAtWidth, sharedBrowser } from './browser';

const browser = sharedBrowser();

const twoFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** The button's state, two frames on (it looks again once a frame): shown, aside or tucked. */
const buttonState = async (page: Page) => {
  await twoFrames(page);
  return page.evaluate(() => {
    const classes = document.querySelector('.cart-button')?.classList;
    if (!classes) return 'missing';
    if (classes.contains('cart-button--tucked')) return 'tucked';
    return classes.contains('cart-button--aside') ? 'aside' : 'shown';
  });
};

/**
 * At the page's present scroll: the controls and prices under the cart button while it shows (the
 * square inside its circle), by name.
 */
const coveredWhileShown = async (page: Page) => {
  if ((await buttonState(page)) !== 'shown') return [];
  return page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('.cart-button');
    if (!button) return [];
    // Where it rests: offset* leave out the translate of a fade under way.
    const size = button.offsetWidth;
    const inner = {
      left: button.offsetLeft + 0.15 * size,
      right: button.offsetLeft + 0.85 * size,
      top: button.offsetTop + 0.15 * size,
      bottom: button.offsetTop + 0.85 * size,
    };
    const main = document.getElementById('main');
    const candidates = [
      ...(main?.querySelectorAll<HTMLElement>('button, a.button, [role="button"], input[type="radio"]') ?? []),
      ...[...(main?.querySelectorAll<HTMLElement>('*') ?? [])].filter((element) =>
        [...element.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && /\$\s?\d/.test(node.textContent ?? ''),
        ),
      ),
    ];
    return candidates
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        return (
          rect.width > 0 &&
          rect.left < inner.right &&
          rect.right > inner.left &&
          rect.top < inner.bottom &&
          rect.bottom > inner.top
        );
      })
      .map((element) => (element.textContent ?? '').trim().slice(0, 40));
  });
};

/**
 * Every 40 px from the top to the end: nothing is under the button, and it shows at the page's end.
 * Returns at how many positions it showed.
 */
async function walkThePage(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  let shown = 0;
  for (let y = 0; y <= height + 40; y += 40) {
    // Each position reached scrolling up (a frame apart), so the phone's tuck-away while scrolling
    // down is not what hides it.
    await page.evaluate((to) => window.scrollTo(0, to + 80), y);
    await twoFrames(page);
    await page.evaluate((to) => window.scrollTo(0, to), y);
    expect(await buttonState(page), `at ${y} px`).not.toBe('tucked');
    expect(await coveredWhileShown(page), `at ${y} px`).toEqual([]);
    if ((await buttonState(page)) === 'shown') shown++;
  }
  // At the page's end (the footer) it always shows, so the drawer is always a scroll away.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await buttonState(page)).toBe('shown');
  return shown;
}

describe.each([390, 1440])('the floating cart button at %i px', (width) => {
  it('never rests on a checkout control or a price, and shows at the end of the page', async () => {
    const { context, page } = await pageAtWidth(browser(), width);
    await addToCart(page, 'Ghost Ceremony Package');
    await addToCart(page, 'Natural Urn');
    await page.goto('/checkout');
    await page.getByText('Order Summary').waitFor();
    expect(await walkThePage(page)).toBeGreaterThan(1);
    await context.close();
  });

  it('never rests on a price of the submitted order, and opens the drawer from the page end', async () => {
    const { context, page } = await pageAtWidth(browser(), width);
    await addToCart(page, 'Ghost Ceremony Package');
    await addToCart(page, 'Natural Urn');
    await page.goto('/checkout');
    await fillCheckout(page, `clear-${width}-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Submit Order Request' }).click();
    await page.getByRole('heading', { name: 'Order Submitted Successfully!' }).waitFor();
    await page.getByText(/Order request #/).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await walkThePage(page)).toBeGreaterThan(1);
    const drawer = await openCart(page);
    await drawer.getByText('Your cart is empty').first().waitFor();
    await context.close();
  });
});
