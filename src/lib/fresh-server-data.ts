import type { QueryClient } from '@tanstack/react-query';

let stop: (() => void) | undefined;

/**
 * Data that arrives inside the server's HTML counts as fetched now, not when the page was rendered.
 * The server keeps rendered pages per data version (a page rendered minutes ago still holds the
 * current catalogue), so its own timestamps would make a page served from that cache look stale the
 * moment it hydrates, and every list on it would be fetched again. Only while the page hydrates:
 * what is fetched or restored afterwards keeps its own time.
 */
export function countServerDataFresh(queryClient: QueryClient, now: () => number = Date.now): void {
  stop?.();
  stop = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'added') return;
    const { state } = event.query;
    if (state.status === 'success' && state.dataUpdatedAt > 0) event.query.setState({ dataUpdatedAt: now() });
  });
}

/** The page has hydrated: from now on data keeps the time it was fetched at. */
export function endServerDataWindow(): void {
  stop?.();
  stop = undefined;
}
