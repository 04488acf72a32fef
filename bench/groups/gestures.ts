import type { CDPSession, Page } from 'playwright-core';
import { cartLines, openMoodboard, seedCart } from '../cart-seed';
import { type BenchContext, newPage, runs } from '../context';
import { atMost, type Figure, figure } from '../results';
import { frameGaps, percentile } from '../stats';

/** Starts recording animation frames and long tasks in the page. */
const startRecording = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __long: number[]; __recording: boolean };
    w.__frames = [];
    w.__long = [];
    w.__recording = true;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (w.__recording) w.__long.push(entry.duration);
    }).observe({ type: 'longtask', buffered: false });
    const frame = (time: number) => {
      if (!w.__recording) return;
      w.__frames.push(time);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
const stopRecording = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __long: number[]; __recording: boolean };
    w.__recording = false;
    return { frames: w.__frames, long: w.__long };
  });

/** A one-second mouse drag of 60 moves, one per frame. */
async function drag(page: Page, x: number, y: number) {
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 60; i++) {
    await page.mouse.move(x + i * 4, y + i * 2);
    await page.waitForTimeout(16);
  }
  await page.mouse.up();
}

async function pinch(cdp: CDPSession, x: number, y: number) {
  const points = (spread: number) => [
    { x: x - spread, y, id: 0 },
    { x: x + spread, y, id: 1 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(20) });
  for (let spread = 22; spread <= 80; spread += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(spread) });
    await new Promise((resolve) => setTimeout(resolve, 16));
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Frame gaps (95th percentile) and the longest task during scripted drags and pinches. */
export async function gestures(ctx: BenchContext): Promise<Figure[]> {
  const figures: Figure[] = [];
  const measure = async (name: string, page: Page, act: () => Promise<void>) => {
    const p95: number[] = [];
    const longest: number[] = [];
    for (let i = 0; i < runs(ctx, 3, 1); i++) {
      await startRecording(page);
      await act();
      const { frames, long } = await stopRecording(page);
      p95.push(percentile(frameGaps(frames), 95));
      longest.push(long.length ? Math.max(...long) : 0);
    }
    figures.push(figure('gestures', `${name}: p95 frame gap`, 'ms', p95, atMost(17)));
    figures.push(figure('gestures', `${name}: longest task`, 'ms', longest, atMost(50)));
  };

  // The home collage in arrange mode.
  {
    const { context, page } = await newPage(ctx, { width: 1440, height: 900 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Arrange' }).click();
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((e) => e.name.includes('arrange-gestures')),
    );
    await page.waitForTimeout(500);
    const box = await page.locator('[data-collage-id="tableware"]').boundingBox();
    if (!box) throw new Error('no collage photo');
    await measure('collage drag', page, () => drag(page, box.x + box.width / 2, box.y + box.height / 2));
    await context.close();
  }
  // A moodboard of 20 cards.
  {
    const { context, page } = await newPage(ctx, { width: 1440, height: 900 });
    await page.goto('/terms');
    await seedCart(page, await cartLines(ctx, 20));
    await openMoodboard(page);
    const box = await page.locator('.moodboard-card').last().boundingBox();
    if (!box) throw new Error('no card');
    await measure('moodboard drag (20 cards)', page, () => drag(page, box.x + 40, box.y + 40));
    await context.close();
  }
  // Pinch on a phone.
  {
    const { context, page } = await newPage(ctx, { width: 390, height: 844 }, { hasTouch: true, isMobile: true });
    await page.goto('/terms');
    await seedCart(page, await cartLines(ctx, 8));
    await page.getByRole('button', { name: /^Cart, / }).tap();
    await page.getByRole('button', { name: 'Create Moodboard' }).tap();
    await page.locator('.moodboard-card').first().waitFor({ timeout: 60_000 });
    const box = await page.locator('.moodboard-card').last().boundingBox();
    if (!box) throw new Error('no card');
    const cdp = await context.newCDPSession(page);
    await measure('moodboard pinch', page, () => pinch(cdp, box.x + box.width / 2, box.y + box.height / 2));
    await context.close();
  }
  return figures;
}
