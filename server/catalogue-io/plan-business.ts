import { eq } from 'drizzle-orm';
import { businessFileSchema } from '../../src/lib/api-contract/business-file';
import type { Db } from '../db/client';
import { businessSettings } from '../db/schema';
import { clearEdits, editedText } from '../services/workspace-edits';
import { BRAND_DIR, logoFileName } from './brand-files';
import type { WorkspaceRule } from './keep-edits';
import type { BusinessReading } from './read-business';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface BusinessPlan {
  /** none: the folder has no business.json (the settings stay); else what the import does to them. */
  status: 'none' | 'unchanged' | 'added' | 'changed';
  /** The settings keys that change (`name`, `opening_hours`, `logo`). */
  keys: string[];
  /** Each change as the business would say it: `phone (08) 6555 0200 -> (08) 6555 0193`. */
  changes: string[];
  /** Settings edited in the workspace that the folder would undo: kept, or written over. */
  kept: string[];
  write?: (db: Db, now: Date) => Promise<unknown>;
}

/** Compares the folder's settings with the stored ones: what changes, and the write that stores them. */
/** A setting's value in a line of the report: text as written, anything else as JSON, cut to 60 characters. */
function shown(value: unknown): string {
  if (value === undefined) return '(none)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

export async function planBusiness(
  db: Db,
  reading: BusinessReading,
  photos: Record<string, string> = {},
  workspace: WorkspaceRule = { edits: new Map(), overwrite: false, timeZone: 'UTC' },
): Promise<BusinessPlan> {
  if (!reading.settings) return { status: 'none', keys: [], changes: [], kept: [] };
  const settings = { ...reading.settings } as Record<string, unknown>;
  const logo = reading.logo ? `${BRAND_DIR}/${logoFileName(reading.logo)}` : null;
  const [current] = await db.select().from(businessSettings).where(eq(businessSettings.id, 1));
  const before = (current?.settings ?? {}) as Record<string, unknown>;
  // Settings edited in the workspace: kept where the folder says otherwise (unless overwriting);
  // forgotten where the folder now agrees or is written over them.
  const kept: string[] = [];
  const forget: string[] = [];
  for (const [key, edit] of workspace.edits.get('settings') ?? []) {
    if (same(before[key], settings[key])) {
      forget.push(key);
      continue;
    }
    const said = `${key} ${shown(before[key])}, ${editedText(edit, workspace.timeZone)}`;
    if (workspace.overwrite) {
      forget.push(key);
      kept.push(`${said}: written over with the folder's ${shown(settings[key])}`);
    } else {
      kept.push(`${said}: kept (the folder says ${shown(settings[key])})`);
      if (key in before) settings[key] = before[key];
      else delete settings[key];
    }
  }
  // Compared with their defaults filled in: a key the folder leaves out and the workspace stored at
  // its default (the settings form writes every key) is the same setting.
  const full = (raw: Record<string, unknown>) => {
    const parsed = businessFileSchema.safeParse(raw);
    return parsed.success ? (parsed.data as Record<string, unknown>) : raw;
  };
  const was = full(before);
  const now = full(settings);
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter(
    (key) => key !== 'logo' && !same(was[key], now[key]),
  );
  const changes = keys.map((key) => `${key} ${shown(was[key])} -> ${shown(now[key])}`);
  if (current && (current.logo ?? null) !== logo) keys.push('logo');
  // A photo replaced under the same name: its services or collage show the new one.
  if (current && !same(current.photos, photos) && !keys.includes('services') && !keys.includes('collage')) {
    keys.push('photos');
  }
  const clear = (writer: Db) => clearEdits(writer, 'settings', forget);
  if (current && keys.length === 0) return { status: 'unchanged', keys, changes: [], kept, write: clear };
  const row = { id: 1, settings: settings as typeof reading.settings, logo, photos };
  return {
    status: current ? 'changed' : 'added',
    keys: current ? keys.sort() : [],
    changes: current ? changes.sort() : [],
    kept,
    write: async (writer, now) => {
      await writer
        .insert(businessSettings)
        .values({ ...row, updatedAt: now.toISOString() })
        .onConflictDoUpdate({ target: businessSettings.id, set: { ...row, updatedAt: now.toISOString() } });
      await clear(writer);
    },
  };
}
