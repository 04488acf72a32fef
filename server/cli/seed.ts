import { loadConfig } from '../config';
import { seedCatalogue } from '../seed/seed';
import { openDb } from '../upgrades/open-db';

const config = loadConfig();
const db = await openDb({
  url: config.databaseUrl,
  authToken: config.databaseAuthToken,
  synchronous: config.sqliteSynchronous,
  holdDays: config.holdDays,
});
const summary = await seedCatalogue(db, { photosDir: config.photosDir, catalogueDir: config.catalogueDir });
console.log(summary ? `Seeded: ${JSON.stringify(summary)}` : 'The catalogue is already seeded: nothing to do.');
db.$client.close();
