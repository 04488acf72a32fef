import { describe, expect, it } from 'vitest';
import { addToCart, findItem, newPage, pageErrors, serverDb, sharedBrowser } from './browser';

/** What a shopper tripped over (issue 8): each test failed on the code before its fix. */
const browser = sharedBrowser();

describe('search', () => {
  it('follows the header search while on /search: the URL is the one source of truth', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await page.goto('/search?q=vase');
    await page.getByText(/Found \d+ item\(s\) for “vase”/).waitFor();
    const header = page.getByRole('search', { name: 'Site search' }).getByRole('combobox');
    await header.fill('plinth');
    await header.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('plinth');
    await page.getByText(/Found \d+ item\(s\) for “plinth”/).waitFor();
    // The old page wrote its stale text back about 500 ms later.
    await page.waitForTimeout(1200);
    expect(new URL(page.url()).searchParams.get('q')).toBe('plinth');
    expect(await page.getByRole('searchbox', { name: 'Search products' }).inputValue()).toBe('plinth');
    // Typing in the page's box still wins, including a pause mid-word.
    const box = page.getByRole('searchbox', { name: 'Search products' });
    await box.fill('gold ');
    await page.waitForTimeout(800);
    await box.pressSequentially('vase');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('gold vase');
    expect(await box.inputValue()).toBe('gold vase');
    await context.close();
  });

  it('shows one search box on /search on a phone', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/search?q=vase');
    await page.getByText(/Found \d+ item\(s\)/).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search products' }).isVisible()).toBe(true);
    expect(await page.getByRole('search', { name: 'Site search' }).isVisible()).toBe(false);
    await context.close();
  });
});

describe('listings', () => {
  it('marks only the chosen Products or Bundles pill as current', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/hire');
    const pills = page.getByRole('navigation', { name: 'Show' }).getByRole('link');
    await expect
      .poll(() => pills.evaluateAll((links) => links.map((l) => l.getAttribute('aria-current'))))
      .toEqual(['page', null]);
    await page.getByRole('link', { name: 'Bundles' }).click();
    await expect
      .poll(() => pills.evaluateAll((links) => links.map((l) => l.getAttribute('aria-current'))))
      .toEqual([null, 'page']);
    await context.close();
  });

  it('links /hire to its further pages, visibly and with rel=next', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await page.goto('/hire');
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await expect.poll(() => pages.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/hire?page=2');
    expect(await page.locator('link[rel="next"]').getAttribute('href')).toMatch(/\/hire\?page=2$/);
    await pages.getByRole('link', { name: 'Page 3' }).click();
    await expect.poll(() => page.url()).toMatch(/\/hire\?page=3$/);
    await expect.poll(() => page.title()).toBe('All Hire Props - Page 3');
    expect(await pages.getByRole('link', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    expect(await pages.getByRole('link', { name: 'Page 1' }).isVisible()).toBe(true);
    expect(await page.locator('link[rel="prev"]').getAttribute('href')).toMatch(/\/hire\?page=2$/);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/hire\?page=3$/);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('shows a way back to page 1 on a paged category', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/hire/decor/page/2');
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await expect.poll(() => pages.getByRole('link', { name: 'Previous' }).isVisible()).toBe(true);
    await pages.getByRole('link', { name: 'Page 1' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/hire/decor');
    await context.close();
  });

  it.each(['/hire/nonexistent_tag', '/hire/nonexistent_tag/page/2', '/hire/plinths/page/2', '/hire?page=99'])(
    'gives %s the not-found page with noindex, not an empty listing',
    async (path) => {
      const { context, page } = await newPage(browser());
      await page.goto(path);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      expect(await page.getByRole('list', { name: 'Hire items' }).count()).toBe(0);
      await context.close();
    },
  );

  it('says "From" only when the variations differ in price', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/search?q=silver%20goblet%20cups');
    const card = page.getByRole('listitem').filter({ hasText: 'Silver Goblet Cups' });
    await card.waitFor();
    const db = await serverDb();
    const prices = await db.execute(
      "SELECT COUNT(DISTINCT p.base_price_in_cents) AS n FROM products p JOIN product_groups g ON g.id = p.product_group_id WHERE g.name = 'Silver Goblet Cups'",
    );
    const varies = Number(prices.rows[0]?.n) > 1;
    expect(/From \$/.test((await card.textContent()) ?? '')).toBe(varies);
    const neon = await db.execute(
      "SELECT COUNT(DISTINCT p.base_price_in_cents) AS n FROM products p JOIN product_groups g ON g.id = p.product_group_id WHERE g.name = 'Neon Heart'",
    );
    expect(Number(neon.rows[0]?.n)).toBe(1);
    await page.goto('/search?q=neon%20heart');
    const neonCard = page.getByRole('listitem').filter({ hasText: 'Neon Heart' }).first();
    await neonCard.waitFor();
    expect(await neonCard.textContent()).not.toContain('From');
    db.close();
    await context.close();
  });
});

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

describe('menus and keyboard', () => {
  it('closes the desktop Hire menu when Tab moves focus out of it', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await page.goto('/terms');
    const hire = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Hire' });
    await hire.click();
    await expect.poll(() => hire.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('link', { name: 'Neon Signs' }).first().focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => hire.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('closes the mobile menu with Escape and gives focus back to its button', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/terms');
    const button = page.getByRole('button', { name: 'Menu' });
    await button.click();
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Event Styling' }).focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });

  it.each(['About', 'Contact'])('closes the mobile menu when %s opens from it', async (name) => {
    const { context, page } = await newPage(browser());
    await page.goto('/terms');
    const button = page.getByRole('button', { name: 'Menu' });
    await button.click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name }).click();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('navigation', { name: 'Menu' }).isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });
});
