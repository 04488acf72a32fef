import { atom, type SetStateAction, type WritableAtom } from 'jotai';
import { pageWasServerRendered } from './ssr';
import type { Store } from './store';

/**
 * What a shopper is typing (and which board is open), kept in Web Storage as they go, so a reload (a
 * new version, a crash, a closed tab) gives it back. `local` drafts outlive the tab; `session` ones
 * (an open dialog) come back on a reload of the page only, not when the shopper opens a link or types
 * an address. A draft equal to the empty value is removed.
 */
export type DraftStore = 'local' | 'session';

const PREFIX = 'storefront-draft:';

function storage(kind: DraftStore): Storage | null {
  try {
    return typeof window === 'undefined' ? null : kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function isReload(): boolean {
  try {
    const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return entry?.type === 'reload';
  } catch {
    return false;
  }
}

export function loadDraft<T>(key: string, kind: DraftStore, parse: (raw: unknown) => T | null): T | null {
  if (kind === 'session' && !isReload()) return null;
  try {
    const text = storage(kind)?.getItem(PREFIX + key);
    return text ? parse(JSON.parse(text)) : null;
  } catch {
    return null;
  }
}

export function saveDraft(key: string, kind: DraftStore, value: unknown, empty: unknown): void {
  try {
    const text = JSON.stringify(value);
    if (text === JSON.stringify(empty)) storage(kind)?.removeItem(PREFIX + key);
    else storage(kind)?.setItem(PREFIX + key, text);
  } catch {
    // Storage full or blocked: the draft lives in memory only.
  }
}

/** The drafts a server-rendered page gives back once it has hydrated. */
const toRestore: Array<(store: Store) => void> = [];
/** Set once restoreDrafts has run: a draft atom made after that (in a chunk loaded later) starts stored. */
let restored = false;

/**
 * Gives every draft atom its stored value. A page the server rendered starts from the empty values,
 * as the server did (else hydration fails), and calls this once it has hydrated.
 */
export function restoreDrafts(store: Store): void {
  restored = true;
  for (const restore of toRestore) restore(store);
}

/** An atom that starts from its stored draft and stores every change. */
export function draftAtom<T>(
  key: string,
  kind: DraftStore,
  empty: () => T,
  parse: (raw: unknown) => T | null,
): WritableAtom<T, [SetStateAction<T>], void> {
  const base = atom<T>(pageWasServerRendered() && !restored ? empty() : (loadDraft(key, kind, parse) ?? empty()));
  toRestore.push((store) => {
    const stored = loadDraft(key, kind, parse);
    if (stored !== null) store.set(base, stored);
  });
  return atom(
    (get) => get(base),
    (get, set, update: SetStateAction<T>) => {
      const next = typeof update === 'function' ? (update as (previous: T) => T)(get(base)) : update;
      set(base, next);
      saveDraft(key, kind, next, empty());
    },
  );
}
