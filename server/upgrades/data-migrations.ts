import { eq, sql } from 'drizzle-orm';
import { parseBusinessFile } from '../../src/lib/api-contract/business-file';
import { createBooking } from '../booking';
import type { DataMigration } from '../db/data-migrations';
import { businessSettings, categories } from '../db/schema';
import { log } from '../observability/logger';
import demoBusiness from '../seed/demo-business.json';
import { DEMO_CATEGORIES } from '../seed/demo-categories';
import { HIRE_DAYS_BEFORE_SETTINGS, holdLegacyRequests } from './legacy-holds';

/** Data migrations, oldest first: each runs once, after the SQL migrations (see data-migrations.ts). */
export const DATA_MIGRATIONS: DataMigration[] = [
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
