import { eq } from 'drizzle-orm';
import { defaultBusinessSettings, parseBusinessFile, settingsOf } from '../../src/lib/api-contract/business-file';
import type { BusinessSettings } from '../../src/lib/api-contract/business-settings';
import type { DataVersion } from '../cache/data-version';
import type { Db } from '../db/client';
import { businessSettings } from '../db/schema';
import { telHref } from '../lib/phone';
import { log } from '../observability/logger';
import { readCategories } from './categories';
import { markdownHtml } from './markdown';
import { publicHolidays } from './public-holidays';
import { itemsCollage } from './site-collage';

/** The shop's settings as this process knows them, kept in step with the catalogue data version. */
export interface BusinessStore {
  /** The settings last read (the defaults until the first read): for code that cannot wait. */
  current(): BusinessSettings;
  /**
   * The settings as of the data version now, for the booking rules and emails: without the
   * categories, and the collage only as business.json gives it. An order moves the data version, so
   * this reads one row then, and parses it again only when it changed.
   */
  fresh(): Promise<BusinessSettings>;
  /** The settings with the categories and the collage as pages show them: read when a page asks. */
  forPages(): Promise<BusinessSettings>;
}

type SettingsRow = typeof businessSettings.$inferSelect;

/** The stored logo's public address: served by the media routes from the photo folder. */
export const brandUrl = (stored: string) => `/${stored}`;

const readRow = async (db: Pick<Db, 'select'>): Promise<SettingsRow | undefined> =>
  (await db.select().from(businessSettings).where(eq(businessSettings.id, 1)))[0];

/**
 * The stored row as settings, its Markdown as HTML; the defaults when none were ever imported. Its
 * public holidays are those of the years around `now` (the app's clock).
 */
function settingsOfRow(row: SettingsRow | undefined, now = new Date()): BusinessSettings {
  if (!row) return defaultBusinessSettings();
  const parsed = parseBusinessFile(row.settings);
  if (!parsed.settings) {
    // Stored by the importer, which checked them: only an older or newer release's keys get here.
    log().error(
      `The stored business settings do not read: ${parsed.problems.map((p) => `${p.key} ${p.message}`).join('; ')}`,
    );
    return defaultBusinessSettings();
  }
  const settings = settingsOf(
    parsed.settings,
    row.logo ? brandUrl(row.logo) : null,
    (p) => row.photos[p] ?? null,
    (region) => publicHolidays(region, now),
  );
  return {
    ...settings,
    phoneHref: telHref(settings.phone, settings.country),
    termsHtml: markdownHtml(settings.terms),
    aboutHtml: markdownHtml(settings.about),
    services: settings.services.map((service) => ({ ...service, html: markdownHtml(service.text) })),
  };
}

/** The categories with their counts, and the collage (the shop's items when business.json has none). */
async function withCatalogue(db: Pick<Db, 'select'>, settings: BusinessSettings): Promise<BusinessSettings> {
  const [categories, collage] = await Promise.all([
    readCategories(db),
    settings.collage.length > 0 ? settings.collage : itemsCollage(db),
  ]);
  return { ...settings, categories, collage };
}

/** Reads everything: the stored settings, the categories and the collage. */
export async function readBusinessSettings(db: Pick<Db, 'select'>): Promise<BusinessSettings> {
  return withCatalogue(db, settingsOfRow(await readRow(db)));
}

/** A value read again only when the data version moved, one read at a time. */
function byVersion<T>(version: DataVersion, read: () => Promise<T>, first: T) {
  let value = first;
  let readAt = -1;
  let reading: Promise<T> | null = null;
  return {
    current: () => value,
    async fresh(): Promise<T> {
      const at = await version.current();
      if (at === readAt) return value;
      reading ??= read()
        .then((found) => {
          value = found;
          readAt = at;
          return found;
        })
        .finally(() => {
          reading = null;
        });
      return reading;
    },
  };
}

export function businessStore(db: Db, version: DataVersion, clock: () => Date = () => new Date()): BusinessStore {
  // The last row read, as text, and the year it was read in: an unchanged row keeps its parsed
  // settings (no Markdown again) until the year of its public holidays moves on.
  let lastRow = '';
  let lastSettings = defaultBusinessSettings();
  const settings = byVersion(
    version,
    async () => {
      const row = await readRow(db);
      const now = clock();
      const text = `${now.getUTCFullYear()} ${JSON.stringify(row ?? null)}`;
      if (text !== lastRow) {
        lastSettings = settingsOfRow(row, now);
        lastRow = text;
      }
      return lastSettings;
    },
    lastSettings,
  );
  const pages = byVersion(version, async () => withCatalogue(db, await settings.fresh()), lastSettings);
  return { current: settings.current, fresh: settings.fresh, forPages: pages.fresh };
}
