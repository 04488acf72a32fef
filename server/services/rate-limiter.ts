import { lt, sql } from 'drizzle-orm';
import type { RateLimit } from '../config';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema';

export interface RateLimiter {
  /** Counts one request of key in bucket; answers the seconds to wait when it is over the limit. */
  hit(
    bucket: string,
    key: string,
    rule: RateLimit,
  ): Promise<{ limited: false } | { limited: true; retryAfter: number }>;
}

const PURGE_EVERY_HITS = 500;

/**
 * Fixed-window counters in the database: one atomic upsert per request, so every app process on the
 * same database counts together. A key may get up to twice its limit across a window boundary; that
 * is the price of one statement per request. Expired windows are deleted now and then.
 */
export function databaseRateLimiter(db: Db, now: () => number = Date.now): RateLimiter {
  let hitsSincePurge = 0;
  return {
    async hit(bucket, key, { limit, windowMs }) {
      const at = now();
      const windowStart = Math.floor(at / windowMs) * windowMs;
      const [row] = await db
        .insert(rateLimitHits)
        .values({ bucket, key, windowStart, expiresAt: windowStart + windowMs, count: 1 })
        .onConflictDoUpdate({
          target: [rateLimitHits.bucket, rateLimitHits.key, rateLimitHits.windowStart],
          set: { count: sql`${rateLimitHits.count} + 1` },
        })
        .returning({ count: rateLimitHits.count });
      if (++hitsSincePurge >= PURGE_EVERY_HITS) {
        hitsSincePurge = 0;
        await db.delete(rateLimitHits).where(lt(rateLimitHits.expiresAt, at));
      }
      if ((row?.count ?? 0) <= limit) return { limited: false };
      return { limited: true, retryAfter: Math.max(1, Math.ceil((windowStart + windowMs - at) / 1000)) };
    },
  };
}

/** Keys a process keeps counting at once; past it, lapsed windows go, then the oldest counters. */
export const MEMORY_LIMITER_MAX_KEYS = 100_000;

/**
 * The same fixed windows, counted in this process's memory: for an embedded database, which one
 * process owns. An order then takes its write turn once (the order) instead of twice (the counter
 * and the order), which halves the queue 20 shoppers at once wait in. Counters start again when the
 * process restarts; several processes on one libSQL server use the database's counters instead.
 */
export function memoryRateLimiter(now: () => number = Date.now, maxKeys = MEMORY_LIMITER_MAX_KEYS): RateLimiter {
  const counts = new Map<string, { count: number; expiresAt: number }>();
  const purge = (at: number) => {
    for (const [key, entry] of counts) if (entry.expiresAt <= at) counts.delete(key);
    // Still full (a flood of new keys): forget the oldest counters first.
    for (const key of counts.keys()) {
      if (counts.size < maxKeys) break;
      counts.delete(key);
    }
  };
  return {
    async hit(bucket, key, { limit, windowMs }) {
      const at = now();
      const windowStart = Math.floor(at / windowMs) * windowMs;
      const id = `${bucket}\u0000${key}\u0000${windowStart}`;
      let entry = counts.get(id);
      if (!entry) {
        if (counts.size >= maxKeys) purge(at);
        entry = { count: 0, expiresAt: windowStart + windowMs };
        counts.set(id, entry);
      }
      entry.count += 1;
      if (entry.count <= limit) return { limited: false };
      return { limited: true, retryAfter: Math.max(1, Math.ceil((windowStart + windowMs - at) / 1000)) };
    },
  };
}

/** The same limiter, telling `refused` of each request it refuses (the metrics count them by bucket). */
export function countRefusals(limiter: RateLimiter, refused: (bucket: string) => void): RateLimiter {
  return {
    async hit(bucket, key, rule) {
      const verdict = await limiter.hit(bucket, key, rule);
      if (verdict.limited) refused(bucket);
      return verdict;
    },
  };
}
