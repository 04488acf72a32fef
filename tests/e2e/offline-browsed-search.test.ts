import { describe, expect, it } from 'vitest';
import { cutNetwork, pageAtWidth, sharedBrowser, waitForWorker } from './browser';

const browser = sharedBrowser();

const open = (width: number) => pageAtWidth(browser(), width);

describe.each([390, 1440])('offline search without a saved catalogue, at %i px', (width) => {
  it('finds what the shopper has browsed, and says where the results come from', async () => {
    const { context, page } = await open(width);
    await page.goto('/hire/pots_vases');
    await waitForWorker(page);
    const cards = page.getByRole('list', { name: 'Hire items' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBeGreaterThan(2);
    const seen = (await cards.getByRole('heading').allTextContents()).map((name) => name.trim());
    const vases = seen.filter((name) => /\bvase/i.test(name));
    expect(vases.length).toBeGreaterThan(0);

    // Offline, a query never asked online: the header's suggestions come from the page seen.
    await cutNetwork(context);
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
    await box.fill('vases');
    const options = page.getByRole('option');
    await expect.poll(() => options.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.getByText('From the pages you have seen on this device').isVisible()).toBe(true);
    const suggested = await options.locator('.suggestion__name').allTextContents();
    for (const name of suggested) expect(seen).toContain(name.trim());

    // The search page: the items seen that match, the vases first, and the note that says why.
    await box.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/search');
    await expect.poll(() => page.getByText(/^Found \d+ item\(s\) for “/).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(
      await page
        .getByText('these results come from the pages you have seen on this device', { exact: false })
        .isVisible(),
    ).toBe(true);
    const results = page.getByRole('main').getByRole('list').first().getByRole('listitem');
    const found = (await results.getByRole('heading').allTextContents()).map((name) => name.trim());
    expect(found.length).toBeGreaterThan(0);
    for (const name of found) expect(seen).toContain(name);
    expect(found[0]).toMatch(/\bvase/i);
    await context.close();
  });
});
