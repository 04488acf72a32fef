import { describe, expect, it } from 'vitest';
import { newPage, pageErrors, sharedBrowser } from './browser';

const browser = sharedBrowser();

describe('app shell', () => {
  it('renders the root layout and a service worker takes control', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/');
    const logo = page.getByRole('link', { name: 'Tan & Tassel Event Styling & Prop Hire, home', exact: true });
    await expect.poll(() => logo.isVisible()).toBe(true);
    // One manifest link: vite-plugin-pwa injects it, index.html must not add a second.
    expect(await page.locator('link[rel="manifest"]').count()).toBe(1);
    await expect.poll(() => page.locator('main#main').count()).toBe(1);
    const controlled = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return true;
      return new Promise<boolean>((resolve) => {
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true));
        setTimeout(() => resolve(Boolean(navigator.serviceWorker.controller)), 10_000);
      });
    });
    expect(controlled).toBe(true);
    const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
    expect(manifest).toMatchObject({ short_name: 'Tan & Tassel', display: 'standalone', start_url: '/' });
    // The installed app turns with the phone (WCAG 1.3.4): no orientation lock.
    expect(manifest).not.toHaveProperty('orientation');
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('paints the page from the server before the scripts run, and hydrates it without replacing it', async () => {
    const { context, page } = await newPage(browser(), { width: 390, height: 844 });
    // Scripts held back: what a slow phone shows while they load.
    await context.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/hire/decor', { waitUntil: 'domcontentloaded' });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Decor');
    expect(await page.getByRole('list', { name: 'Hire items' }).getByRole('listitem').count()).toBe(30);
    const stillHeight = (await page.locator('header.site-header').boundingBox())?.height ?? 0;
    await context.unroute('**/assets/*.js');

    // The header the server sent is the one the app takes over: never removed, never replaced.
    await page.addInitScript(() => {
      const w = window as unknown as { headerReplaced: boolean };
      w.headerReplaced = false;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes)
            if (
              node instanceof Element &&
              (node.matches('header.site-header') || node.querySelector('header.site-header'))
            )
              w.headerReplaced = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    // Hydrated: the header's menu button answers a click.
    const menuButton = page.locator('.site-header__menu-button');
    await expect
      .poll(async () => {
        await menuButton.click();
        return menuButton.getAttribute('aria-expanded');
      })
      .toBe('true');
    await menuButton.click();
    await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => (window as unknown as { headerReplaced: boolean }).headerReplaced)).toBe(false);
    const liveHeight = (await page.locator('header.site-header').boundingBox())?.height ?? 0;
    expect(Math.abs(liveHeight - stillHeight)).toBeLessThanOrEqual(1);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it('has a complete manifest that Chromium reads without errors', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Tan & Tassel Event Styling & Prop Hire',
      short_name: 'Tan & Tassel',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#/),
      background_color: expect.stringMatching(/^#/),
    });
    expect(manifest.description.length).toBeGreaterThan(20);
    expect(
      manifest.icons.map((icon: { sizes: string; purpose?: string }) => `${icon.sizes} ${icon.purpose ?? 'any'}`),
    ).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    expect(manifest.screenshots.map((shot: { form_factor: string }) => shot.form_factor)).toEqual(['narrow', 'wide']);
    expect(manifest.shortcuts.map((shortcut: { url: string }) => shortcut.url)).toEqual([
      '/hire',
      '/search',
      '/checkout',
    ]);
    // Every file the manifest names is served.
    for (const src of [...manifest.icons, ...manifest.screenshots].map((entry: { src: string }) => entry.src)) {
      expect((await page.request.get(src)).status(), src).toBe(200);
    }
    // Chromium's own reading of the manifest: found, and parsed without errors.
    const cdp = await context.newCDPSession(page);
    const read = await cdp.send('Page.getAppManifest');
    expect(read.url).toBe(new URL('/manifest.webmanifest', page.url()).href);
    expect(read.errors).toEqual([]);
    expect(read.data).toContain('"shortcuts"');
    // The check is live: the same page without its manifest link has none.
    await page.evaluate(() => document.querySelector('link[rel="manifest"]')?.remove());
    expect((await cdp.send('Page.getAppManifest')).url).toBe('');
    await context.close();
  });

  it('serves app routes from the server and the service worker', async () => {
    const { context, page } = await newPage(browser());
    const response = await page.goto('/terms');
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Terms & Conditions of Hire');
    await context.close();
  });

  it('sends a service link home with the service parameter', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/custom-builds');
    await expect.poll(() => new URL(page.url()).search).toBe('?service=custom-builds');
    await page.goto('/services/faux-florals');
    await expect.poll(() => new URL(page.url()).search).toBe('?service=faux-florals');
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });
});
