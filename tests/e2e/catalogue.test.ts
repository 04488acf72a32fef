import { describe, expect, it } from 'vitest';
import { axeViolations, findItem, newPage, pageErrors, sharedBrowser } from './browser';

const browser = sharedBrowser();

describe('hire listings', () => {
  it('loads more pages of a listing until the end', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await page.goto('/hire');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Our Collection');
    await expect.poll(() => page.getByText('Browse our extensive range of event hire items').isVisible()).toBe(true);
    const cards = page.getByRole('list', { name: 'Hire items' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(30);
    const loadMore = page.getByRole('button', { name: /^Load More/ });
    const total = Number(/of (\d+)\)/.exec((await loadMore.textContent()) ?? '')?.[1]);
    expect(await loadMore.textContent()).toBe(`Load More (30 of ${total})`);
    while (await loadMore.isVisible()) {
      const before = await cards.count();
      await loadMore.click();
      await expect.poll(() => cards.count()).toBeGreaterThan(before);
    }
    expect(await cards.count()).toBe(total);
    expect(await page.title()).toBe('All Hire Props');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('switches between products and bundles without a tag', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/hire');
    await page.getByRole('link', { name: 'Bundles' }).click();
    await expect.poll(() => page.url()).toContain('view=bundles');
    await expect.poll(() => page.getByRole('heading', { name: 'Ghost Ceremony Package' }).isVisible()).toBe(true);
    expect(await page.getByText('Bundle', { exact: true }).count()).toBeGreaterThan(1);
    await context.close();
  });

  it('shows a category with its title, canonical, crawler links and Product JSON-LD in AUD', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/hire/decor');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Decor');
    expect(await page.title()).toBe('Decor Hire');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/hire\/decor$/);
    expect(await page.locator('meta[name="description"]').first().getAttribute('content')).toContain('decor');
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await expect.poll(() => pages.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/hire/decor/page/2');
    expect(await page.locator('link[rel="next"]').getAttribute('href')).toMatch(/\/hire\/decor\/page\/2$/);
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(json ?? '{}');
    const products = (data['@graph'] as Array<{ '@type': string }>).filter((node) => node['@type'] === 'Product');
    expect(products.length).toBe(30);
    expect(data['@graph'][0]).toMatchObject({ '@type': 'Product', offers: { priceCurrency: 'AUD' } });
    expect(data['@graph'][0].sku).toMatch(/^(product-group|bundle)-[0-9a-f-]{36}$/);
    await context.close();
  });

  it('serves a paged category for crawlers', async () => {
    const { context, page } = await newPage(browser());
    // Decor lists its children's items too: page 2 holds what is past the first 30.
    const total = (await (await page.request.get('/api/boomerang/items?tag=decor&per_page=1')).json()).meta.total_items;
    expect(total).toBeGreaterThan(30);
    expect(total).toBeLessThanOrEqual(60);
    await page.goto('/hire/decor/page/2');
    await expect
      .poll(() => page.getByRole('list', { name: 'Hire items' }).getByRole('listitem').count())
      .toBe(total - 30);
    expect(await page.title()).toBe('Decor Hire - Page 2');
    expect(await page.locator('link[rel="prev"]').getAttribute('href')).toMatch(/\/hire\/decor$/);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/hire\/decor\/page\/2$/);
    await context.close();
  });
});

describe('item detail popup', () => {
  it('opens from a direct link, and closing removes type and id', async () => {
    const { id } = await findItem('Silver Mirror Plinth');
    const { context, page } = await newPage(browser());
    await page.goto(`/hire/plinths?type=product-group&id=${id}`);
    const dialog = page.getByRole('dialog', { name: 'Silver Mirror Plinth' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(() => dialog.getByRole('radio', { name: 'Small' }).isChecked()).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  it('opens from a card click and closes on Escape, keeping the listing', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await page.goto('/hire/ghost_range');
    await page.getByRole('link', { name: /Ghost Chair/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Ghost Chair' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(page.url()).toContain('type=product-group');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(page.url()).not.toContain('type=');
    await context.close();
  });

  it('shows the Error dialog for an unknown id; Close removes the parameters', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/hire?type=bundle&id=no-such-bundle');
    const dialog = page.getByRole('dialog', { name: 'Error' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain('Could not load the requested item');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => page.url()).not.toContain('type=');
    await context.close();
  });

  it('adds a product variation to the cart with the banner and toast', async () => {
    const { id } = await findItem('Tiffany Chair');
    const { context, page } = await newPage(browser());
    await page.goto(`/hire/seating?type=product-group&id=${id}`);
    const dialog = page.getByRole('dialog', { name: 'Tiffany Chair' });
    await dialog.getByRole('radio', { name: 'Gold' }).check();
    // The − and + buttons are the stepper: the engine draws no spin arrows of its own in the field.
    const field = dialog.getByRole('spinbutton');
    expect(await field.evaluate((input) => getComputedStyle(input).appearance)).toBe('textfield');
    await dialog.getByRole('button', { name: 'Increase quantity' }).click();
    await dialog.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => dialog.getByText('Added to cart successfully!').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Tiffany Chair - Gold has been added to your cart.').isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText('Added to cart successfully!').isVisible(), { timeout: 4000 }).toBe(false);
    await context.close();
  });

  it('says Out of Stock for a sold-out variation', async () => {
    const { id } = await findItem('Coloured Square Plinth');
    const { context, page } = await newPage(browser());
    await page.goto(`/hire/plinths?type=product-group&id=${id}`);
    const dialog = page.getByRole('dialog', { name: 'Coloured Square Plinth' });
    await dialog.getByRole('radio', { name: /Peach/ }).check();
    await expect.poll(() => dialog.getByRole('button', { name: 'Out of Stock' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('spinbutton').count()).toBe(0);
    await context.close();
  });

  it('builds a bundle: pickers with availability, a clearable choice, then Add Bundle to Cart', async () => {
    const { id } = await findItem('Ghost Ceremony Package');
    const { context, page } = await newPage(browser());
    await page.goto(`/hire?type=bundle&id=${id}`);
    const dialog = page.getByRole('dialog', { name: 'Ghost Ceremony Package' });
    const add = dialog.getByRole('button', { name: 'Please select all required items' });
    await expect.poll(() => add.isDisabled()).toBe(true);
    expect(await dialog.getByText('Ghost Plinth - Medium').isVisible()).toBe(true);
    const chairs = dialog.getByLabel(/Ghost Chair/);
    await expect
      .poll(async () => (await chairs.locator('option').allTextContents()).join('|'))
      .toMatch(/Armless \(\d+ available\)/);
    await chairs.selectOption({ label: (await chairs.locator('option').nth(1).textContent()) ?? '' });
    await dialog.getByRole('button', { name: /Clear/ }).click();
    expect(await chairs.inputValue()).toBe('');
    await chairs.selectOption({ index: 1 });
    const arch = dialog.getByLabel(/Round Metal Arch/);
    await arch.selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Add Bundle to Cart' }).click();
    await expect
      .poll(() => page.getByText('Ghost Ceremony Package bundle has been added to your cart.').isVisible())
      .toBe(true);
    await context.close();
  });
});

describe('search', () => {
  it('goes from the header suggestions to the search page by keyboard', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await page.goto('/hire');
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill('ghost');
    const options = page.getByRole('option');
    await expect.poll(() => options.count()).toBe(4);
    expect(await options.first().textContent()).toMatch(/Ghost .*(Product|Bundle)$/);
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
    const name = (await options.nth(1).locator('.suggestion__name').textContent()) ?? '';
    await box.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(name);
    await expect.poll(() => page.getByText(/^Found \d+ item\(s\) for/).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name, exact: true }).first().isVisible()).toBe(true);
    await context.close();
  });

  it('shows No results found, closes on Escape, and ignores an empty submit', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await page.goto('/terms');
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill('zzzqqq');
    await expect.poll(() => page.getByText('No results found').isVisible()).toBe(true);
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await box.fill('   ');
    await box.press('Enter');
    expect(new URL(page.url()).pathname).toBe('/terms');
    await context.close();
  });

  it('has the empty states and noindex when nothing is found', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/search');
    await expect.poll(() => page.getByText('Enter a search term to find items').isVisible()).toBe(true);
    await page.goto('/search?q=zzzqqq');
    await expect.poll(() => page.getByText('No items found for “zzzqqq”').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Browse our collection' }).getAttribute('href')).toBe('/hire');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await context.close();
  });

  it('updates q as the visitor types and replaces the other parameters', async () => {
    const { id } = await findItem('Natural Urn');
    const { context, page } = await newPage(browser());
    await page.goto(`/search?q=urn&type=product-group&id=${id}`);
    const dialog = page.getByRole('dialog', { name: 'Natural Urn' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    const input = page.getByRole('searchbox', { name: 'Search products' }).last();
    await input.fill('silver goblet');
    await expect.poll(() => page.url()).toMatch(/\/search\?q=silver(\+|%20)goblet$/);
    await expect.poll(() => page.getByText(/^Found \d+ item\(s\) for “silver goblet”$/).isVisible()).toBe(true);
    // The one item with both words comes first; those with one of them follow.
    const first = page.getByRole('list', { name: 'Results for silver goblet' }).getByRole('listitem').first();
    expect(await first.getByRole('heading').textContent()).toMatch(/Silver Goblet/);
    await context.close();
  });
});

describe('header', () => {
  it('opens the mobile menu, lists every hire group and closes when a category is chosen', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/terms');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await menuButton.click();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    const menu = page.getByRole('navigation', { name: 'Menu' });
    for (const group of ['Backdrops', 'Plinths', 'Tables', 'Decor', 'Signage', 'Others']) {
      expect(await menu.getByText(group, { exact: true }).count()).toBeGreaterThan(0);
    }
    await menu.getByText('Others', { exact: true }).click();
    await menu.getByRole('link', { name: 'Neon Signs' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/hire/neon_signs');
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('reaches the Hire menu by keyboard on desktop', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await page.goto('/terms');
    const hire = page.getByRole('button', { name: 'Hire' });
    await hire.focus();
    await page.keyboard.press('Enter');
    expect(await hire.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => page.getByRole('link', { name: 'Bars & DJ Tables' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await hire.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });
});

describe('accessibility', () => {
  it.each(['/hire', '/hire/tableware', '/search?q=vase', '/terms'])('axe finds no violations on %s', async (path) => {
    const { context, page } = await newPage(browser());
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('axe finds no violations with the item popup open', async () => {
    const { id } = await findItem('Ghost Ceremony Package');
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await page.goto(`/hire?type=bundle&id=${id}`);
    await page.getByRole('dialog', { name: 'Ghost Ceremony Package' }).getByRole('combobox').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
