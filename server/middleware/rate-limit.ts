import type { MiddlewareHandler } from 'hono';
import type { RateLimit } from '../config';
import { fail } from '../lib/http';
import { clientIp } from './client-ip';

/**
 * A per-IP sliding-window limit kept in memory. One process serves the app, so memory is the right
 * place; behind several processes a shared store would be needed.
 */
export function rateLimit({ limit, windowMs }: RateLimit, trustProxy: boolean): MiddlewareHandler {
  const hits = new Map<string, number[]>();
  let lastSweep = Date.now();
  return async (c, next) => {
    const now = Date.now();
    if (now - lastSweep > windowMs) {
      for (const [ip, times] of hits) if ((times.at(-1) ?? 0) <= now - windowMs) hits.delete(ip);
      lastSweep = now;
    }
    const ip = clientIp(c, trustProxy);
    const recent = (hits.get(ip) ?? []).filter((t) => t > now - windowMs);
    if (recent.length >= limit) {
      const retryAfter = Math.max(1, Math.ceil(((recent[0] ?? now) + windowMs - now) / 1000));
      fail(429, `Too many requests: try again in ${retryAfter} seconds`, undefined, {
        'Retry-After': String(retryAfter),
      });
    }
    recent.push(now);
    hits.set(ip, recent);
    await next();
  };
}
