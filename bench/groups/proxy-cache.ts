import { findNginx, startNginx } from '../../tests/fixtures/nginx';
import type { BenchContext } from '../context';
import { atLeast, exactly, type Figure, figure } from '../results';
import { measure, median, type Read, startFloor } from './load';

/** A category page: the same bytes for every visitor, so the guide's nginx keeps it (issue 36). */
const PAGE: Read = { name: 'HTML of /hire/decor', path: '/hire/decor', api: false };

/**
 * HTML through the production guide's nginx with its page cache (docs/deploy/nginx.conf) in front of
 * the bench's server, beside the bare floor (a node:http process answering the same gzipped bytes)
 * and the app itself, measured the same way in the same run: 50 connections, gzip accepted, medians
 * of 3 runs. Reports that nginx is missing, where it is.
 */
export async function proxyCache(ctx: BenchContext): Promise<Figure[]> {
  const nginx = findNginx();
  if ('unavailable' in nginx) {
    console.warn(`proxy: skipped, ${nginx.unavailable}`);
    return [];
  }
  const proxy = await startNginx(nginx.path, [new URL(ctx.baseUrl).host]);
  const floor = await startFloor(ctx, [PAGE]);
  try {
    // The first answer fills the cache; the rest are hits until s-maxage (60 s) runs out, and then
    // a stale hit while one request revalidates (a 304 from the app).
    const filled = await fetch(`${proxy.url}${PAGE.path}`, { headers: { 'accept-encoding': 'gzip' } });
    await filled.arrayBuffer();
    const hit = await fetch(`${proxy.url}${PAGE.path}`, { headers: { 'accept-encoding': 'gzip' } });
    await hit.arrayBuffer();
    if (hit.headers.get('x-cache-status') !== 'HIT') {
      throw new Error(`nginx did not keep ${PAGE.path}: X-Cache-Status ${hit.headers.get('x-cache-status')}`);
    }
    const cached = await measure(ctx, `${proxy.url}${PAGE.path}`);
    const app = await measure(ctx, `${ctx.baseUrl}${PAGE.path}`);
    const bare = await measure(ctx, `${floor.url}/0`);
    const rps = (runs: typeof cached) => runs.map((run) => run.requestsPerSecond);
    return [
      figure('proxy', `${PAGE.name} through the nginx cache: requests/s`, 'req/s', rps(cached), atLeast(3000)),
      figure(
        'proxy',
        `${PAGE.name} through the nginx cache: p99`,
        'ms',
        cached.map((run) => run.p99),
      ),
      figure('proxy', `${PAGE.name} from the app alone: requests/s`, 'req/s', rps(app)),
      figure('proxy', `${PAGE.name}: floor requests/s`, 'req/s', rps(bare)),
      figure('proxy', `${PAGE.name} through the nginx cache: share of the floor`, 'x', [
        median(rps(cached)) / median(rps(bare)),
      ]),
      figure(
        'proxy',
        `${PAGE.name}: errors and non-2xx through the cache`,
        '',
        [cached.reduce((sum, run) => sum + run.failures, 0)],
        exactly(0),
      ),
    ];
  } finally {
    await floor.stop();
    await proxy.stop();
  }
}
