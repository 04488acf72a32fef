import type { Server } from 'node:http';
import { Worker } from 'node:worker_threads';

/** How long past SHUTDOWN_TIMEOUT_MS a stop may take (closing the database, the last log lines). */
export const STOP_GRACE_MS = 5_000;

/**
 * Ends the process `ms` from now if it is still running, from a thread of its own (issue 63): a main
 * thread blocked writing to an output pipe whose reader went away runs no timer and no signal
 * handler, so only another thread can end it. The watchdog keeps nothing alive by itself.
 */
export function startStopWatchdog(ms: number): void {
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     setTimeout(() => process.kill(process.pid, 'SIGKILL'), workerData.ms);`,
    { eval: true, workerData: { ms } },
  );
  worker.unref();
}

export interface GracefulStop {
  /** Requests received whose answer has not finished. */
  inFlight(): number;
  /**
   * Stops accepting connections, closes idle keep-alive ones, waits for the requests in flight (up to
   * timeoutMs), then cuts whatever is left and runs close(). Resolves with how many requests were cut.
   */
  stop(timeoutMs: number, close: () => Promise<void> | void): Promise<number>;
}

/**
 * Counts the requests in flight on an HTTP server so that a stop can let them finish. A request cut
 * at the deadline never gets its answer; one that writes to the database does so in a transaction,
 * so a cut request has either committed and been answered, or committed nothing (the database is
 * closed only after the connections, rolling back a transaction still open).
 */
export function gracefulStop(server: Server): GracefulStop {
  let inFlight = 0;
  let drained: (() => void) | null = null;
  server.on('request', (_request, response) => {
    inFlight++;
    response.once('close', () => {
      inFlight--;
      if (inFlight === 0) drained?.();
    });
  });

  let stopping: Promise<number> | null = null;
  return {
    inFlight: () => inFlight,
    stop(timeoutMs, close) {
      stopping ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        if (inFlight > 0) {
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([
            new Promise<void>((resolve) => (drained = resolve)),
            new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs))),
          ]);
          clearTimeout(timer);
        }
        const cut = inFlight;
        server.closeAllConnections();
        await closed;
        await close();
        return cut;
      })();
      return stopping;
    },
  };
}
