import type { Browser, Page } from 'playwright-core';
import { followHydration } from '../../tests/e2e/follow-hydration';
import { inBothChromiums } from '../both-chromiums';
import { type BenchContext, NAME_SHIM, runs } from '../context';
import { atMost, type Figure, figure } from '../results';

/**
 * Interaction to next paint, as a shopper on a slow phone feels it: from a tap or a key to the frame
 * that answers it, for opening an item's popup, adding to the cart and typing in the search, at 4x
 * CPU, in both Chromiums (the packaged 143 and Debian's, whose page scripts run about 1.8x slower).
 * The browser's own Event Timing entries give each interaction's duration (the longest of its events:
 * input delay, handlers and the paint after them). The floor is a button on a static page whose click
 * changes its text, tapped the same way in the same browser.
 */
const TARGET_MS = 200;
/** Event Timing reports no event shorter than this: an interaction that fast counts as this. */
const SHORTEST_REPORTED_MS = 16;

/** Starts collecting the page's interactions (Event Timing entries with an interaction id). */
const watch = (page: Page) =>
  page.evaluate((threshold) => {
    const w = window as unknown as { __interactions: Map<number, number> };
    w.__interactions = new Map();
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        if (!entry.interactionId) continue;
        w.__interactions.set(
          entry.interactionId,
          Math.max(w.__interactions.get(entry.interactionId) ?? 0, entry.duration),
        );
      }
    }).observe({ type: 'event', durationThreshold: threshold } as PerformanceObserverInit);
  }, SHORTEST_REPORTED_MS);

/**
 * Runs `act` (which waits for what the interaction shows), then reads the longest interaction it
 * made. Entries come after the paint they measure: two frames and a moment later they are in.
 */
async function longestInteraction(page: Page, act: () => Promise<void>): Promise<number> {
  await page.evaluate(() => (window as unknown as { __interactions: Map<number, number> }).__interactions.clear());
  await act();
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100))),
      ),
  );
  const all = await page.evaluate(() => [
    ...(window as unknown as { __interactions: Map<number, number> }).__interactions.values(),
  ]);
  return Math.max(SHORTEST_REPORTED_MS, ...all);
}

async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

async function phonePage(browser: Browser, baseUrl: string) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  await context.addInitScript({ content: NAME_SHIM });
  followHydration(context, 60_000);
  return { context, page: await context.newPage() };
}

async function measureIn(browser: Browser, label: string, ctx: BenchContext): Promise<Figure[]> {
  const times = runs(ctx, 5, 1);
  const popup: number[] = [];
  const add: number[] = [];
  const typing: number[] = [];
  const floor: number[] = [];
  const { context, page } = await phonePage(browser, ctx.baseUrl);
  try {
    await page.goto('/hire/decor');
    await slowPhone(page);
    await watch(page);
    const cards = page.getByRole('list', { name: 'Hire items' }).getByRole('listitem');
    for (let i = 0; i < times; i++) {
      const card = cards.nth(i);
      const name = (await card.getByRole('heading', { level: 2 }).textContent()) ?? '';
      const dialog = page.getByRole('dialog', { name });
      popup.push(
        await longestInteraction(page, async () => {
          await card.getByRole('link').first().tap();
          await dialog.waitFor();
        }),
      );
      const choice = dialog.getByRole('radio').and(page.locator(':not([disabled])')).first();
      if (await choice.count()) await choice.check();
      const button = dialog.getByRole('button', { name: /^Add (Bundle )?to Cart$/ });
      if (await button.isEnabled()) {
        add.push(
          await longestInteraction(page, async () => {
            await button.tap();
            await dialog.getByText('Added to cart successfully!').waitFor();
          }),
        );
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
    await page.goto('/search');
    await slowPhone(page);
    await watch(page);
    const box = page.getByRole('search', { name: 'Search the catalogue' }).getByRole('searchbox');
    for (let i = 0; i < times; i++) {
      await box.fill('');
      await box.tap();
      typing.push(
        await longestInteraction(page, async () => {
          await page.keyboard.type('vase', { delay: 120 });
          await page.getByText(/^Found \d+ item\(s\) for “vase”$/).waitFor({ timeout: 30_000 });
        }),
      );
    }
    await page.setContent(
      `<button type="button" onclick="this.textContent = 'Tapped ' + Date.now()" style="font-size:2rem">Tap</button>`,
    );
    await slowPhone(page);
    await watch(page);
    for (let i = 0; i < times; i++) {
      floor.push(await longestInteraction(page, () => page.getByRole('button').tap()));
    }
  } finally {
    await context.close();
  }
  const target = atMost(TARGET_MS);
  return [
    figure('interactions', `${label}: open an item's popup (INP)`, 'ms', popup, target),
    figure('interactions', `${label}: add to the cart (INP)`, 'ms', add, target),
    figure('interactions', `${label}: typing in the search (INP)`, 'ms', typing, target),
    figure('interactions', `${label}: floor, a static button (INP)`, 'ms', floor),
  ];
}

export async function interactions(ctx: BenchContext): Promise<Figure[]> {
  return inBothChromiums((browser, label) => measureIn(browser, label, ctx));
}
