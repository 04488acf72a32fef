import type { Db } from './database';
import { dataMigrations } from './schema';

/** What a data migration may need to know of the shop. */
export interface DataMigrationContext {
  /** Days a request holds its items (HOLD_DAYS). */
  holdDays: number;
  now: Date;
}

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DataMigration {
  /** Unique and never reused: it is recorded once run. */
  name: string;
  /** Runs inside one write transaction with its record: both commit, or neither. */
  run(db: Db, tx: Transaction, context: DataMigrationContext): Promise<void>;
}

/**
 * Runs each data migration not yet recorded, once, after the SQL migrations: each in a write
 * transaction that first claims its name, so processes starting together run it once.
 */
export async function runDataMigrations(db: Db, migrations: DataMigration[], context: DataMigrationContext) {
  const done = new Set((await db.select({ name: dataMigrations.name }).from(dataMigrations)).map((row) => row.name));
  for (const migration of migrations.filter((m) => !done.has(m.name))) {
    await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(dataMigrations)
        .values({ name: migration.name, ranAt: context.now.toISOString() })
        .onConflictDoNothing()
        .returning({ name: dataMigrations.name });
      if (claimed.length === 0) return;
      await migration.run(db, tx, context);
    });
  }
}
