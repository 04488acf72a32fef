import { exitOnConfigError, loadConfig } from '../config';
import { seedCatalogue } from '../seed/seed';
import { openConfiguredDb } from '../upgrades/open-db';

const config = exitOnConfigError(() => loadConfig());
const db = await openConfiguredDb(config);
const summary = await seedCatalogue(db, { photosDir: config.photosDir, catalogueDir: config.catalogueDir });
console.log(summary ? `Seeded: ${JSON.stringify(summary)}` : 'The catalogue is already seeded: nothing to do.');
db.$client.close();
