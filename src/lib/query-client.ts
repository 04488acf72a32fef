import { QueryClient } from '@tanstack/react-query';
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
