import { describe, expect, it } from 'vitest';
import { newPage, pageErrors, serverDb, sharedBrowser } from './browser';

/** The hire listings: the Products or Bundles pills, pages, categories that are not there, "From" prices. */
const browser = sharedBrowser();

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
