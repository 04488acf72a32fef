import { afterAll, describe, expect, inject, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../fixtures/server-process';
import { copyTemplateDb } from '../fixtures/test-db';

/**
 * Issue 63: a stop ends within its deadline whatever happens to the server's output. A server sent
 * SIGTERM while the reader of its output pipe went away (a supervisor or a `| tee` stopped with it)
 * stayed alive with its port and database, its main thread blocked writing its log.
 */
const SHUTDOWN_TIMEOUT_MS = 1_000;
const started: ServerProcess[] = [];
afterAll(async () => {
  for (const server of started) if (server.pid) await server.stop().catch(() => {});
});

/** The exit code, or 'alive' when the process is still running after `ms`. */
const exitWithin = (server: ServerProcess, ms: number) =>
  Promise.race([server.exited, new Promise<'alive'>((resolve) => setTimeout(() => resolve('alive'), ms).unref())]);

describe('a stop with nobody reading the output', () => {
  it('ends within SHUTDOWN_TIMEOUT_MS and a few seconds when the output pipe is closed as SIGTERM arrives', async () => {
    const server = await startServerProcess({
      DATABASE_URL: await copyTemplateDb(inject('templateDb')),
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    });
    started.push(server);
    // Traffic, so that there is log output waiting to be written.
    await Promise.all(Array.from({ length: 20 }, () => fetch(`${server.url}/api/product_groups?per_page=5`)));
    process.kill(server.pid, 'SIGTERM');
    server.closeOutput();
    // The stop's deadline is SHUTDOWN_TIMEOUT_MS and 5 s of grace: a second past it, it has ended.
    expect(await exitWithin(server, SHUTDOWN_TIMEOUT_MS + 6_000)).not.toBe('alive');
  });
});
