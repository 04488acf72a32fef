import { atom } from 'jotai';
import type { SavedCatalogueMeta } from '../../../lib/saved-catalogue/saved-store';
import type { SaveProgress } from '../saved-catalogue/save-catalogue';

export type SaveStatus =
  | { status: 'idle' }
  /** background: a refresh of a day-old copy the shopper did not start. */
  | { status: 'saving'; progress: SaveProgress; background: boolean }
  | { status: 'done'; usage: number | null }
  | { status: 'cancelled' }
  | { status: 'failed'; reason: 'quota' | 'network'; progress: SaveProgress };

export const saveStatusAtom = atom<SaveStatus>({ status: 'idle' });

/** The saved catalogue on this device: undefined until read, null when there is none. */
export const savedMetaAtom = atom<SavedCatalogueMeta | null | undefined>(undefined);

export const saveDialogOpenAtom = atom(false);
