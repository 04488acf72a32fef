import { serve } from '@hono/node-server';
import { createApp } from './app';
import { loadConfig } from './config';
import { openDb } from './db/client';
import { seedCatalogue } from './db/seed/seed';
import { purgeExpiredIdempotencyKeys } from './middleware/idempotency';

const config = loadConfig();
const started = Date.now();
const db = await openDb({ url: config.databaseUrl, authToken: config.databaseAuthToken });
const seeded = await seedCatalogue(db, { photosDir: config.photosDir });
if (seeded) {
  console.log(
    `Seeded the demo catalogue: ${seeded.productGroups} product groups, ${seeded.products} products, ${seeded.bundles} bundles, ${seeded.photos} photos (${Date.now() - started} ms)`,
  );
}
await purgeExpiredIdempotencyKeys(db);
const purge = setInterval(() => purgeExpiredIdempotencyKeys(db).catch(console.error), 6 * 60 * 60 * 1000);
purge.unref();

const app = createApp({ db, config });
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  console.log(`Storefront ready on http://${config.host}:${info.port}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close(() => {
      db.$client.close();
      process.exit(0);
    });
    setTimeout(() => process.exit(0), 3000).unref();
  });
}
