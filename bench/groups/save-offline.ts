import { type BenchContext, newPage, runs } from '../context';
import { type Figure, figure } from '../results';

interface SavedMeta {
  entries: number;
  bytes: number;
  items: number;
}

const MB = 1024 * 1024;

/**
 * "Save catalogue for offline" of the demo catalogue, as a planner runs it from the Hire page on a
 * phone: from the Save click to the "Saved N files" line, what it stored, what the device reports in
 * use after, and how close the size promised before the start was. Over loopback, so the time is the
 * app's own work (requests, Cache Storage writes, the search index), not a mobile network's.
 */
export async function saveOffline(ctx: BenchContext): Promise<Figure[]> {
  const times: number[] = [];
  const files: number[] = [];
  const savedMb: number[] = [];
  const usageMb: number[] = [];
  const estimateRatio: number[] = [];
  for (let i = 0; i < runs(ctx, 3, 1); i++) {
    const { context, page } = await newPage(ctx);
    await page.goto('/hire');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    await page.getByRole('main').getByRole('button', { name: 'Save catalogue for offline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save catalogue for offline' });
    await dialog.getByText(/^About [\d.]+ MB/).waitFor();
    const started = Date.now();
    await dialog.getByRole('button', { name: 'Save catalogue', exact: true }).click();
    await dialog.getByText(/^Saved \d+ files/).waitFor({ timeout: 300_000 });
    times.push(Date.now() - started);

    const saved = await page.evaluate(
      () =>
        new Promise<{ meta: SavedMeta; usage: number }>((resolve, reject) => {
          const open = indexedDB.open('storefront-saved-catalogue');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const read = open.result.transaction('saved').objectStore('saved').get('meta');
            read.onerror = () => reject(read.error);
            read.onsuccess = async () => {
              const estimate = await navigator.storage.estimate();
              resolve({ meta: read.result as SavedMeta, usage: estimate.usage ?? Number.NaN });
            };
          };
        }),
    );
    const promised = (await (await fetch(`${ctx.baseUrl}/api/offline-size`)).json()) as { data: { bytes: number } };
    files.push(saved.meta.entries);
    savedMb.push(saved.meta.bytes / MB);
    usageMb.push(saved.usage / MB);
    estimateRatio.push(promised.data.bytes / saved.meta.bytes);
    await context.close();
  }
  const round = (values: number[], places: number) => values.map((value) => Number(value.toFixed(places)));
  return [
    figure('save', 'save catalogue for offline: Save click to "Saved" (loopback)', 'ms', times),
    figure('save', 'save catalogue for offline: files stored', '', files),
    figure('save', 'save catalogue for offline: bytes stored', 'MB', round(savedMb, 2)),
    figure('save', 'save catalogue for offline: storage in use after (whole origin)', 'MB', round(usageMb, 2)),
    figure('save', 'save catalogue for offline: size promised before the start / stored', 'x', round(estimateRatio, 2)),
  ];
}
