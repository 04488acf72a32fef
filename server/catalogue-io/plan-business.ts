import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { businessSettings } from '../db/schema';
import { BRAND_DIR, logoFileName } from './brand-files';
import type { BusinessReading } from './read-business';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface BusinessPlan {
  /** none: the folder has no business.json (the settings stay); else what the import does to them. */
  status: 'none' | 'unchanged' | 'added' | 'changed';
  /** The settings keys that change (`name`, `opening_hours`, `logo`). */
  keys: string[];
  write?: (db: Db, now: Date) => Promise<unknown>;
}

/** Compares the folder's settings with the stored ones: what changes, and the write that stores them. */
export async function planBusiness(
  db: Db,
  reading: BusinessReading,
  photos: Record<string, string> = {},
): Promise<BusinessPlan> {
  if (!reading.settings) return { status: 'none', keys: [] };
  const { settings } = reading;
  const logo = reading.logo ? `${BRAND_DIR}/${logoFileName(reading.logo)}` : null;
  const [current] = await db.select().from(businessSettings).where(eq(businessSettings.id, 1));
  const before = (current?.settings ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(settings)])].filter(
    (key) => key !== 'logo' && !same(before[key], settings[key]),
  );
  if (current && (current.logo ?? null) !== logo) keys.push('logo');
  // A photo replaced under the same name: its services or collage show the new one.
  if (current && !same(current.photos, photos) && !keys.includes('services') && !keys.includes('collage')) {
    keys.push('photos');
  }
  if (current && keys.length === 0) return { status: 'unchanged', keys };
  const row = { id: 1, settings, logo, photos };
  return {
    status: current ? 'changed' : 'added',
    keys: current ? keys.sort() : [],
    write: (writer, now) =>
      writer
        .insert(businessSettings)
        .values({ ...row, updatedAt: now.toISOString() })
        .onConflictDoUpdate({ target: businessSettings.id, set: { ...row, updatedAt: now.toISOString() } }),
  };
}
