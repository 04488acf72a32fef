import { cartLines, openMoodboard, seedCart } from '../cart-seed';
import { type BenchContext, newPage, runs } from '../context';
import { atMost, type Figure, figure } from '../results';

/** A 20-card board exported at 2x: from the Download click to the file (the spec's 500 ms wait included). */
export async function moodboardExport(ctx: BenchContext): Promise<Figure[]> {
  const { context, page } = await newPage(ctx, { width: 1440, height: 900 });
  await page.goto('/terms');
  await seedCart(page, await cartLines(ctx, 20));
  await openMoodboard(page);
  const cards = await page.locator('.moodboard-card').count();
  const times: number[] = [];
  const sizes: number[] = [];
  for (let i = 0; i < runs(ctx, 5, 1); i++) {
    const started = Date.now();
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Download' }).click();
    const file = await download;
    times.push(Date.now() - started);
    const path = await file.path();
    const { stat } = await import('node:fs/promises');
    sizes.push((await stat(path)).size / 1024);
    await page.getByRole('button', { name: 'Download' }).waitFor({ state: 'visible' });
    await page.waitForFunction(() => !document.querySelector('.moodboard-toolbar [aria-busy="true"]'));
  }
  await context.close();
  return [
    figure(
      'moodboard',
      `export of ${cards} cards at 2x`,
      'ms',
      times,
      atMost(1000),
      'includes the spec’s 500 ms delay',
    ),
    figure('moodboard', 'exported PNG size', 'KB', sizes),
  ];
}
