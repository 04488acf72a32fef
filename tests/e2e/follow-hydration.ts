// No test runner here: the bench (bench/context.ts) uses these too.
import type { BrowserContext, Page } from 'playwright-core';

/**
 * Resolves once the app has taken over the server's HTML (hydrated, its first effects run) and its
 * dialogs' code has arrived (they load right after).
 */
export async function hydration(page: Page, timeout = 20_000): Promise<void> {
  await page.locator('html[data-hydrated][data-overlays]').waitFor({ state: 'attached', timeout });
}

/**
 * Pages arrive rendered: a button on screen does nothing until the app has hydrated. Every page of
 * the context waits for that after a goto or reload that answers HTML (not a file, not a failed
 * navigation); a caller that asks for 'commit' or 'domcontentloaded' wants the HTML as it arrives.
 */
export function followHydration(context: BrowserContext, timeout = 30_000): BrowserContext {
  const patch = (page: Page) => {
    const after =
      <T>(navigate: (...args: never[]) => Promise<T>) =>
      async (...args: never[]): Promise<T> => {
        const response = await navigate(...args);
        const options = args.find((arg) => typeof arg === 'object' && arg !== null) as
          | { waitUntil?: string }
          | undefined;
        const answer = response as { headers(): Record<string, string> } | null;
        // The team's pages are plain server HTML: nothing there hydrates.
        const isTeam = /^\/team(\/|$)/.test(new URL(page.url()).pathname);
        const isPage = !isTeam && /text\/html/.test(answer?.headers()['content-type'] ?? '');
        if (isPage && options?.waitUntil !== 'commit' && options?.waitUntil !== 'domcontentloaded') {
          await hydration(page, timeout).catch(() => undefined);
        }
        return response;
      };
    page.goto = after(page.goto.bind(page) as never) as Page['goto'];
    page.reload = after(page.reload.bind(page) as never) as Page['reload'];
  };
  for (const page of context.pages()) patch(page);
  context.on('page', patch);
  return context;
}
