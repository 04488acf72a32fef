import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../tests/e2e/browser-flags';
import { followHydration } from '../tests/e2e/follow-hydration';

/** What every group of the benchmark gets: the running server and the browser the tests use. */
export interface BenchContext {
  baseUrl: string;
  databaseFile: string;
  serverPid: number;
  chromiumPath: string;
  /** A short run (the smoke test): fewer runs, shorter load. */
  quick: boolean;
  browser(): Promise<Browser>;
}

/**
 * tsx compiles this benchmark with esbuild's keepNames, which wraps functions in the page scripts in
 * a `__name` helper that pages do not have: give them one.
 */
export const NAME_SHIM = 'globalThis.__name = globalThis.__name || ((fn) => fn);';

export function createBenchContext(options: Omit<BenchContext, 'browser'>): BenchContext & { close(): Promise<void> } {
  let browser: Promise<Browser> | undefined;
  return {
    ...options,
    browser() {
      browser ??= chromium.launch({ executablePath: options.chromiumPath, args: CHROMIUM_FLAGS, headless: true });
      return browser;
    },
    async close() {
      if (browser) await (await browser).close();
    },
  };
}

export async function newPage(
  ctx: BenchContext,
  viewport = { width: 390, height: 844 },
  extra: { hasTouch?: boolean; isMobile?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await (await ctx.browser()).newContext({
    baseURL: ctx.baseUrl,
    viewport,
    serviceWorkers: 'allow',
    acceptDownloads: true,
    ...extra,
  });
  await context.addInitScript({ content: NAME_SHIM });
  // A page's code starts once its main photo shows: after a goto or reload that answers HTML, wait
  // until the app has taken the page over, as a shopper's tap would need (as the browser tests do).
  followHydration(context, 30_000);
  const page = await context.newPage();
  return { context, page };
}

/** Ids of catalogue items by name, from the running server. */
export async function findItem(ctx: BenchContext, name: string) {
  const response = await fetch(`${ctx.baseUrl}/api/boomerang/items?query=${encodeURIComponent(name)}`);
  const body = (await response.json()) as { data: { id: string; type: string; attributes: { name: string } }[] };
  const match = body.data.find((item) => item.attributes.name === name);
  if (!match) throw new Error(`No catalogue item named ${name}`);
  return { id: match.id, type: match.type === 'bundles' ? ('bundle' as const) : ('product-group' as const) };
}

export const runs = (ctx: BenchContext, full: number, quick = 1) => (ctx.quick ? quick : full);
