import type { MiddlewareHandler } from 'hono';
import type { RateLimit } from '../config';
import { fail } from '../lib/http';
import type { RateLimiter } from '../services/rate-limiter';
import { clientIp } from './client-ip';

/** Answers 429 with Retry-After once a key has used up its limit. */
export function tooMany(retryAfter: number): never {
  fail(429, `Too many requests: try again in ${retryAfter} seconds`, undefined, { 'Retry-After': String(retryAfter) });
}

/** A per-IP limit on a route, counted in bucket. */
export function rateLimit(
  limiter: RateLimiter,
  bucket: string,
  rule: RateLimit,
  trustProxy: boolean,
): MiddlewareHandler {
  return async (c, next) => {
    const verdict = await limiter.hit(bucket, clientIp(c, trustProxy), rule);
    if (verdict.limited) tooMany(verdict.retryAfter);
    await next();
  };
}
