import type { CatalogueItemResource } from '../../../lib/api-contract';
import { runJobs } from '../../../lib/job-pool';
import { type SavedCatalogueMeta, storeSaved } from '../../../lib/saved-catalogue/saved-store';
import { CACHE_NAMES, SAVE_REQUEST_HEADER } from '../../../lib/sw-messages';
import { firstJobs, followUps, type SaveJob } from './save-jobs';

export interface SaveProgress {
  /** Files stored (responses and photos). */
  done: number;
  /** Files known so far: grows while listings reveal items. */
  total: number;
  bytes: number;
  /** What the bar shows: never lower than before (see nextPercent). */
  percent: number;
}

/**
 * The bar's whole percent: files stored of the files known so far, but never lower than it showed
 * before (the total grows as listings reveal their items, which would pull 16 % back to 13 %), and
 * 100 only once every file known is stored.
 */
export function nextPercent(previous: number, done: number, total: number): number {
  const now = Math.floor((100 * done) / Math.max(1, total));
  return Math.max(previous, done < total ? Math.min(99, now) : now);
}

export const progressPercent = (progress: SaveProgress): number => progress.percent;

/** Why a save stopped: no room on the device, or the network or server failed. */
export class SaveCatalogueError extends Error {
  constructor(
    readonly reason: 'quota' | 'network',
    message: string,
  ) {
    super(message);
    this.name = 'SaveCatalogueError';
  }
}

const CONCURRENCY = 6;
const ATTEMPTS = 3;

const isQuotaError = (error: unknown) =>
  error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22);

async function fetchWithRetry(url: string, signal: AbortSignal): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = await fetch(url, { headers: { [SAVE_REQUEST_HEADER]: '1' }, signal });
      if (response.ok || response.status === 404 || attempt >= ATTEMPTS) return response;
    } catch (error) {
      if (signal.aborted || attempt >= ATTEMPTS) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 400 * attempt));
  }
}

/**
 * Downloads every listing page, item detail, bundle, photo list and large photo, and the collage, into
 * the saved-catalogue cache the service worker answers from, then keeps the item list for offline
 * search. Cancelling keeps what a previous save stored; answers no longer in the catalogue are removed
 * once a save completes.
 */
export async function saveCatalogue(
  signal: AbortSignal,
  onProgress: (progress: SaveProgress) => void,
  { hireDate = '', lastDay = '' }: { hireDate?: string; lastDay?: string } = {},
): Promise<SavedCatalogueMeta> {
  const cache = await caches.open(CACHE_NAMES.savedCatalogue);
  const stored = new Set<string>();
  const index: CatalogueItemResource[] = [];
  const progress: SaveProgress = { done: 0, total: 0, bytes: 0, percent: 0 };
  const seen = new Set<string>();
  const fresh = (jobs: readonly SaveJob[]) =>
    jobs.filter((job) => {
      if (seen.has(job.url)) return false;
      seen.add(job.url);
      progress.total += 1;
      return true;
    });

  // Once the run has failed or been cancelled, jobs still under way store and report nothing: a late
  // report would put a finished save back on screen, a late write would refill a cache just removed.
  let stopped = false;
  const run = async (job: SaveJob): Promise<SaveJob[]> => {
    let response: Response;
    try {
      response = await fetchWithRetry(job.url, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      throw new SaveCatalogueError('network', 'The connection dropped while saving.');
    }
    let more: SaveJob[] = [];
    if (response.ok) {
      const blob = await response.blob();
      if (stopped) return [];
      try {
        await cache.put(job.url, new Response(blob, { headers: response.headers }));
      } catch (error) {
        if (isQuotaError(error)) throw new SaveCatalogueError('quota', 'There is not enough storage on this device.');
        throw error;
      }
      stored.add(new URL(job.url, location.origin).href);
      progress.bytes += blob.size;
      if (job.kind !== 'photo') more = fresh(followUps(job, JSON.parse(await blob.text()), index));
    } else if (response.status !== 404) {
      throw new SaveCatalogueError('network', `The server answered ${response.status} while saving.`);
    }
    // A 404 is an item or photo gone since its listing was read: nothing to keep.
    if (stopped) return [];
    progress.done += 1;
    progress.percent = nextPercent(progress.percent, progress.done, progress.total);
    onProgress({ ...progress });
    return more;
  };

  try {
    await runJobs(fresh(firstJobs(hireDate, lastDay)), CONCURRENCY, run, signal);
  } finally {
    stopped = true;
  }

  // Answers a previous save kept that are no longer part of the catalogue.
  for (const request of await cache.keys()) {
    if (!stored.has(request.url)) await cache.delete(request);
  }
  const meta: SavedCatalogueMeta = {
    savedAt: Date.now(),
    entries: stored.size,
    bytes: progress.bytes,
    items: index.length,
  };
  try {
    await storeSaved(meta, index);
  } catch (error) {
    if (isQuotaError(error)) throw new SaveCatalogueError('quota', 'There is not enough storage on this device.');
    throw error;
  }
  return meta;
}
