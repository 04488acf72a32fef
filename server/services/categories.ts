import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { type Category, keysUnder, titleOfKey } from '../../src/lib/api-contract/categories';
import type { Db } from '../db/client';
import { bundles, categories, itemTags, productGroups } from '../db/schema';

/**
 * The shop's categories with how many shown items each has (its own and its children's): the stored
 * categories.csv, or, for a catalogue imported without one, a category for each tag in use.
 */
export async function readCategories(db: Pick<Db, 'select'>): Promise<Category[]> {
  const [stored, tagged] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.key)),
    db
      .select({ tag: itemTags.tag, ownerId: itemTags.ownerId })
      .from(itemTags)
      .where(
        or(
          inArray(
            itemTags.ownerId,
            db
              .select({ id: productGroups.id })
              .from(productGroups)
              .where(and(eq(productGroups.archived, false), eq(productGroups.showInStore, true))),
          ),
          inArray(
            itemTags.ownerId,
            db
              .select({ id: bundles.id })
              .from(bundles)
              .where(and(eq(bundles.archived, false), eq(bundles.showInStore, true))),
          ),
        ),
      ),
  ]);
  const owners = new Map<string, Set<string>>();
  for (const { tag, ownerId } of tagged) owners.set(tag, (owners.get(tag) ?? new Set()).add(ownerId));
  const list: Omit<Category, 'items' | 'ownItems'>[] =
    stored.length > 0
      ? stored.map((row) => ({
          key: row.key,
          name: row.name,
          parent: row.parent,
          position: row.position,
          description: row.description,
          photoUrl: row.photo,
          oldKeys: row.oldKeys,
        }))
      : [...owners.keys()].sort().map((key, index) => ({
          key,
          name: titleOfKey(key),
          parent: null,
          position: index + 1,
          description: '',
          photoUrl: null,
          oldKeys: [],
        }));
  return list.map((category) => {
    const all = new Set(keysUnder(list as Category[], category.key).flatMap((key) => [...(owners.get(key) ?? [])]));
    return { ...category, items: all.size, ownItems: owners.get(category.key)?.size ?? 0 };
  });
}

/** The tags whose items /hire/{key} lists: the key and its children's (from the stored categories). */
export async function tagsUnder(db: Pick<Db, 'select'>, key: string): Promise<string[]> {
  const children = await db.select({ key: categories.key }).from(categories).where(eq(categories.parent, key));
  return [key, ...children.map((row) => row.key)];
}
