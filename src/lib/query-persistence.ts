import type { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { queryPersistOptions } from './query-client';

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
