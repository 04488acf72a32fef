import { afterEach, describe, expect, it } from 'vitest';
import { databaseRateLimiter, memoryRateLimiter, type RateLimiter } from '../../server/services/rate-limiter';
import { makeTestApp, type TestApp } from './helpers';

const RULE = { limit: 3, windowMs: 60_000 };

/** The same rules, whichever limiter counts: fixed windows per bucket and key, Retry-After to the window's end. */
function behavesAsAFixedWindow(make: (now: () => number) => Promise<RateLimiter>) {
  it('lets a key make its limit of requests per window, then answers the seconds to wait', async () => {
    let now = 120_000 + 15_000; // 15 s into a window
    const limiter = await make(() => now);
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await limiter.hit('orders', '10.0.0.1', RULE));
    expect(verdicts).toEqual([
      { limited: false },
      { limited: false },
      { limited: false },
      { limited: true, retryAfter: 45 },
    ]);
    // Another key and another bucket count on their own.
    expect(await limiter.hit('orders', '10.0.0.2', RULE)).toEqual({ limited: false });
    expect(await limiter.hit('contact', '10.0.0.1', RULE)).toEqual({ limited: false });
    // The next window starts again.
    now = 180_000;
    expect(await limiter.hit('orders', '10.0.0.1', RULE)).toEqual({ limited: false });
  });
}

describe('memoryRateLimiter (an embedded database: one process)', () => {
  behavesAsAFixedWindow(async (now) => memoryRateLimiter(now));

  it('keeps at most its number of keys, forgetting lapsed windows first, then the oldest', async () => {
    let now = 0;
    const limiter = memoryRateLimiter(() => now, 3);
    const one = { limit: 1, windowMs: 1_000 };
    await limiter.hit('b', 'lapsed', one);
    now = 5_000;
    await limiter.hit('b', 'old', one);
    await limiter.hit('b', 'newer', one);
    // Full: the lapsed window goes, and the two live counters stay.
    await limiter.hit('b', 'newest', one);
    expect(await limiter.hit('b', 'old', one)).toEqual({ limited: true, retryAfter: 1 });
    expect(await limiter.hit('b', 'newer', one)).toEqual({ limited: true, retryAfter: 1 });
    // Full of live counters: the oldest is forgotten to make room.
    await limiter.hit('b', 'another', one);
    expect(await limiter.hit('b', 'old', one)).toEqual({ limited: false });
  });
});

describe('databaseRateLimiter (processes sharing a libSQL server)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  behavesAsAFixedWindow(async (now) => {
    t = await makeTestApp();
    return databaseRateLimiter(t.db, now);
  });
});

describe('the app picks the limiter that fits its database', () => {
  it('counts an embedded file in memory and a libSQL server in the database', async () => {
    const app = await makeTestApp({ rateLimits: { contact: { limit: 1, windowMs: 600_000 } } });
    try {
      const message = { name: 'Ava', email: 'ava@example.com', phone: '0400 111 222', subject: 'Hi', message: 'Hi' };
      const statuses = [];
      for (let i = 0; i < 2; i++) statuses.push((await app.post('/api/contact', message)).status);
      expect(statuses).toEqual([201, 429]);
      const stored = await app.count('rate_limit_hits');
      expect(stored).toBe(app.db.$client.protocol === 'file' ? 0 : 1);
    } finally {
      await app.close();
    }
  });
});
