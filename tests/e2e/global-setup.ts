import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { GENEROUS_LIMITS, startServerProcess } from '../fixtures/server-process';
import { copyTemplateDb, createTemplateDb, ROOT } from '../fixtures/test-db';
import { everyChromium, findChromium } from './find-chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The live database of the suite's shared server: other tests' orders and queued emails land here. */
    databaseFile: string;
    /** The seeded database no server ever opened: copy this one for a server of a test's own. */
    templateDb: string;
    chromiumPath: string;
    /** Every Chromium on this machine (Debian's, when installed, and the packaged 143), for tests that must hold in both. */
    chromiumPaths: string[];
  }
}

/** Starts the real server (built app + API) on a free port over a fresh copy of the seeded database. */
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
  const databaseFile = await copyTemplateDb(templateDb);
  const server = await startServerProcess({ DATABASE_URL: databaseFile, ...GENEROUS_LIMITS });
  const baseUrl = server.url;
  project.provide('baseUrl', baseUrl);
  project.provide('databaseFile', databaseFile);
  return server.stop;
}
