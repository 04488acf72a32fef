import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { type DataMigration, runDataMigrations } from './data-migrations';
import type { Db } from './database';
import * as schema from './schema';
import { takeWriteTurns } from './write-turns';

export type { Db } from './database';

/** The SQL migrations: beside this file in the source, beside the bundle once built. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * True for an embedded database file: one process owns it, so what processes would otherwise share
 * through the database (rate-limit counters, idempotency claims) can live in memory.
 */
export const isEmbedded = (db: Db): boolean => db.$client.protocol === 'file';

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
  /** An embedded file's commits: see SQLITE_SYNCHRONOUS in the README. */
  synchronous?: 'NORMAL' | 'FULL';
  /** Days a request holds its items (HOLD_DAYS), for data migrations that give requests their holds. */
  holdDays?: number;
  /** The time data migrations take as now (tests move it). */
  now?: Date;
  /**
   * This release's data migrations, oldest first, run once each after the SQL migrations. The
   * composition root passes them (server/upgrades/open-db.ts): they use rules above the database.
   */
  dataMigrations?: DataMigration[];
}

/** Opens the database (embedded file or libSQL server) and brings its schema up to date. */
export async function openDatabase({
  url,
  authToken,
  synchronous = 'NORMAL',
  holdDays = 7,
  now = new Date(),
  dataMigrations = [],
}: OpenDbOptions): Promise<Db> {
  // `timeout`: every pooled connection to a file waits up to 5 s for another process's writer.
  const resolved = resolveDatabaseUrl(url);
  const client = createClient({ url: resolved, authToken, timeout: 5000 });
  if (client.protocol === 'file' && resolved !== ':memory:') {
    // WAL lets readers run beside the single writer; it is a setting of the file.
    await client.execute('PRAGMA journal_mode = WAL');
    // All of this process's writes go through one connection, so its settings hold for every write:
    // foreign keys; busy_timeout to queue behind other processes; synchronous = NORMAL, which in WAL
    // mode keeps the file consistent through any crash and loses no commit when the app crashes, but
    // may lose the last commits on a power cut (SQLite's recommended setting for WAL; FULL adds an
    // fsync to every commit: about 0.7 ms an order here). `SQLITE_SYNCHRONOUS=FULL` chooses it.
    const writer = createClient({ url: resolved, timeout: 5000, concurrency: 1 });
    await writer.execute('PRAGMA busy_timeout = 5000');
    await writer.execute('PRAGMA foreign_keys = ON');
    await writer.execute(`PRAGMA synchronous = ${synchronous === 'FULL' ? 'FULL' : 'NORMAL'}`);
    takeWriteTurns(client, writer);
  }
  const db = drizzle(client, { schema }) as Db;
  await migrate(db, { migrationsFolder });
  await runDataMigrations(db, dataMigrations, { holdDays, now });
  return db;
}
