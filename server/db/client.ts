import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@libsql/client';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { parseBusinessFile } from '../../src/lib/api-contract/business-file';
import { createBooking } from '../booking';
import { HIRE_DAYS_BEFORE_SETTINGS, holdLegacyRequests } from '../booking/legacy-holds';
import { log } from '../observability/logger';
import { type DataMigration, runDataMigrations } from './data-migrations';
import type { Db } from './database';
import * as schema from './schema';
import { businessSettings, categories } from './schema';
import demoBusiness from './seed/demo-business.json';
import { DEMO_CATEGORIES } from './seed/demo-categories';
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
}

/** Data migrations, oldest first: each runs once, after the SQL migrations (see data-migrations.ts). */
const DATA_MIGRATIONS: DataMigration[] = [
  {
    name: '0006_legacy_holds',
    run: async (db, tx, { holdDays, now }) => {
      const done = await holdLegacyRequests(
        db,
        tx,
        createBooking({ settings: () => ({ holdDays, hireDays: HIRE_DAYS_BEFORE_SETTINGS }), clock: () => now }),
        now,
      );
      if (done.held + done.wanted > 0) {
        log().info(
          `Upgrade: ${done.held} open requests from before holds hold their items again; ${done.wanted} need manual processing`,
        );
      }
    },
  },
  {
    // Settings came from code before issue 32: a database seeded with the demo keeps the demo's.
    name: '0008_demo_business_settings',
    run: async (_db, tx, { now }) => {
      const demo = await tx.all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM products WHERE sku LIKE 'DEMO-%'`);
      if (Number(demo[0]?.n ?? 0) === 0) return;
      if (!parseBusinessFile(demoBusiness).settings) return;
      await tx
        .insert(businessSettings)
        .values({ id: 1, settings: demoBusiness, logo: null, updatedAt: now.toISOString() })
        .onConflictDoNothing();
    },
  },
  {
    // The Hire menu came from code before issue 32: a database seeded with the demo gets its categories.
    name: '0009_demo_categories',
    run: async (_db, tx) => {
      const demo = await tx.all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM products WHERE sku LIKE 'DEMO-%'`);
      if (Number(demo[0]?.n ?? 0) === 0) return;
      const stored = await tx.select({ key: categories.key }).from(categories).limit(1);
      if (stored.length > 0) return;
      await tx
        .insert(categories)
        .values(
          DEMO_CATEGORIES.map((c) => ({ ...c, parent: c.parent || null, description: '', photo: null, oldKeys: [] })),
        );
    },
  },
  {
    // The terms page was code before issue 32: a demo database whose settings have no terms gets the demo's.
    name: '0009_demo_terms',
    run: async (_db, tx, { now }) => {
      const demo = await tx.all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM products WHERE sku LIKE 'DEMO-%'`);
      if (Number(demo[0]?.n ?? 0) === 0) return;
      const [row] = await tx.select().from(businessSettings).where(eq(businessSettings.id, 1));
      if (!row || 'terms' in row.settings) return;
      await tx
        .update(businessSettings)
        .set({ settings: { ...row.settings, terms: demoBusiness.terms }, updatedAt: now.toISOString() })
        .where(eq(businessSettings.id, 1));
    },
  },
  {
    // Services and the collage were code before issue 32, their photos drawn apart from the
    // catalogue: a demo database gets the demo's, pointing at the photos it already has.
    name: '0009_demo_site',
    run: async (_db, tx, { now }) => {
      const demo = await tx.all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM products WHERE sku LIKE 'DEMO-%'`);
      if (Number(demo[0]?.n ?? 0) === 0) return;
      const [row] = await tx.select().from(businessSettings).where(eq(businessSettings.id, 1));
      if (!row || 'services' in row.settings || 'collage' in row.settings) return;
      const photos: Record<string, string> = {};
      for (const entry of demoBusiness.collage) {
        const key = /photos\/([^/]+)\//.exec(entry.photo)?.[1];
        if (key) photos[entry.photo] = `/photos/collage/large_${key}.webp`;
      }
      for (const service of demoBusiness.services) {
        for (const [index, photo] of service.photos.entries()) {
          photos[photo] = `/photos/service-${service.slug}/large_${service.slug}-${index + 1}.webp`;
        }
      }
      await tx
        .update(businessSettings)
        .set({
          settings: { ...row.settings, services: demoBusiness.services, collage: demoBusiness.collage },
          photos: { ...row.photos, ...photos },
          updatedAt: now.toISOString(),
        })
        .where(eq(businessSettings.id, 1));
    },
  },
];

/** The data migrations' names, oldest first (`npm run migrate -- --check` lists those not yet run). */
export const DATA_MIGRATION_NAMES = DATA_MIGRATIONS.map((migration) => migration.name);

/** Opens the database (embedded file or libSQL server) and brings its schema up to date. */
export async function openDb({
  url,
  authToken,
  synchronous = 'NORMAL',
  holdDays = 7,
  now = new Date(),
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
  await runDataMigrations(db, DATA_MIGRATIONS, { holdDays, now });
  return db;
}
