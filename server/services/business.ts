import { eq } from 'drizzle-orm';
import { defaultBusinessSettings, parseBusinessFile, settingsOf } from '../../src/lib/api-contract/business-file';
import type { BusinessSettings } from '../../src/lib/api-contract/business-settings';
import type { DataVersion } from '../cache/data-version';
import type { Db } from '../db/client';
import { businessSettings } from '../db/schema';
import { readCategories } from './categories';
import { markdownHtml } from './markdown';
import { itemsCollage } from './site-collage';

/** The shop's settings as this process knows them, kept in step with the catalogue data version. */
export interface BusinessStore {
  /** The settings last read (the defaults until the first read): for code that cannot wait. */
  current(): BusinessSettings;
  /** The settings as of the data version now: read again only when it moved. */
  fresh(): Promise<BusinessSettings>;
}

/** The stored logo's public address: served by the media routes from the photo folder. */
export const brandUrl = (stored: string) => `/${stored}`;

/** Reads the stored settings (the defaults when none were ever imported) and the categories. */
export async function readBusinessSettings(db: Pick<Db, 'select'>): Promise<BusinessSettings> {
  const [settings, categories] = await Promise.all([readSettingsFile(db), readCategories(db)]);
  return {
    ...settings,
    termsHtml: markdownHtml(settings.terms),
    aboutHtml: markdownHtml(settings.about),
    services: settings.services.map((service) => ({ ...service, html: markdownHtml(service.text) })),
    collage: settings.collage.length > 0 ? settings.collage : await itemsCollage(db),
    categories,
  };
}

async function readSettingsFile(db: Pick<Db, 'select'>): Promise<BusinessSettings> {
  const [row] = await db.select().from(businessSettings).where(eq(businessSettings.id, 1));
  if (!row) return defaultBusinessSettings();
  const parsed = parseBusinessFile(row.settings);
  if (!parsed.settings) {
    // Stored by the importer, which checked them: only an older or newer release's keys get here.
    console.error(
      `The stored business settings do not read: ${parsed.problems.map((p) => `${p.key} ${p.message}`).join('; ')}`,
    );
    return defaultBusinessSettings();
  }
  return settingsOf(parsed.settings, row.logo ? brandUrl(row.logo) : null, (photo) => row.photos[photo] ?? null);
}

export function businessStore(db: Db, version: DataVersion): BusinessStore {
  let settings = defaultBusinessSettings();
  let readAt = -1;
  let reading: Promise<BusinessSettings> | null = null;
  const read = (at: number) => {
    reading ??= readBusinessSettings(db)
      .then((found) => {
        settings = found;
        readAt = at;
        return found;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  return {
    current: () => settings,
    async fresh() {
      const at = await version.current();
      return at === readAt ? settings : read(at);
    },
  };
}
