import * as z from 'zod/mini';
import type { SavedCatalogueMeta } from './saved-store';

/** The saved catalogue's meta record as IndexedDB gives it back (saved-store.ts reads it). */
export const savedMetaSchema: z.ZodMiniType<SavedCatalogueMeta> = z.object({
  savedAt: z.number(),
  entries: z.number(),
  bytes: z.number(),
  items: z.number(),
});
