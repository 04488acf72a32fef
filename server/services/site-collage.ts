import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { CollageEntry } from '../../src/lib/api-contract/business-settings';
import type { Db } from '../db/client';
import { productGroups } from '../db/schema';

export const COLLAGE_SIZE = 11;
/** The collage's place behind the logo (spec: image 10). */
export const LOGO_PLACE = 9;

/**
 * The home collage of a business.json without one: its first shown items with photos, each linking
 * to its popup, and one more behind the logo; fewer items fill the places in turn. [] with no photos.
 */
export async function itemsCollage(db: Pick<Db, 'select'>): Promise<CollageEntry[]> {
  const rows = await db
    .select({ id: productGroups.id, name: productGroups.name, photo: productGroups.photoUrl })
    .from(productGroups)
    .where(
      and(eq(productGroups.archived, false), eq(productGroups.showInStore, true), isNotNull(productGroups.photoUrl)),
    )
    .orderBy(asc(productGroups.position))
    .limit(COLLAGE_SIZE);
  if (rows.length === 0) return [];
  return Array.from({ length: COLLAGE_SIZE }, (_, place) => {
    const row = rows[place % rows.length] as (typeof rows)[number];
    return {
      url: row.photo as string,
      title: row.name,
      link: place === LOGO_PLACE ? null : `/hire?type=product-group&id=${row.id}`,
      small: false,
    };
  });
}
