import { createClient } from '@libsql/client';
import { exitOnConfigError, loadConfig } from '../config';
import { migrationsFolder, resolveDatabaseUrl } from '../db/client';
import { migrationStatus } from '../db/migration-status';
import { backup } from '../ops/backup';
import { restore } from '../ops/restore';
import { resolveActionSecret } from '../services/action-tokens';
import { DATA_MIGRATION_NAMES, openConfiguredDb } from '../upgrades/open-db';

const USAGE = `Usage:
  npm run backup -- <dir>        a consistent backup of the database, photos, action secret and settings into <dir> (new or empty)
  npm run restore -- <dir>       restores the backup in <dir> into an empty data folder (DATABASE_URL, PHOTOS_DIR, DATA_DIR)
  npm run migrate                brings the database of DATABASE_URL up to this release
  npm run migrate -- --check     lists the migrations this release would apply, changing nothing (exit 1 when some are pending)`;

const [command, ...rest] = process.argv.slice(2);
const config = exitOnConfigError(() => loadConfig());

async function pendingDataMigrations(url: string, authToken?: string): Promise<string[]> {
  const client = createClient({ url: resolveDatabaseUrl(url), authToken });
  try {
    const table = await client.execute("SELECT 1 FROM sqlite_master WHERE name = 'data_migrations'");
    if (table.rows.length === 0) return DATA_MIGRATION_NAMES;
    const done = new Set((await client.execute('SELECT name FROM data_migrations')).rows.map((r) => String(r.name)));
    return DATA_MIGRATION_NAMES.filter((name) => !done.has(name));
  } finally {
    client.close();
  }
}

async function main(): Promise<number> {
  if (command === 'backup' && rest.length === 1 && rest[0]) {
    const started = Date.now();
    const manifest = await backup(
      {
        databaseUrl: config.databaseUrl,
        authToken: config.databaseAuthToken,
        photosDir: config.photosDir,
        actionSecret: resolveActionSecret(config.actionSecret, config.dataDir),
      },
      rest[0],
    );
    const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
    console.log(
      `Backed up into ${rest[0]}: ${manifest.rows.orders ?? 0} orders, ${manifest.rows.email_outbox ?? 0} emails, ${manifest.files.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${Date.now() - started} ms`,
    );
    return 0;
  }
  if (command === 'restore' && rest.length === 1 && rest[0]) {
    const manifest = await restore(rest[0], {
      databaseUrl: config.databaseUrl,
      authToken: config.databaseAuthToken,
      photosDir: config.photosDir,
      dataDir: config.dataDir,
    });
    console.log(
      `Restored the backup of ${manifest.createdAt}: ${manifest.rows.orders ?? 0} orders, ${manifest.files.length} files checked${manifest.emailsDue ? `, ${manifest.emailsDue} email${manifest.emailsDue === 1 ? '' : 's'} waiting to be sent as soon as the server starts` : ''}. Start the server with the same DATABASE_URL, PHOTOS_DIR and DATA_DIR.`,
    );
    return 0;
  }
  if (command === 'migrate' && (rest.length === 0 || (rest.length === 1 && rest[0] === '--check'))) {
    if (rest[0] === '--check') {
      const client = createClient({ url: resolveDatabaseUrl(config.databaseUrl), authToken: config.databaseAuthToken });
      const status = await migrationStatus(client, migrationsFolder).finally(() => client.close());
      const data = await pendingDataMigrations(config.databaseUrl, config.databaseAuthToken);
      if (status.newer > 0) {
        console.log(
          `The database has ${status.newer} migrations this release does not know: it was written by a newer release.`,
        );
      }
      console.log(`Applied: ${status.applied.length} of ${status.known.length} schema migrations.`);
      if (status.pending.length === 0 && data.length === 0) {
        console.log('Pending: none. The database is up to date.');
        return 0;
      }
      for (const tag of status.pending) console.log(`Pending: ${tag}`);
      for (const name of data) console.log(`Pending data migration: ${name}`);
      return 1;
    }
    const db = await openConfiguredDb(config);
    db.$client.close();
    console.log('The database is up to date.');
    return 0;
  }
  console.error(USAGE);
  return 2;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
