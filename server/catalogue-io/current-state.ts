import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bundleItems, bundles, itemTags, photos, productGroups, products } from '../db/schema';
import type { StoredPhoto } from '../services/photo-files';

/** The catalogue as the database has it now, to compare the folder against. */
export async function currentState(db: Db) {
  const [groupRows, productRows, bundleRows, itemRows, tagRows, photoRows] = await Promise.all([
    db.select().from(productGroups),
    db.select().from(products),
    db.select().from(bundles),
    db.select().from(bundleItems),
    db.select().from(itemTags),
    db
      .select()
      .from(photos)
      .where(inArray(photos.ownerType, ['product_groups', 'bundles'])),
  ]);
  const tagsOf = (id: string) =>
    tagRows
      .filter((t) => t.ownerId === id)
      .map((t) => t.tag)
      .sort();
  const photosOf = (id: string) =>
    photoRows
      .filter((p) => p.ownerId === id)
      .sort((a, b) => a.position - b.position)
      .map((p) => p.largeUrl);
  /** An item's photos as stored, to write back unchanged (photos edited in the workspace). */
  const storedPhotosOf = (id: string): StoredPhoto[] =>
    photoRows
      .filter((p) => p.ownerId === id)
      .sort((a, b) => a.position - b.position)
      .map(({ largeUrl, xlargeUrl, width, height }) => ({ largeUrl, xlargeUrl, width, height }));
  return { groupRows, productRows, bundleRows, itemRows, tagsOf, photosOf, storedPhotosOf };
}
export type State = Awaited<ReturnType<typeof currentState>>;
