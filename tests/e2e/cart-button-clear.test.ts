import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addToCart, baseUrl, followHydration, sharedBrowser } from './browser';

const browser = sharedBrowser();

async function open(width: number) {
  const phone = width < 600;
  const context = followHydration(
    await browser().newContext({
      baseURL: baseUrl(),
      viewport: { width, height: phone ? 844 : 900 },
      hasTouch: phone,
      isMobile: phone,
    }),
  );
  return { context, page: await context.newPage() };
}

/**
 * At the page's present scroll: the controls and prices under the cart button while it shows (the
 * square inside its circle), by name.
 */
const coveredWhileShown = (page: Page) =>
  page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('.cart-button');
    if (!button || Number(getComputedStyle(button).opacity) < 1) return [];
    const box = button.getBoundingClientRect();
    const inner = {
      left: box.left + 0.15 * box.width,
      right: box.right - 0.15 * box.width,
      top: box.top + 0.15 * box.height,
      bottom: box.bottom - 0.15 * box.height,
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

describe.each([390, 1440])('the floating cart button at %i px', (width) => {
  it('never rests on a checkout control or a price, and shows again where nothing is under it', async () => {
    const { context, page } = await open(width);
    await addToCart(page, 'Ghost Ceremony Package');
    await addToCart(page, 'Natural Urn');
    await page.goto('/checkout');
    await page.getByText('Order Summary').waitFor();
    const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    let shownSomewhere = false;
    for (let y = 0; y <= height + 40; y += 40) {
      // Each position reached scrolling up, so the phone's tuck-away (scrolling down) is not what hides it.
      await page.evaluate((to) => window.scrollTo(0, to + 80), y);
      await page.evaluate((to) => window.scrollTo(0, to), y);
      // It looks again once a frame and then fades: wait for what it settles on.
      await expect.poll(() => coveredWhileShown(page), { timeout: 5_000, message: `at ${y} px` }).toEqual([]);
      // Shown here: neither stepped aside nor tucked away, once it has looked (two frames on).
      if (
        await page.evaluate(
          () =>
            new Promise<boolean>((resolve) =>
              requestAnimationFrame(() =>
                requestAnimationFrame(() => {
                  const classes = document.querySelector('.cart-button')?.classList;
                  resolve(
                    Boolean(
                      classes && !classes.contains('cart-button--aside') && !classes.contains('cart-button--tucked'),
                    ),
                  );
                }),
              ),
            ),
        )
      )
        shownSomewhere = true;
    }
    expect(shownSomewhere).toBe(true);
    await context.close();
  });
});
