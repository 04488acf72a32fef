import { readFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import type { BenchContext } from '../context';
import { atLeast, atMost, type Figure, figure } from '../results';

async function rssMb(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

/** The server under load from this (second) process on loopback: 50 connections. */
export async function load(ctx: BenchContext): Promise<Figure[]> {
  const group = await (await fetch(`${ctx.baseUrl}/api/product_groups?per_page=1`)).json();
  const groupId = (group as { data: { id: string }[] }).data[0]?.id;
  const targets: [string, string, boolean][] = [
    ['category listing', '/api/boomerang/items?tag=decor&page=1&per_page=30', true],
    ['search', '/api/boomerang/items?query=vase&page=1&per_page=30', true],
    ['product-group detail', `/api/product-groups/${groupId}`, true],
    ['HTML of /hire/decor', '/hire/decor', false],
  ];
  const figures: Figure[] = [figure('load', 'server memory before', 'MB', [await rssMb(ctx.serverPid)])];
  for (const [name, path, api] of targets) {
    const result = await autocannon({
      url: `${ctx.baseUrl}${path}`,
      connections: 50,
      duration: ctx.quick ? 1 : 10,
      headers: { 'accept-encoding': 'gzip' },
    });
    const errors = result.errors + result.timeouts + result.non2xx;
    figures.push(
      figure(
        'load',
        `${name}: requests/s`,
        'req/s',
        [result.requests.average],
        api ? atLeast(5000) : null,
        errors ? `${errors} errors` : undefined,
      ),
      figure('load', `${name}: p50`, 'ms', [result.latency.p50]),
      figure('load', `${name}: p99`, 'ms', [result.latency.p99], api ? atMost(20) : null),
    );
  }
  figures.push(figure('load', 'server memory after', 'MB', [await rssMb(ctx.serverPid)]));
  return figures;
}
