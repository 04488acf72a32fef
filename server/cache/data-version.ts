import type { Db } from '../db/client';
import { log } from '../observability/logger';

/** How often a process asks the database for the catalogue version, at most. */
export const DEFAULT_VERSION_CHECK_MS = 250;

export interface DataVersion {
  /**
   * The catalogue version to answer with. Synchronous (no SQL) while the last check is younger than
   * the interval; otherwise a promise of a fresh read, shared by every request that arrives meanwhile.
   */
  current(): number | Promise<number>;
  /** Reads the version now (a notification: this process just wrote, or was told another did). */
  refresh(): Promise<number>;
  /** Calls back whenever a read finds a version other than the one seen before. */
  onChange(listener: (version: number) => void): void;
}

/**
 * The catalogue data version kept in the database (table catalogue_version, bumped by triggers), so
 * every process on one libSQL server sees the same number. A process never answers with a version
 * older than one it has seen: the number only moves forward here.
 */
export function databaseVersion(db: Db, checkMs = DEFAULT_VERSION_CHECK_MS, now: () => number = Date.now): DataVersion {
  let seen = 0;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<number> | null = null;
  const listeners: ((version: number) => void)[] = [];

  const read = (): Promise<number> => {
    const startedAt = now();
    const promise = db.$client
      .execute('SELECT version FROM catalogue_version WHERE id = 1')
      .then((result) => {
        const found = Number(result.rows[0]?.version ?? 0);
        // The check counts from when it started: a write during the read is caught by the next one.
        checkedAt = Math.max(checkedAt, startedAt);
        if (found > seen) {
          seen = found;
          for (const listener of listeners) listener(found);
        }
        return seen;
      })
      .catch((error: unknown) => {
        // The database is out of reach: keep answering with what was last seen (cached answers stay
        // right for it) and try again on the next request. With nothing seen yet, the error stands.
        if (seen === 0) throw error;
        log().error({ err: error }, 'Reading the catalogue version failed');
        return seen;
      })
      .finally(() => {
        if (reading === promise) reading = null;
      });
    reading = promise;
    return promise;
  };

  return {
    current() {
      if (now() - checkedAt < checkMs) return seen;
      return reading ?? read();
    },
    refresh: () => read(),
    onChange(listener) {
      listeners.push(listener);
    },
  };
}
