import type { Client, InValue } from '@libsql/client';

/** Rows read and written per statement batch while copying. */
const PAGE_ROWS = 500;

interface SchemaObject {
  type: 'table' | 'index' | 'trigger' | 'view';
  name: string;
  sql: string;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Copies a whole database from one libSQL client to another, empty one, as one consistent read: the
 * source is read inside a single read transaction (a snapshot: writes that commit meanwhile are not
 * seen), the target written in one write transaction. Tables first, then their rows, then indexes and
 * triggers (so the catalogue-version triggers do not fire on the copy). Answers the rows per table.
 *
 * This is how a database on a libSQL server (sqld) is backed up and restored; an embedded file is
 * copied by SQLite itself (VACUUM INTO), which gives the same result faster.
 */
export async function copyDatabase(from: Client, to: Client): Promise<Record<string, number>> {
  const existing = await to.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
  if (existing.rows.length > 0) throw new Error('The target database is not empty: restore only into an empty one');
  const read = await from.transaction('read');
  const counts: Record<string, number> = {};
  try {
    const schema = (
      await read.execute(
        "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid",
      )
    ).rows.map((row) => ({ type: row.type, name: row.name, sql: row.sql }) as unknown as SchemaObject);
    const tables = schema.filter((object) => object.type === 'table');
    const write = await to.transaction('write');
    try {
      // Rows go in table by table; their references hold once all are in, which is when this checks.
      await write.execute('PRAGMA defer_foreign_keys = ON');
      for (const table of tables) await write.execute(table.sql);
      for (const table of [...tables, { name: 'sqlite_sequence' }]) {
        if (table.name === 'sqlite_sequence') {
          const has = await read.execute("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'");
          if (has.rows.length === 0) continue;
        }
        counts[table.name] = 0;
        // The target counted its own inserts into AUTOINCREMENT tables: the source's counters stand.
        if (table.name === 'sqlite_sequence') await write.execute('DELETE FROM sqlite_sequence');
        // Pages by rowid: every table here has one (none is WITHOUT ROWID).
        let after: InValue = Number.MIN_SAFE_INTEGER;
        for (;;) {
          const page = await read.execute({
            sql: `SELECT rowid AS __rowid, * FROM ${quote(table.name)} WHERE rowid > ? ORDER BY rowid LIMIT ${PAGE_ROWS}`,
            args: [after],
          });
          if (page.rows.length === 0) break;
          const columns = page.columns.slice(1);
          const insert = `INSERT INTO ${quote(table.name)} (${columns.map(quote).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
          await write.batch(
            page.rows.map((row) => ({ sql: insert, args: columns.map((column) => row[column] as InValue) })),
          );
          counts[table.name] = (counts[table.name] ?? 0) + page.rows.length;
          after = page.rows.at(-1)?.__rowid as InValue;
          if (page.rows.length < PAGE_ROWS) break;
        }
      }
      for (const object of schema.filter((o) => o.type !== 'table')) await write.execute(object.sql);
      await write.commit();
    } finally {
      write.close();
    }
  } finally {
    read.close();
  }
  return counts;
}

/** Rows per table of a database (the backup's manifest records them; a restore is checked against them). */
export async function countRows(client: Client): Promise<Record<string, number>> {
  const tables = await client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND (name NOT LIKE 'sqlite_%' OR name = 'sqlite_sequence') ORDER BY name",
  );
  const counts: Record<string, number> = {};
  for (const row of tables.rows) {
    const name = String(row.name);
    const result = await client.execute(`SELECT COUNT(*) AS n FROM ${quote(name)}`);
    counts[name] = Number(result.rows[0]?.n ?? 0);
  }
  return counts;
}
