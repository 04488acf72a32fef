/**
 * `npm run bench`: builds the app, starts the real server over a fresh copy of the seeded demo
 * catalogue, measures every group in the Chromium the tests use, prints one table and writes
 * bench/results.json. `npm run bench -- --only load,search` runs some groups; `--quick` runs each
 * once and briefly (the smoke test); `--no-build` reuses dist/.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import path from 'node:path';
import { findChromium } from '../tests/e2e/find-chromium';
import { GENEROUS_LIMITS, startServerProcess } from '../tests/fixtures/server-process';
import { copyTemplateDb, createTemplateDb, ROOT } from '../tests/fixtures/test-db';
import { type BenchContext, createBenchContext } from './context';
import { availability } from './groups/availability';
import { bytes } from './groups/bytes';
import { fuzz } from './groups/fuzz';
import { gestures } from './groups/gestures';
import { hirePricing } from './groups/hire-pricing';
import { importGroup } from './groups/import';
import { interactions } from './groups/interactions';
import { lighthouseGroup } from './groups/lighthouse';
import { load } from './groups/load';
import { mail } from './groups/mail';
import { moodboardExport } from './groups/moodboard-export';
import { offlineRepeat } from './groups/offline-repeat';
import { proxyCache } from './groups/proxy-cache';
import { reliability } from './groups/reliability';
import { saveOffline } from './groups/save-offline';
import { search } from './groups/search';
import { team } from './groups/team';
import { type BenchOptions, GROUP_NAMES, type GroupName, parseArgs } from './options';
import { type Figure, formatTable, type ResultsFile, unmeasured } from './results';

export const GROUPS: Record<GroupName, (ctx: BenchContext) => Promise<Figure[]>> = {
  lighthouse: lighthouseGroup,
  bytes,
  offline: offlineRepeat,
  save: saveOffline,
  search,
  gestures,
  interactions,
  'hire-pricing': hirePricing,
  moodboard: moodboardExport,
  load,
  proxy: proxyCache,
  reliability,
  fuzz,
  import: importGroup,
  availability,
  mail,
  team,
};

export async function runBench(options: BenchOptions): Promise<ResultsFile> {
  if (options.build) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  const chromiumChoice = await findChromium();
  const databaseFile = await copyTemplateDb(await createTemplateDb());
  // Limits far out of the way: the load, reliability and fuzz groups send thousands of requests a
  // minute from one address, and a 429 here would measure the limiter, not the path under test.
  const unlimited = Object.fromEntries(Object.keys(GENEROUS_LIMITS).map((name) => [name, '10000000/60']));
  // The server's lines go to a file, as a supervisor takes them: reading them here would load the
  // core the load runs from.
  const server = await startServerProcess(
    { DATABASE_URL: databaseFile, ...unlimited },
    { outputFile: path.join(path.dirname(databaseFile), 'server-output.log') },
  );
  const ctx = createBenchContext({
    baseUrl: server.url,
    databaseFile,
    serverPid: server.pid,
    chromiumPath: chromiumChoice.path,
    quick: Boolean(options.quick),
  });
  const names = options.only ?? [...GROUP_NAMES];
  const figures: Figure[] = [];
  let chromiumVersion = '';
  try {
    chromiumVersion = (await ctx.browser()).version();
    for (const name of names) {
      const started = Date.now();
      process.stdout.write(`${name}... `);
      try {
        figures.push(...(await GROUPS[name](ctx)));
        console.log(`${Math.round((Date.now() - started) / 1000)} s`);
      } catch (error) {
        console.log('failed');
        console.error(error);
        figures.push(unmeasured(name, 'group failed', String(error).slice(0, 300), false));
      }
    }
  } finally {
    await ctx.close();
    await server.stop();
  }
  let commit = '';
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT }).toString().trim();
  } catch {
    commit = 'unknown';
  }
  return {
    date: new Date().toISOString(),
    commit,
    machine: {
      cores: cpus().length,
      node: process.version,
      chromium: chromiumVersion,
      platform: `${process.platform}-${process.arch}`,
    },
    groups: names,
    figures,
  };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const results = await runBench(options);
  console.log(`\n${formatTable(results.figures)}\n`);
  const output = options.output ?? path.join(ROOT, 'bench', 'results.json');
  await mkdir(path.dirname(output), { recursive: true });
  await writeFile(output, `${JSON.stringify(results, null, 2)}\n`);
  const failed = results.figures.filter((f) => f.pass === false).length;
  console.log(
    `${results.figures.length} figures, ${failed} below target, in ${Math.round((Date.now() - started) / 1000)} s (${results.machine.cores} cores, Node ${results.machine.node}, Chromium ${results.machine.chromium}). Written to ${path.relative(ROOT, output)}.`,
  );
  process.exit(0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(ROOT, 'bench', 'run.ts')) void main();
