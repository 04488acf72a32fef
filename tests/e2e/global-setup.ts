import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { GENEROUS_LIMITS, startServerProcess } from '../fixtures/server-process';
import { copyTemplateDb, createTemplateDb, ROOT } from '../fixtures/test-db';
import { everyChromium, findChromium } from './find-chromium';

/** One of the suite's servers: the built app and API over a database of its own. */
export interface E2eServer {
  baseUrl: string;
  /** Its live database: the orders and queued emails of the test files run on it land here. */
  databaseFile: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker: the test files a worker runs, one after another, share its server. */
    servers: E2eServer[];
    /** The seeded database no server ever opened: copy this one for a server of a test's own. */
    templateDb: string;
    chromiumPath: string;
    /** Every Chromium on this machine (Debian's, when installed, and the packaged 143), for tests that must hold in both. */
    chromiumPaths: string[];
  }
}

/**
 * Starts the real server (built app + API) once for each of the project's workers, each on a free
 * port over a fresh copy of the seeded database: two files that run at once never share a server,
 * and the files one worker runs share one, one after another.
 */
export default async function setup(project: TestProject) {
  // Chosen (and unpacked, for the packaged one) once, before any test file starts a browser.
  const browser = await findChromium();
  console.log(`Browser tests use ${browser.path} (${browser.source})`);
  project.provide('chromiumPath', browser.path);
  project.provide('chromiumPaths', await everyChromium(browser.path));
  if (!existsSync(path.join(ROOT, 'dist', '.vite', 'manifest.json'))) {
    execFileSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
  const templateDb = await createTemplateDb();
  project.provide('templateDb', templateDb);
  const workers = Math.max(1, project.config.maxWorkers);
  const starts = await Promise.allSettled(
    Array.from({ length: workers }, async () => {
      const databaseFile = await copyTemplateDb(templateDb);
      const server = await startServerProcess({ DATABASE_URL: databaseFile, ...GENEROUS_LIMITS });
      return { server, databaseFile };
    }),
  );
  const started = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
  const failed = starts.find((start) => start.status === 'rejected');
  if (failed) {
    // One server that did not start fails the run; the ones that did are not left running.
    await Promise.all(started.map(({ server }) => server.stop()));
    throw failed.reason;
  }
  project.provide(
    'servers',
    started.map(({ server, databaseFile }) => ({ baseUrl: server.url, databaseFile })),
  );
  return async () => {
    await Promise.all(started.map(({ server }) => server.stop()));
  };
}
