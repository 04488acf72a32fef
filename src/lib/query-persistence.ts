import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { QueryClient } from '@tanstack/react-query';
import {
  type PersistQueryClientOptions,
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { createStore, del, get, set } from 'idb-keyval';
import { PERSIST_MAX_AGE_MS } from './query-client';

/**
 * The version of the stored query cache's shape: change it with any change to what a query stores
 * (a fetcher's result type, a query key), and every device drops its old copy once.
 */
export const QUERY_CACHE_VERSION = 'queries-1';

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
  // Bumped when the shape of what is stored changes (QUERY_CACHE_VERSION): a new build alone keeps
  // the shopper's saved pages, which the offline shell renders after an update.
  buster: QUERY_CACHE_VERSION,
  dehydrateOptions: {
    // Persist only successful catalogue reads; never errors or pending work.
    shouldDehydrateQuery: (query) => query.state.status === 'success' && query.meta?.persist !== false,
  },
};

/** Waiting longer than this for IndexedDB would cost more than the saved copy gives. */
const RESTORE_TIMEOUT_MS = 1000;

let restored: Promise<void> | undefined;

/**
 * Gives the query cache what this device saved of it (pages seen, for use offline), then saves every
 * change. Once per page. Restoring never overwrites fresher data: an entry the server just sent stays.
 * Saving starts only after the restore, so the first save cannot replace the stored cache with a part.
 */
export function restoreQueryCache(queryClient: QueryClient): Promise<void> {
  restored ??= (async () => {
    const options = { queryClient, ...queryPersistOptions };
    await Promise.race([
      persistQueryClientRestore(options).catch((error: unknown) =>
        console.warn('Could not restore the saved catalogue', error),
      ),
      new Promise((resolve) => setTimeout(resolve, RESTORE_TIMEOUT_MS)),
    ]);
    persistQueryClientSubscribe(options);
  })();
  return restored;
}
