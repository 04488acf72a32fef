import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { copyTemplateDb, createTemplateDb, ROOT, TEST_PHOTOS_DIR } from '../fixtures/test-db';
import { findChromium } from './find-chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseFile: string;
    chromiumPath: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForServer(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${log()}`);
    try {
      if ((await fetch(`${url}/api/product_groups?per_page=1`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not start:\n${log()}`);
}

/** Starts the real server (built app + API) on a free port over a fresh copy of the seeded database. */
export default async function setup(project: TestProject) {
  // Chosen (and unpacked, for the packaged one) once, before any test file starts a browser.
  const browser = await findChromium();
  console.log(`Browser tests use ${browser.path} (${browser.source})`);
  project.provide('chromiumPath', browser.path);
  if (!existsSync(path.join(ROOT, 'dist', 'index.html'))) {
    execFileSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
  const databaseFile = await copyTemplateDb(await createTemplateDb());
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseFile,
      PHOTOS_DIR: TEST_PHOTOS_DIR,
      RATE_LIMIT_ORDERS: '1000/60',
      RATE_LIMIT_CONTACT: '1000/60',
      RATE_LIMIT_EMAIL: '1000/60',
      RATE_LIMIT_EMAIL_RECIPIENT: '1000/60',
      RATE_LIMIT_LOOKUP: '1000/60',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForServer(baseUrl, child, () => output);
  project.provide('baseUrl', baseUrl);
  project.provide('databaseFile', databaseFile);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
}
