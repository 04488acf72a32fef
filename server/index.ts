import { createApp } from './app';
import { createCatalogueCache } from './cache/catalogue-cache';
import { loadConfig } from './config';
import { openDb } from './db/client';
import { seedCatalogue } from './db/seed/seed';
import { createHttpServer } from './http-server';
import { purgeExpiredIdempotencyKeys } from './middleware/idempotency';
import { startHoldSweeper } from './services/holds';
import { gracefulStop } from './shutdown';

const config = loadConfig();
const started = Date.now();
const db = await openDb({
  url: config.databaseUrl,
  authToken: config.databaseAuthToken,
  synchronous: config.sqliteSynchronous,
});
const seeded = await seedCatalogue(db, { photosDir: config.photosDir, catalogueDir: config.catalogueDir });
if (seeded) {
  console.log(
    `Seeded ${config.catalogueDir ? `the catalogue of ${config.catalogueDir}` : 'the demo catalogue'}: ${seeded.productGroups} product groups, ${seeded.products} products, ${seeded.bundles} bundles, ${seeded.photos} photos (${Date.now() - started} ms)`,
  );
}
await purgeExpiredIdempotencyKeys(db);
const purge = setInterval(() => purgeExpiredIdempotencyKeys(db).catch(console.error), 6 * 60 * 60 * 1000);
purge.unref();

const cache = createCatalogueCache(db, {
  maxBytes: config.catalogueCacheBytes,
  versionCheckMs: config.catalogueVersionCheckMs,
});
// Lapsed holds are released every minute: dated availability shows them free within that time.
startHoldSweeper(db, 60_000, () => cache.version.refresh());
const app = createApp({ db, config, cache });
const server = await createHttpServer(app, cache);
server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Storefront ready on http://${config.host}:${port}`);
});
const lifecycle = gracefulStop(server);

/**
 * SIGTERM or SIGINT: stop accepting, let the requests in flight finish (SHUTDOWN_TIMEOUT_MS), then
 * close the database and exit. A second signal exits at once.
 */
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (process.exitCode !== undefined) process.exit(1);
    process.exitCode = 0;
    console.log(`${signal}: stopping, ${lifecycle.inFlight()} requests in flight`);
    lifecycle
      .stop(config.shutdownTimeoutMs, () => db.$client.close())
      .then((cut) => {
        console.log(cut ? `Stopped; ${cut} requests cut at the deadline` : 'Stopped');
        process.exit(cut ? 1 : 0);
      })
      .catch((error) => {
        console.error('Stopping failed:', error);
        process.exit(1);
      });
  });
}
