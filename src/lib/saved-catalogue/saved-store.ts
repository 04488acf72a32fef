import { createStore, del, get, set } from 'idb-keyval';
import type { CatalogueItemResource } from '../api-contract';
import type { SavedCatalogueMeta } from './saved-meta-schema';

export type { SavedCatalogueMeta } from './saved-meta-schema';

const META_KEY = 'meta';
const INDEX_KEY = 'search-index';

const store = typeof indexedDB === 'undefined' ? undefined : createStore('storefront-saved-catalogue', 'saved');

export async function loadSavedMeta(): Promise<SavedCatalogueMeta | null> {
  try {
    const stored = await get<unknown>(META_KEY, store);
    if (stored === undefined) return null;
    // Its checks (zod) load only when something is saved: a first visit never needs them.
    const { savedMetaSchema } = await import('./saved-meta-schema');
    const parsed = savedMetaSchema.safeParse(stored);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Every visible product group and bundle as the catalogue lists sent them, or null when none is saved. */
export async function loadSavedIndex(): Promise<CatalogueItemResource[] | null> {
  try {
    const index = await get<unknown>(INDEX_KEY, store);
    return Array.isArray(index) ? (index as CatalogueItemResource[]) : null;
  } catch {
    return null;
  }
}

export async function storeSaved(meta: SavedCatalogueMeta, index: CatalogueItemResource[]): Promise<void> {
  await set(INDEX_KEY, index, store);
  await set(META_KEY, meta, store);
}

export async function clearSaved(): Promise<void> {
  await del(META_KEY, store);
  await del(INDEX_KEY, store);
}
