import type { ServerConfig } from '../config';
import { type Db, type OpenDbOptions, openDatabase } from '../db/client';
import { DATA_MIGRATIONS } from './data-migrations';

export { DATA_MIGRATION_NAMES } from './data-migrations';

/**
 * Opens the shop's database as this release needs it: the SQL migrations, then this release's data
 * migrations (which use the booking rules and the demo's files, so the database layer itself does not
 * import them). Every process and command-line tool opens the database here.
 */
export function openDb(options: Omit<OpenDbOptions, 'dataMigrations'>): Promise<Db> {
  return openDatabase({ ...options, dataMigrations: DATA_MIGRATIONS });
}

/** The database the configuration names (DATABASE_URL and its settings): the server and every command-line tool. */
export const openConfiguredDb = (
  config: Pick<ServerConfig, 'databaseUrl' | 'databaseAuthToken' | 'sqliteSynchronous' | 'holdDays'>,
): Promise<Db> =>
  openDb({
    url: config.databaseUrl,
    authToken: config.databaseAuthToken,
    synchronous: config.sqliteSynchronous,
    holdDays: config.holdDays,
  });
