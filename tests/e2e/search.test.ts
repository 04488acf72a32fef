import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, pageAtWidth, sharedBrowser } from './browser';

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

type Box = { x: number; y: number; width: number; height: number };

describe.each([390, 1440])('search suggestions at %i px', (width) => {
  const phone = width < 600;

  it("lists search suggestions across the screen's width, a name on a line or two", async () => {
    const { context, page } = await open(width);
    await page.goto('/hire');
    await page.getByRole('banner').getByRole('combobox', { name: 'Search products' }).fill('silver mirror');
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await expect.poll(() => list.getByRole('option').count()).toBeGreaterThan(0);
    const box = (await page.locator('.header-search__popup').boundingBox()) as Box;
    expect(box.width).toBeGreaterThanOrEqual(phone ? width - 2 * 16 - 1 : 420);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    const lineHeights = await list
      .locator('.suggestion__name')
      .evaluateAll((names) =>
        names.map((name) => name.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(name).lineHeight)),
      );
    for (const lines of lineHeights) expect(Math.round(lines)).toBeLessThanOrEqual(2);
    await context.close();
  });
});

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
