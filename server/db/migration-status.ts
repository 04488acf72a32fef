import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@libsql/client';

export interface MigrationStatus {
  /** Migrations this release has, oldest first (their tags, e.g. 0010_team). */
  known: string[];
  /** Those the database has applied. */
  applied: string[];
  /** Those it has not: they run at the next start. */
  pending: string[];
  /** Migrations the database has that this release does not know: it was written by a newer one. */
  newer: number;
}

interface Journal {
  entries: { tag: string; when: number }[];
}

/**
 * Which of this release's SQL migrations a database has applied, read without changing it. Drizzle
 * records each applied migration with its folder time (`when` in the journal), and applies those
 * newer than the last one recorded: the same rule here.
 */
export async function migrationStatus(client: Client, migrationsFolder: string): Promise<MigrationStatus> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const table = await client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'",
  );
  const recorded =
    table.rows.length === 0
      ? []
      : (await client.execute('SELECT created_at FROM __drizzle_migrations ORDER BY created_at')).rows.map((row) =>
          Number(row.created_at),
        );
  const last = recorded.at(-1) ?? -1;
  const known = journal.entries.map((entry) => entry.tag);
  const applied = journal.entries.filter((entry) => entry.when <= last).map((entry) => entry.tag);
  const pending = journal.entries.filter((entry) => entry.when > last).map((entry) => entry.tag);
  const newestKnown = journal.entries.at(-1)?.when ?? -1;
  return { known, applied, pending, newer: recorded.filter((when) => when > newestKnown).length };
}
