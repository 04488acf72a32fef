import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, newPage, openCart, pageErrors, serverDb, sharedBrowser } from './browser';

const browser = sharedBrowser();
let db: Awaited<ReturnType<typeof serverDb>>;
beforeAll(async () => {
  db = await serverDb();
});
afterAll(() => db?.close());

describe('cart', () => {
  it('adds a product and a bundle and shows them in the drawer with the total', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/hire');
    await addToCart(page, 'Tiffany Chair', { variation: 'Gold', quantity: 4 });
    await addToCart(page, 'Ghost Lounge');
    expect(await page.getByRole('button', { name: 'Cart, 5 items' }).isVisible()).toBe(true);
    const drawer = await openCart(page);
    const lines = drawer
      .getByRole('list', { name: 'Cart items' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('group') });
    expect(await lines.count()).toBe(2);
    expect(await drawer.getByRole('paragraph').filter({ hasText: 'Tiffany Chair - Gold' }).isVisible()).toBe(true);
    expect(await drawer.getByText('Bundle', { exact: true }).isVisible()).toBe(true);
    expect(await drawer.getByText('Total').isVisible()).toBe(true);
    // 4 x $8.00 + the Ghost Lounge bundle price.
    const bundleRow = await db.execute("SELECT id FROM bundles WHERE name = 'Ghost Lounge'");
    const bundle = await (await page.request.get(`/api/bundles/${bundleRow.rows[0]?.id}`)).json();
    const expected = (3200 + bundle.data.attributes.base_price_in_cents) / 100;
    expect(
      await drawer
        .getByText(`$${expected.toFixed(2)}`)
        .last()
        .isVisible(),
    ).toBe(true);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('clamps at stock with Max quantity, and the minus button removes a line at 0', async () => {
    const stock = Number(
      (await db.execute("SELECT stock_count FROM products WHERE name = 'Chesterfield Sofa - White'")).rows[0]
        ?.stock_count,
    );
    const { context, page } = await newPage(browser());
    await page.goto('/hire');
    await addToCart(page, 'Chesterfield Sofa', { variation: 'White' });
    const drawer = await openCart(page);
    const plus = drawer.getByRole('button', { name: 'Increase Chesterfield Sofa - White' });
    for (let i = 1; i < stock; i++) await plus.click();
    await expect.poll(() => plus.isDisabled()).toBe(true);
    expect(await drawer.getByText('Max quantity').isVisible()).toBe(true);
    expect(await drawer.getByRole('group').locator('output').textContent()).toBe(String(stock));
    for (let i = stock; i > 1; i--)
      await drawer.getByRole('button', { name: 'Decrease Chesterfield Sofa - White' }).click();
    await drawer.getByRole('button', { name: 'Remove Chesterfield Sofa - White' }).first().click();
    await expect.poll(() => drawer.getByText('Your cart is empty').isVisible()).toBe(true);
    await context.close();
  });

  it('survives a reload, shows in another tab, and keeps focus handling in the drawer', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/hire');
    await addToCart(page, 'Neon Heart', { variation: 'Pink' });
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: 'Cart, 1 item' }).isVisible()).toBe(true);
    const other = await context.newPage();
    await other.goto('/terms');
    await expect.poll(() => other.getByRole('button', { name: 'Cart, 1 item' }).isVisible()).toBe(true);
    const cartButton = page.getByRole('button', { name: /^Cart, / });
    const drawer = await openCart(page);
    await drawer.getByRole('button', { name: 'Increase Neon Heart - Pink' }).click();
    await expect.poll(() => other.getByRole('button', { name: 'Cart, 2 items' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(await cartButton.getAttribute('aria-label'));
    await context.close();
  });

  it('expires 12 hours after the last change', async () => {
    const { context, page } = await newPage(browser());
    const start = new Date();
    await page.clock.install({ time: start });
    await page.goto('/hire');
    await addToCart(page, 'Neon Heart', { variation: 'White' });
    await page.clock.setSystemTime(new Date(start.getTime() + 11 * 3600_000));
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: 'Cart, 1 item' }).isVisible()).toBe(true);
    await page.clock.setSystemTime(new Date(start.getTime() + 11 * 3600_000 + 12 * 3600_000 + 60_000));
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Cart, 0 items' }).isVisible()).toBe(true);
    await context.close();
  });
});

describe('cart drawer', () => {
  it('shows no lines below the Total and Checkout block when the list overflows', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/hire');
    for (const [name, variation] of [
      ['Neon Heart', 'Pink'],
      ['Velvet Armchair', 'Blush'],
      ['Neon Heart', 'White'],
      ['Velvet Armchair', 'Navy'],
      ['Neon Heart', 'Red'],
    ] as const) {
      await addToCart(page, name, { variation });
    }
    await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Your Cart' });
    await drawer.getByRole('link', { name: 'Checkout' }).waitFor();
    const gap = await drawer.evaluate((element) => {
      const lines = element.querySelector('.cart-drawer__lines') as HTMLElement;
      const summary = element.querySelector('.cart-summary') as HTMLElement;
      const bottom = element.getBoundingClientRect().bottom;
      const points = [summary.getBoundingClientRect().bottom + 2, bottom - 2].map((y) =>
        document.elementFromPoint(element.getBoundingClientRect().left + 40, y),
      );
      return {
        overflows: lines.scrollHeight > lines.clientHeight,
        linesBelowSummary: points.some((hit) => hit?.closest('.cart-lines')),
      };
    });
    expect(gap).toEqual({ overflows: true, linesBelowSummary: false });
    await context.close();
  });
});
