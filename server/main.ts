import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createApp } from './app';
import { createServices } from './app-services';
import { startBackground } from './background';
import { exitOnConfigError, loadConfig } from './config';
import { createHttpServer } from './http-server';
import { abandonBlockedOutput, createLogger, setProcessLogger } from './observability/logger';
import { createMetrics } from './observability/metrics';
import type { DevRendering } from './render/page-routes';
import { seedCatalogue } from './seed/seed';
import { gracefulStop, STOP_GRACE_MS, startStopWatchdog } from './shutdown';
import { openConfiguredDb } from './upgrades/open-db';

/** What `npm run dev` adds (server/dev-server.ts): Vite's modules, hot reload and renderer. */
export interface DevHooks {
  rendering: DevRendering;
  /** Vite's middleware: its modules and client, before the app. */
  middleware: (request: IncomingMessage, response: ServerResponse, next: () => void) => void;
  /** Called with the HTTP server before it listens: Vite's hot-reload socket shares its port. */
  attach(server: Server): Promise<void>;
}

/**
 * The server: opens the database (seeding an empty one), builds the services once, starts the
 * background work (server/background.ts) and serves the app until SIGTERM or SIGINT.
 */
export async function startServer(options: { dev?: DevHooks } = {}): Promise<void> {
  // A setting that is missing or wrong stops the start here, naming each one.
  const config = exitOnConfigError(() => loadConfig());
  const started = Date.now();
  // JSON lines on standard output (LOG_LEVEL), each request's id on every line written while answering it.
  const logger = createLogger({ level: config.logLevel });
  setProcessLogger(logger);
  const metrics = createMetrics();
  const db = await openConfiguredDb(config);
  const seeded = await seedCatalogue(db, { photosDir: config.photosDir, catalogueDir: config.catalogueDir });
  if (seeded) {
    logger.info(
      `Seeded ${config.catalogueDir ? `the catalogue of ${config.catalogueDir}` : 'the demo catalogue'}: ${seeded.productGroups} product groups, ${seeded.products} products, ${seeded.bundles} bundles, ${seeded.photos} photos (${Date.now() - started} ms)`,
    );
  }
  // Mail waits while requests are being answered (at most 2 s a batch): shoppers come first.
  let requestsInFlight = () => 0;
  const services = createServices({ db, config, logger, metrics });
  // The business's stored settings before anything runs: no page, email or sweep on the defaults.
  await services.settings.fresh();
  const background = startBackground(services, { busy: () => requestsInFlight() > 0 });
  const app = createApp(services, options.dev?.rendering);
  const server = await createHttpServer(app, services.catalogue, {
    logger,
    metrics,
    before: options.dev?.middleware,
  });
  await options.dev?.attach(server);
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info(`Storefront ready on http://${config.host}:${port}`);
  });
  const lifecycle = gracefulStop(server);
  requestsInFlight = lifecycle.inFlight;

  /**
   * SIGTERM or SIGINT: stop accepting, let the requests in flight finish (SHUTDOWN_TIMEOUT_MS), stop
   * every background loop and let its work under way finish (the emails being sent; the rest wait in
   * the queue for the next start), then close the database and exit. A second signal exits at once.
   */
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (process.exitCode !== undefined) process.exit(1);
      process.exitCode = 0;
      // Whatever happens to the output or the work under way, the process ends by the deadline.
      startStopWatchdog(config.shutdownTimeoutMs + STOP_GRACE_MS);
      abandonBlockedOutput();
      logger.info(`${signal}: stopping, ${lifecycle.inFlight()} requests in flight`);
      lifecycle
        .stop(config.shutdownTimeoutMs, async () => {
          await background.stop(config.shutdownTimeoutMs);
          db.$client.close();
        })
        .then((cut) => {
          logger.info(cut ? `Stopped; ${cut} requests cut at the deadline` : 'Stopped');
          logger.flush(() => process.exit(cut ? 1 : 0));
        })
        .catch((error) => {
          logger.error({ err: error }, 'Stopping failed');
          logger.flush(() => process.exit(1));
        });
    });
  }
}
