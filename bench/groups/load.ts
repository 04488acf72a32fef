import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { GENEROUS_LIMITS, SERVER_ENTRY } from '../../tests/fixtures/server-process';
import { copyTemplateDb, ROOT, TEST_PHOTOS_DIR } from '../../tests/fixtures/test-db';
import { type LoadResult, loadRun } from '../autocannon-run';
import { type BenchContext, runs } from '../context';
import { type FloorProcess, startFloorProcess, stopChild } from '../floor-process';
import { atLeast, atMost, exactly, type Figure, figure } from '../results';

async function rssMb(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

export interface Read {
  name: string;
  path: string;
  /** A catalogue read with the targets; else only reported. */
  api: boolean;
  /** The rendered page's own targets (issue 22): requests a second and p99 in ms, from the cache. */
  page?: { rps: number; p99: number };
}

async function firstId(ctx: BenchContext, path: string): Promise<string> {
  const body = (await (await fetch(`${ctx.baseUrl}${path}`)).json()) as { data: { id: string }[] };
  const id = body.data[0]?.id;
  if (!id) throw new Error(`${path} listed nothing`);
  return id;
}

/** The reads under load: the catalogue's hot paths and the HTML of a category page. */
async function readsOf(ctx: BenchContext): Promise<Read[]> {
  return [
    { name: 'category listing', path: '/api/boomerang/items?tag=decor&page=1&per_page=30', api: true },
    { name: 'search', path: '/api/boomerang/items?query=vase&page=1&per_page=30', api: true },
    {
      name: 'product-group detail',
      path: `/api/product-groups/${await firstId(ctx, '/api/product_groups?per_page=1')}`,
      api: true,
    },
    { name: 'bundle detail', path: `/api/bundles/${await firstId(ctx, '/api/bundles?per_page=1')}`, api: true },
    { name: 'HTML of /hire/decor', path: '/hire/decor', api: false, page: { rps: 3000, p99: 30 } },
  ];
}

/**
 * The floor: a bare node:http server in its own process answering each read's body exactly as the
 * storefront sent it (gzipped), so each read is measured beside what this machine allows.
 */
export async function startFloor(ctx: BenchContext, reads: Read[]): Promise<FloorProcess> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'storefront-floor-'));
  const routes = [];
  for (const [index, read] of reads.entries()) {
    const raw = await rawBody(`${ctx.baseUrl}${read.path}`);
    const file = path.join(dir, `body-${index}`);
    await writeFile(file, raw.body);
    routes.push({
      path: `/${index}`,
      file,
      headers: {
        'content-type': raw.type,
        ...(raw.encoding ? { 'content-encoding': raw.encoding } : {}),
      },
    });
  }
  const routesFile = path.join(dir, 'routes.json');
  await writeFile(routesFile, JSON.stringify(routes));
  return startFloorProcess('floor-server.mjs', [routesFile]);
}

/** The body as sent over the wire (gzipped when the server gzips it; fetch would decode it). */
function rawBody(url: string): Promise<{ body: Buffer; type: string; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          body: Buffer.concat(chunks),
          type: response.headers['content-type'] ?? 'application/octet-stream',
          encoding: response.headers['content-encoding'],
        }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** A warm-up (JIT, cache fill), then the measured runs; each run's figures. */
export async function measure(ctx: BenchContext, url: string): Promise<LoadResult[]> {
  await loadRun(url, ctx.quick ? 0.5 : 2);
  const results: LoadResult[] = [];
  for (let i = 0; i < runs(ctx, 3); i++) results.push(await loadRun(url, ctx.quick ? 1 : 10));
  return results;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/**
 * A new server process over a fresh copy of the database: time from spawn to the first listing
 * answer, and each read's first answer (empty cache) against its second (cached).
 */
async function coldStart(ctx: BenchContext, reads: Read[]): Promise<Figure[]> {
  const databaseFile = await copyTemplateDb(ctx.databaseFile);
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      PHOTOS_DIR: TEST_PHOTOS_DIR,
      DATABASE_URL: databaseFile,
      ...GENEROUS_LIMITS,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    let base = '';
    while (!base) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
      base = /Storefront ready on (http:\/\/[\d.:]+)/.exec(output)?.[1] ?? '';
      if (!base) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const first = reads[0] as Read;
    const firstAnswer = await fetch(`${base}${first.path}`, { headers: { 'accept-encoding': 'gzip' } });
    await firstAnswer.arrayBuffer();
    const figures = [figure('load', 'cold start: spawn to first listing answer', 'ms', [performance.now() - started])];
    for (const read of reads.slice(1)) {
      const timed = async () => {
        const at = performance.now();
        await (await fetch(`${base}${read.path}`, { headers: { 'accept-encoding': 'gzip' } })).arrayBuffer();
        return performance.now() - at;
      };
      const cold = await timed();
      const warm = await timed();
      figures.push(
        figure('load', `cold start: ${read.name}, first answer`, 'ms', [cold]),
        figure('load', `cold start: ${read.name}, cached answer`, 'ms', [warm]),
      );
    }
    return figures;
  } finally {
    await stopChild(child);
  }
}

/**
 * The server under load from this (second) process on loopback, 50 connections, gzip accepted: each
 * read after a warm-up, 3 runs of 10 s (medians), beside the floor measured the same way in the same
 * run; server memory before and after; cold start of a new process.
 */
export async function load(ctx: BenchContext): Promise<Figure[]> {
  const reads = await readsOf(ctx);
  const floor = await startFloor(ctx, reads);
  const memoryBefore = await rssMb(ctx.serverPid);
  const figures: Figure[] = [figure('load', 'server memory before', 'MB', [memoryBefore])];
  try {
    for (const [index, read] of reads.entries()) {
      const ours = await measure(ctx, `${ctx.baseUrl}${read.path}`);
      const bare = await measure(ctx, `${floor.url}/${index}`);
      const rps = ours.map((r) => r.requestsPerSecond);
      const floorRps = bare.map((r) => r.requestsPerSecond);
      const failures = ours.reduce((sum, r) => sum + r.failures, 0);
      figures.push(
        figure(
          'load',
          `${read.name}: requests/s`,
          'req/s',
          rps,
          read.api ? atLeast(5000) : read.page ? atLeast(read.page.rps) : null,
        ),
        figure(
          'load',
          `${read.name}: p50`,
          'ms',
          ours.map((r) => r.p50),
        ),
        figure(
          'load',
          `${read.name}: p99`,
          'ms',
          ours.map((r) => r.p99),
          read.api ? atMost(20) : read.page ? atMost(read.page.p99) : null,
        ),
        figure('load', `${read.name}: errors and non-2xx`, '', [failures], exactly(0)),
        figure('load', `${read.name}: floor requests/s`, 'req/s', floorRps),
        figure(
          'load',
          `${read.name}: floor p99`,
          'ms',
          bare.map((r) => r.p99),
        ),
        figure(
          'load',
          `${read.name}: share of the floor`,
          'x',
          [median(rps) / median(floorRps)],
          read.api ? atLeast(0.5) : null,
        ),
      );
    }
  } finally {
    await floor.stop();
  }
  const memoryAfter = await rssMb(ctx.serverPid);
  figures.push(
    figure('load', 'server memory after', 'MB', [memoryAfter]),
    figure('load', 'server memory after / before', 'x', [memoryAfter / memoryBefore], atMost(1.5)),
    ...(await coldStart(ctx, reads)),
  );
  return figures;
}
