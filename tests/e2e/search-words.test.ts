import { describe, expect, it } from 'vitest';
import { baseUrl, pageAtWidth, sharedBrowser } from './browser';

const browser = sharedBrowser();

/** How many items the server finds for a query. */
async function total(query: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/boomerang/items?query=${encodeURIComponent(query)}&per_page=1`);
  return ((await response.json()) as { meta: { total_items: number } }).meta.total_items;
}

const open = (width: number) => pageAtWidth(browser(), width);

describe.each([390, 1440])('search as people type it, at %i px', (width) => {
  it('finds every chair for "chairs", chairs first, and as many as for "chair"', async () => {
    const { context, page } = await open(width);
    await page.goto('/search');
    const box = page.getByRole('search', { name: 'Search the catalogue' }).getByRole('searchbox');
    await box.fill('chairs');
    const chairs = await total('chair');
    expect(chairs).toBeGreaterThanOrEqual(10);
    await expect.poll(() => page.getByText(`Found ${chairs} item(s) for “chairs”`).isVisible()).toBe(true);
    const first = page.getByRole('list', { name: 'Results for chairs' }).getByRole('listitem').first();
    expect(await first.getByRole('heading').textContent()).toMatch(/\bChair\b/);
    await context.close();
  });

  it('answers "wedding arch" with the arches, and "tiffny" in the suggestions with the Tiffany chairs', async () => {
    const { context, page } = await open(width);
    await page.goto('/search?q=wedding%20arch');
    await expect.poll(() => page.getByText(/^Found \d+ item\(s\) for “wedding arch”$/).isVisible()).toBe(true);
    const first = page.getByRole('list', { name: 'Results for wedding arch' }).getByRole('listitem').first();
    expect(await first.getByRole('heading').textContent()).toMatch(/\bArch/);

    // The header's suggestions (on the search page a phone has the page's own box instead).
    await page.goto('/hire');
    const suggestions = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
    await suggestions.fill('tiffny');
    await expect.poll(() => page.getByRole('option').first().textContent()).toMatch(/Tiffany Chair/);
    await context.close();
  });
});
