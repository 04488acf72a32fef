import * as z from 'zod/mini';

/**
 * What "Save catalogue for offline" keeps besides the responses and photos in its Cache Storage
 * cache: when it was saved and how big it is. The schema checks the record IndexedDB gives back
 * (saved-store.ts loads it only when one is stored); the type is read from it.
 */
export const savedMetaSchema = z.object({
  savedAt: z.number(),
  /** Responses and photos stored. */
  entries: z.number(),
  bytes: z.number(),
  /** Product groups and bundles in the search index. */
  items: z.number(),
});

export type SavedCatalogueMeta = z.infer<typeof savedMetaSchema>;
