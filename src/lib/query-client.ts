import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { createStore, del, get, set } from 'idb-keyval';
import { isOnline } from './connectivity';

/** Cached catalogue answers are kept a week so a saved catalogue works offline for that long. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** `server`: the server's client for one render: no retries (a failed read renders the page's error). */
export function createQueryClient({ server = false } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // gcTime must be at least the persister's maxAge, or restored entries are dropped at once.
        gcTime: PERSIST_MAX_AGE_MS,
        // Twice more on a server error; not when the server is out of reach (the saved copy is shown instead).
        retry: (failureCount, error) =>
          !server &&
          failureCount < 2 &&
          isOnline() &&
          !(error instanceof Error && 'status' in error && Number(error.status) < 500),
        networkMode: 'offlineFirst',
      },
      mutations: { networkMode: 'always' },
    },
  });
}

const queryStore = typeof indexedDB === 'undefined' ? undefined : createStore('storefront-query-cache', 'queries');

export const queryPersistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: createAsyncStoragePersister({
    storage: {
      getItem: (key) => get<string>(key, queryStore),
      setItem: (key, value: string) => set(key, value, queryStore),
      removeItem: (key) => del(key, queryStore),
    },
    throttleTime: 1000,
  }),
  maxAge: PERSIST_MAX_AGE_MS,
  // A new build may change response shapes: drop caches written by older builds.
  buster: import.meta.env.VITE_BUILD_ID ?? 'dev',
  dehydrateOptions: {
    // Persist only successful catalogue reads; never errors or pending work.
    shouldDehydrateQuery: (query) => query.state.status === 'success' && query.meta?.persist !== false,
  },
};
