import { SEARCH_DEBOUNCE_MS } from '../../src/features/search/search-rules';
import { type BenchContext, newPage, runs } from '../context';
import { atMost, type Figure, figure } from '../results';

const QUERIES = ['ghost', 'vase', 'plinth', 'chair', 'arch', 'mirror', 'linen'];

/** Header suggestions: from the last keystroke to the first suggestion shown (500 ms of it is the debounce). */
export async function search(ctx: BenchContext): Promise<Figure[]> {
  const { context, page } = await newPage(ctx, { width: 1440, height: 900 });
  await page.goto('/terms');
  const box = page.getByRole('combobox').first();
  const times: number[] = [];
  for (const query of QUERIES.slice(0, runs(ctx, 5, 2))) {
    await box.fill('');
    await page.waitForTimeout(700);
    await box.pressSequentially(query.slice(0, -1));
    const measured = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let last = 0;
          const input = document.querySelector<HTMLInputElement>('[role="combobox"]');
          input?.addEventListener('keydown', () => (last = performance.now()), { once: true });
          const check = () => {
            const listbox = document.querySelector('[role="listbox"]');
            if (last && listbox?.querySelector('[role="option"]') && listbox.getAttribute('aria-busy') !== 'true') {
              resolve(performance.now() - last);
              return;
            }
            requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        }),
    );
    await page.waitForTimeout(50);
    await box.press(query.slice(-1));
    times.push(await measured);
  }
  await context.close();
  return [
    figure('search', 'last keystroke to suggestions', 'ms', times, atMost(SEARCH_DEBOUNCE_MS + 300)),
    // Issue 34 asked for 300 ms from the keystroke; the spec's 500 ms debounce comes first, so the
    // 300 ms bound is on what follows it: the request, the ranking and the render.
    figure(
      'search',
      "suggestions after the spec's debounce",
      'ms',
      times.map((time) => time - SEARCH_DEBOUNCE_MS),
      atMost(300),
    ),
  ];
}
