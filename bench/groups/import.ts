import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../../tests/fixtures/test-db';
import { generateCatalogue } from '../catalogue-generator';
import type { BenchContext } from '../context';
import { atMost, type Figure, figure } from '../results';

const run = promisify(execFile);

/** One `npm run catalogue -- import` in a process of its own: its time and the peak memory it reports. */
async function timedImport(folder: string, env: Record<string, string>) {
  const started = performance.now();
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/cli/catalogue.ts', 'import', folder], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
  const seconds = (performance.now() - started) / 1000;
  const peak = Number(/Peak memory: (\d+) MB/.exec(stdout)?.[1]);
  const added = Number(/Added: (\d+)/.exec(stdout)?.[1]);
  const changed = Number(/Changed: (\d+)/.exec(stdout)?.[1]);
  return { seconds, peak, added, changed };
}

/**
 * The catalogue importer on a generated catalogue of 1,000 products with 1,000 photos (250 in quick
 * runs), into an empty database with an empty photo folder, then the same folder again.
 */
export async function importGroup(ctx: BenchContext): Promise<Figure[]> {
  const products = ctx.quick ? 250 : 1000;
  const folder = await generateCatalogue(path.join(ROOT, 'data', `bench-catalogue-${products}`), products);
  const work = await mkdtemp(path.join(os.tmpdir(), 'storefront-import-bench-'));
  const env = { DATABASE_URL: path.join(work, 'import.db'), PHOTOS_DIR: path.join(work, 'photos') };
  try {
    const first = await timedImport(folder, env);
    const again = await timedImport(folder, env);
    const label = `${products.toLocaleString('en-AU')} products, ${products.toLocaleString('en-AU')} photos`;
    return [
      figure('import', `${label}: first import`, 's', [first.seconds], atMost(90), `${first.added} rows added`),
      figure('import', `${label}: peak memory`, 'MB', [first.peak]),
      figure(
        'import',
        `${label}: import again, unchanged`,
        's',
        [again.seconds],
        atMost(10),
        `${again.changed} changed`,
      ),
      figure('import', `${label}: peak memory again`, 'MB', [again.peak]),
    ];
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
