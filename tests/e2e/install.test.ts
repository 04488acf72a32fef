import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, newPage, pageAtWidth, sharedBrowser, waitForWorker } from './browser';

const browser = sharedBrowser();
const open = (width: number) => pageAtWidth(browser(), width);

/** What Chromium does when the app may be installed: a beforeinstallprompt offer (here a stand-in). */
async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => undefined,
      userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
    });
    window.dispatchEvent(offer);
  });
}

describe('Install app', () => {
  it('is the first thing in the phone menu, on the first screen, above the category links', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).waitFor();
    await offerInstall(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    const install = menu.getByRole('button', { name: 'Install app' });
    await install.waitFor();
    const installBox = await install.boundingBox();
    const servicesBox = await menu.getByRole('heading', { name: 'Services' }).boundingBox();
    expect(installBox && servicesBox && installBox.y < servicesBox.y).toBe(true);
    expect((installBox?.y ?? 9999) + (installBox?.height ?? 0)).toBeLessThanOrEqual(844);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('keeps its place in the desktop navigation', async () => {
    const { context, page } = await newPage(browser(), { width: 1440, height: 900 });
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await offerInstall(page);
    await expect
      .poll(() =>
        page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Install app' }).isVisible(),
      )
      .toBe(true);
    await context.close();
  });
});

describe.each([390, 1440])('a first visit at %i px', (width) => {
  it('says nothing of working offline on a first visit', async () => {
    const { context, page } = await open(width);
    await page.goto('/hire');
    await waitForWorker(page);
    // The worker controls the page: the old notice came with its install, before this.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.getByText(/work offline/i).count()).toBe(0);
    await context.close();
  });
});
