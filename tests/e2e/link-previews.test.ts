import { describe, expect, it } from 'vitest';
import { pageAtWidth, sharedBrowser } from './browser';

const browser = sharedBrowser();

const open = (width: number) => pageAtWidth(browser(), width);

describe.each([390, 1440])('link previews at %i px', (width) => {
  it('an open item is the page: its title, canonical and og:url; closing gives the listing back', async () => {
    const { context, page } = await open(width);
    await page.goto('/hire/ghost_range');
    const business = await page.locator('meta[property="og:site_name"]').getAttribute('content');
    const card = page.getByRole('link', { name: /Ghost Chair/ });
    if (width < 600) await card.tap();
    else await card.click();
    const dialog = page.getByRole('dialog', { name: 'Ghost Chair' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const address = new URL(page.url());
    expect(address.searchParams.get('type')).toBe('product-group');
    await expect.poll(() => page.title()).toBe(`Ghost Chair | ${business}`);
    const canonical = page.locator('link[rel="canonical"]');
    expect(await canonical.getAttribute('href')).toBe(`${address.origin}${address.pathname}${address.search}`);
    expect(await page.locator('meta[property="og:url"]').getAttribute('content')).toBe(
      await canonical.getAttribute('href'),
    );
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(image).toMatch(/\/preview-xlarge_[^/]+\.jpg$/);
    const picture = await page.request.get(image ?? '');
    expect(picture.headers()['content-type']).toBe('image/jpeg');

    // A shared link opens on the same preview, rendered by the server.
    const shared = await (await page.request.get(address.href)).text();
    expect(shared).toContain(`<title>Ghost Chair | ${business?.replace('&', '&amp;')}</title>`);

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => page.title()).toBe('Ghost Range Hire');
    expect(await canonical.getAttribute('href')).toBe(`${address.origin}/hire/ghost_range`);
    await context.close();
  });

  it('the home page shares with a 1200 x 630 picture, sized in its tags', async () => {
    const { context, page } = await open(width);
    await page.goto('/');
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(image).toMatch(/\.jpg$/);
    expect(await page.locator('meta[property="og:image:width"]').getAttribute('content')).toBe('1200');
    expect(await page.locator('meta[property="og:image:height"]').getAttribute('content')).toBe('630');
    expect((await page.request.get(image ?? '')).headers()['content-type']).toBe('image/jpeg');
    await context.close();
  });
});
