import { describe, expect, it } from 'vitest';
import { addToCart, findItem, newPage, serverDb, sharedBrowser } from './browser';

/** An item's popup: what the cart holds already, its toast, a link with a malformed id. */
const browser = sharedBrowser();

describe('item popup', () => {
  it('subtracts what the cart holds and says so when nothing more can be added', async () => {
    const db = await serverDb();
    const before = await db.execute("SELECT stock_count FROM products WHERE name = 'Neon Heart - Red'");
    await db.execute("UPDATE products SET stock_count = 2 WHERE name = 'Neon Heart - Red'");
    try {
      const { context, page } = await newPage(browser());
      await page.goto('/hire');
      await addToCart(page, 'Neon Heart', { variation: 'Red', quantity: 2 });
      const { id } = await findItem('Neon Heart');
      await page.goto(`/hire?type=product-group&id=${id}`);
      const dialog = page.getByRole('dialog', { name: 'Neon Heart' });
      await dialog.getByRole('radio', { name: 'Red' }).check();
      const button = dialog.getByRole('button', { name: 'Max quantity in cart' });
      await expect.poll(() => button.isDisabled()).toBe(true);
      expect(await dialog.getByText('0 available (2 in your cart)').isVisible()).toBe(true);
      expect(await dialog.getByText('Added to cart successfully!').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Cart, 2 items' }).count()).toBe(1);
      await context.close();
    } finally {
      await db.execute({
        sql: "UPDATE products SET stock_count = ? WHERE name = 'Neon Heart - Red'",
        args: [Number(before.rows[0]?.stock_count)],
      });
      db.close();
    }
  });

  it.each([390, 1440])('shows the add-to-cart toast above the open popup at %i px, dismissable', async (width) => {
    const { context, page } = await newPage(browser(), { width, height: 900 });
    const { id } = await findItem('Neon Heart');
    await page.goto(`/hire?type=product-group&id=${id}`);
    const dialog = page.getByRole('dialog', { name: 'Neon Heart' });
    await dialog.getByRole('radio', { name: 'White' }).check();
    await dialog.getByRole('button', { name: 'Add to Cart' }).click();
    const toast = dialog.getByRole('listitem').filter({ hasText: 'Neon Heart - White has been added to your cart.' });
    await expect.poll(() => toast.isVisible()).toBe(true);
    // It is on top where it stands: the element at its centre is the toast itself.
    const onTop = await toast.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return element.contains(hit);
    });
    expect(onTop).toBe(true);
    // It slides in; on a busy machine waiting for it to stand still could outlast its 5 s life. It is on
    // top (above), so the click reaches it.
    await toast.getByRole('button', { name: 'Dismiss notification' }).click({ force: true });
    await expect.poll(() => toast.count()).toBe(0);
    await context.close();
  });

  it('shows the Error dialog for a malformed id in a link, and Close removes the parameters', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/hire?type=product-group&id=bad%20id!');
    const dialog = page.getByRole('dialog', { name: 'Error' });
    await expect.poll(() => dialog.getByText('Could not load the requested item').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await context.close();
  });
});
