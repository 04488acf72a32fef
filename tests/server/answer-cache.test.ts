import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AnswerCache, type BuiltAnswer } from '../../server/cache/answer-cache';

const json = (value: unknown): BuiltAnswer => ({
  status: 200,
  contentType: 'application/json',
  body: Buffer.from(JSON.stringify(value)),
});
const big = (n: number) => ({ items: Array.from({ length: n }, (_, i) => ({ i, name: `Gold candle holder ${i}` })) });

describe('AnswerCache', () => {
  it('builds an answer once for concurrent misses and then serves it without building', async () => {
    const cache = new AnswerCache(1 << 20);
    let builds = 0;
    const build = async () => {
      builds++;
      await new Promise((resolve) => setImmediate(resolve));
      return json(big(100));
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get(1, 'k', build)));
    expect(builds).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect(cache.peek(1, 'k')).toBe(answers[0]);
    expect(cache.stats()).toMatchObject({ entries: 1, misses: 1 });
  });

  it('holds the same body plain, gzipped and in brotli, with one ETag', async () => {
    const cache = new AnswerCache(1 << 20);
    const answer = await cache.get(1, 'k', async () => json(big(200)));
    const plain = answer.plain.toString();
    expect(gunzipSync(await cache.body('k', answer, 'gzip')).toString()).toBe(plain);
    expect(brotliDecompressSync(await cache.body('k', answer, 'br')).toString()).toBe(plain);
    expect(await cache.body('k', answer, 'identity')).toBe(answer.plain);
    expect(answer.gzip?.length).toBeLessThan(answer.plain.length / 3);
    expect(answer.etag).toMatch(/^W\/"[\w-]{22}"$/);
    // The brotli bytes count against the bound once made.
    expect(cache.stats().bytes).toBeGreaterThan(answer.plain.length + (answer.gzip?.length ?? 0));
  });

  it('sends small answers plain whatever the client accepts', async () => {
    const cache = new AnswerCache(1 << 20);
    const answer = await cache.get(1, 'small', async () => json({ ok: true }));
    expect(await cache.body('small', answer, 'br')).toBe(answer.plain);
    expect(answer.gzip).toBeNull();
  });

  it('drops every answer of an older version once a newer one is seen, and never stores an old build', async () => {
    const cache = new AnswerCache(1 << 20);
    await cache.get(1, 'a', async () => json({ v: 1 }));
    let release = () => {};
    const slow = cache.get(
      1,
      'b',
      () => new Promise<BuiltAnswer>((resolve) => (release = () => resolve(json({ v: 1 })))),
    );
    await cache.get(2, 'a', async () => json({ v: 2 }));
    expect(cache.peek(1, 'a')).toBeUndefined();
    expect(JSON.parse(cache.peek(2, 'a')?.plain.toString() ?? '{}')).toEqual({ v: 2 });
    release();
    await slow;
    expect(cache.peek(2, 'b')).toBeUndefined();
    expect(cache.stats().entries).toBe(1);
  });

  it('keeps the same ETag for the same content across versions', async () => {
    const cache = new AnswerCache(1 << 20);
    const first = await cache.get(1, 'a', async () => json({ same: true }));
    const second = await cache.get(2, 'a', async () => json({ same: true }));
    const changed = await cache.get(3, 'a', async () => json({ same: false }));
    expect(second.etag).toBe(first.etag);
    expect(changed.etag).not.toBe(first.etag);
  });

  it('stays within its byte bound, evicting the least recently used', async () => {
    const cache = new AnswerCache(64 * 1024);
    for (let i = 0; i < 300; i++) {
      await cache.get(1, `k${i}`, async () => json(big(20 + (i % 7))));
      if (i % 10 === 0) await cache.get(1, 'k0', async () => json(big(20))); // kept warm
      expect(cache.stats().bytes).toBeLessThanOrEqual(64 * 1024);
    }
    expect(cache.peek(1, 'k0')).toBeDefined();
    expect(cache.peek(1, 'k1')).toBeUndefined();
    expect(cache.stats().entries).toBeLessThan(300);
  });

  it('does not keep a failed build', async () => {
    const cache = new AnswerCache(1 << 20);
    await expect(cache.get(1, 'k', async () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(cache.peek(1, 'k')).toBeUndefined();
    expect((await cache.get(1, 'k', async () => json({ ok: 1 }))).status).toBe(200);
  });

  it('forgets an answer given a time to live once it has passed', async () => {
    const cache = new AnswerCache(1 << 20);
    await cache.get(1, 'gone', async () => ({ ...json({ error: 'not found' }), status: 404, ttlMs: 30 }));
    expect(cache.peek(1, 'gone')?.status).toBe(404);
    const until = Date.now() + 40;
    while (Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(cache.peek(1, 'gone')).toBeUndefined();
  });
});
