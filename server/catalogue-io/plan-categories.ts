import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categories } from '../db/schema';
import { type SourcePhoto, storedPhotoOf } from '../services/photo-files';
import { stableId } from './catalogue-model';
import type { CategoryInput } from './read-categories';

type CategoryRow = typeof categories.$inferSelect;

export interface CategoriesPlan {
  added: string[];
  removed: string[];
  /** Categories whose name, parent, place, description, photo or old keys change. */
  changed: string[];
  photos: { ownerId: string; source: SourcePhoto }[];
  /** Replaces the stored categories; absent when nothing changes. */
  write?: (db: Db) => Promise<unknown>;
}

/** A category photo's owner folder: named by the key, apart from the items' folders. */
export const categoryPhotoOwner = (key: string) => stableId('category', key);

/** The folder's categories against the stored ones: what the import adds, removes and changes. */
export async function planCategories(
  db: Db,
  input: CategoryInput[],
  sources: Map<string, SourcePhoto>,
): Promise<CategoriesPlan> {
  const photos: CategoriesPlan['photos'] = [];
  const rows: CategoryRow[] = input.map((c) => {
    const source = c.photo ? sources.get(c.photo) : undefined;
    const ownerId = categoryPhotoOwner(c.key);
    if (source) photos.push({ ownerId, source });
    return {
      key: c.key,
      name: c.name,
      parent: c.parent || null,
      position: c.position,
      description: c.description,
      photo: source ? storedPhotoOf(ownerId, source).largeUrl : null,
      oldKeys: c.oldKeys,
    };
  });
  const stored = await db.select().from(categories).orderBy(asc(categories.key));
  const before = new Map(stored.map((row) => [row.key, row]));
  const after = new Map(rows.map((row) => [row.key, row]));
  const added = rows.filter((row) => !before.has(row.key)).map((row) => row.key);
  const removed = stored.filter((row) => !after.has(row.key)).map((row) => row.key);
  const changed = rows
    .filter((row) => before.has(row.key) && JSON.stringify(before.get(row.key)) !== JSON.stringify(row))
    .map((row) => row.key);
  if (added.length + removed.length + changed.length === 0) return { added, removed, changed, photos };
  return {
    added,
    removed,
    changed,
    photos,
    write: async (writer) => {
      await writer.delete(categories);
      if (rows.length > 0) await writer.insert(categories).values(rows);
    },
  };
}
