import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { createApp } from './app';
import { createCatalogueCache } from './cache/catalogue-cache';
import { loadConfig } from './config';
import { openDb } from './db/client';
import { seedCatalogue } from './db/seed/seed';
import { createHttpServer } from './http-server';
import { startMailSender } from './mail/sender';
import { folderTransport, smtpTransport } from './mail/transport';
import { purgeExpiredIdempotencyKeys } from './middleware/idempotency';
import { createLogger, setProcessLogger } from './observability/logger';
import { createMetrics } from './observability/metrics';
import { startScheduledBackups } from './ops/schedule';
import type { DevRendering } from './render/page-routes';
import { resolveActionSecret } from './services/action-tokens';
import { startBookingSweeper } from './services/booking-sweeper';
import { shopBooking } from './services/shop-booking';
import { gracefulStop } from './shutdown';

/** What `npm run dev` adds (server/dev-server.ts): Vite's modules, hot reload and renderer. */
export interface DevHooks {
  rendering: DevRendering;
  /** Vite's middleware: its modules and client, before the app. */
  middleware: (request: IncomingMessage, response: ServerResponse, next: () => void) => void;
  /** Called with the HTTP server before it listens: Vite's hot-reload socket shares its port. */
  attach(server: Server): Promise<void>;
}

/**
 * The server: opens the database (seeding an empty one), starts the mail sender, the booking sweeper
 * and scheduled backups, and serves the app until SIGTERM or SIGINT.
 */
export async function startServer(options: { dev?: DevHooks } = {}): Promise<void> {
  // A setting that is missing or wrong stops the start here, naming each one.
  const config = loadConfig();
  const started = Date.now();
  // JSON lines on standard output (LOG_LEVEL), each request's id on every line written while answering it.
  const logger = createLogger({ level: config.logLevel });
  setProcessLogger(logger);
  const metrics = createMetrics();
  const db = await openDb({
    url: config.databaseUrl,
    authToken: config.databaseAuthToken,
    synchronous: config.sqliteSynchronous,
    holdDays: config.holdDays,
  });
  const seeded = await seedCatalogue(db, { photosDir: config.photosDir, catalogueDir: config.catalogueDir });
  if (seeded) {
    logger.info(
      `Seeded ${config.catalogueDir ? `the catalogue of ${config.catalogueDir}` : 'the demo catalogue'}: ${seeded.productGroups} product groups, ${seeded.products} products, ${seeded.bundles} bundles, ${seeded.photos} photos (${Date.now() - started} ms)`,
    );
  }
  await purgeExpiredIdempotencyKeys(db);
  const purge = setInterval(
    () =>
      purgeExpiredIdempotencyKeys(db).catch((error) =>
        logger.error({ err: error }, 'Purging expired idempotency keys failed'),
      ),
    6 * 60 * 60 * 1000,
  );
  purge.unref();

  const mailDir = path.join(config.dataDir, 'mail');
  if (!config.smtpUrl) {
    logger.warn(`No SMTP_URL: emails are not sent, only written to ${mailDir} (one .eml file each)`);
  }
  // Mail waits while requests are being answered (at most 2 s a batch): shoppers come first.
  let requestsInFlight = () => 0;
  const mail = startMailSender({
    db,
    transport: config.smtpUrl ? smtpTransport(config.smtpUrl) : folderTransport(mailDir),
    from: config.mailFrom,
    busy: () => requestsInFlight() > 0,
  });

  const cache = createCatalogueCache(db, {
    maxBytes: config.catalogueCacheBytes,
    versionCheckMs: config.catalogueVersionCheckMs,
  });
  const booking = shopBooking(cache.business);
  const secret = resolveActionSecret(config.actionSecret, config.dataDir);
  // Lapsed holds lapse every minute (dated availability shows them free within that time); the team is
  // reminded a day before a hold lapses and when it has.
  startBookingSweeper({
    db,
    booking,
    config,
    secret,
    clock: () => new Date(),
    business: cache.business.current,
    holdsChanged: () => cache.version.refresh(),
    mailQueued: mail.wake,
  });
  const app = createApp({
    db,
    config,
    cache,
    booking,
    mailQueued: mail.wake,
    logger,
    metrics,
    dev: options.dev?.rendering,
  });
  const server = await createHttpServer(app, cache, { logger, metrics, before: options.dev?.middleware });
  await options.dev?.attach(server);
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info(`Storefront ready on http://${config.host}:${port}`);
  });
  const stopBackups = config.backup
    ? startScheduledBackups({
        ...config.backup,
        sources: {
          databaseUrl: config.databaseUrl,
          authToken: config.databaseAuthToken,
          photosDir: config.photosDir,
          actionSecret: secret,
        },
        logger,
      })
    : () => {};
  const lifecycle = gracefulStop(server);
  requestsInFlight = lifecycle.inFlight;

  /**
   * SIGTERM or SIGINT: stop accepting, let the requests in flight finish (SHUTDOWN_TIMEOUT_MS), let the
   * emails being sent finish (the rest wait in the queue for the next start), then close the database
   * and exit. A second signal exits at once.
   */
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (process.exitCode !== undefined) process.exit(1);
      process.exitCode = 0;
      logger.info(`${signal}: stopping, ${lifecycle.inFlight()} requests in flight`);
      stopBackups();
      lifecycle
        .stop(config.shutdownTimeoutMs, async () => {
          await mail.stop(config.shutdownTimeoutMs);
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
