import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Client, createClient } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import * as schema from './schema';
import { takeWriteTurns } from './write-turns';

export type Db = LibSQLDatabase<typeof schema> & { $client: Client };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Turns DATABASE_URL (or a bare path) into a libSQL URL, creating the folder of a local file. */
export function resolveDatabaseUrl(url: string): string {
  if (/^(libsql|https?|wss?):\/\//.test(url) || url === ':memory:') return url;
  const filePath = url.startsWith('file:') ? url.slice('file:'.length) : url;
  mkdirSync(path.dirname(path.resolve(filePath)), { recursive: true });
  return `file:${filePath}`;
}

export interface OpenDbOptions {
  url: string;
  authToken?: string;
}

/** Opens the database (embedded file or libSQL server) and brings its schema up to date. */
export async function openDb({ url, authToken }: OpenDbOptions): Promise<Db> {
  // `timeout`: every pooled connection to a file waits up to 5 s for the writer (a PRAGMA reaches one
  // connection only), so concurrent write transactions queue instead of failing with SQLITE_BUSY.
  const client = createClient({ url: resolveDatabaseUrl(url), authToken, timeout: 5000 });
  if (client.protocol === 'file') {
    takeWriteTurns(client);
    // WAL lets readers run beside the single writer; busy_timeout queues concurrent writers.
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA busy_timeout = 5000');
    await client.execute('PRAGMA foreign_keys = ON');
  }
  const db = drizzle(client, { schema }) as Db;
  await migrate(db, { migrationsFolder });
  return db;
}
