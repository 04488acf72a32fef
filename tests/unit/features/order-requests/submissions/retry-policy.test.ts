import { describe, expect, it } from 'vitest';
import {
  BACKOFF_FIRST_MS,
  BACKOFF_MAX_MS,
  backoffMs,
  classifyFailure,
  nextDelayMs,
} from '../../../../../src/features/order-requests/submissions/retry-policy';
import { ApiError, parseRetryAfter } from '../../../../../src/lib/http';

describe('which failures are worth another try', () => {
  it.each([
    ['no answer (fetch threw)', new TypeError('Failed to fetch'), { kind: 'retry' }],
    ['a timeout', new DOMException('timed out', 'TimeoutError'), { kind: 'retry' }],
    ['502', new ApiError(502, ''), { kind: 'retry' }],
    ['503', new ApiError(503, ''), { kind: 'retry' }],
    ['504', new ApiError(504, ''), { kind: 'retry' }],
    ['429 with Retry-After', new ApiError(429, '', 60_000), { kind: 'retry', retryAfterMs: 60_000 }],
    ['409 in progress (Retry-After)', new ApiError(409, '', 2000), { kind: 'retry', retryAfterMs: 2000 }],
    ['500', new ApiError(500, ''), { kind: 'server-error' }],
    ['501', new ApiError(501, ''), { kind: 'server-error' }],
    ['400', new ApiError(400, ''), { kind: 'final', status: 400 }],
    ['404', new ApiError(404, ''), { kind: 'final', status: 404 }],
    ['409 conflict', new ApiError(409, ''), { kind: 'final', status: 409 }],
    ['413', new ApiError(413, ''), { kind: 'final', status: 413 }],
    ['422', new ApiError(422, ''), { kind: 'final', status: 422 }],
  ])('%s', (_, error, expected) => {
    expect(classifyFailure(error)).toEqual(expected);
  });

  it('reads Retry-After as seconds or a date', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe('backoff', () => {
  it('doubles from 5 s to at most 10 minutes', () => {
    const middle = [1, 2, 3, 4, 5, 6, 7, 8, 12, 40].map((n) => backoffMs(n, 0.5));
    expect(middle).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 600_000, 600_000, 600_000]);
  });

  it('spreads attempts by ±20 % and stays within 5 s and 10 min', () => {
    expect(backoffMs(3, 0)).toBe(16_000);
    expect(backoffMs(3, 1)).toBe(24_000);
    for (let n = 0; n < 30; n++) {
      for (const r of [0, 0.3, 1]) {
        expect(backoffMs(n, r)).toBeGreaterThanOrEqual(BACKOFF_FIRST_MS);
        expect(backoffMs(n, r)).toBeLessThanOrEqual(BACKOFF_MAX_MS);
      }
    }
  });

  it("waits at least as long as the server's Retry-After", () => {
    expect(nextDelayMs(1, 90_000, 0.5)).toBe(90_000);
    expect(nextDelayMs(4, 1_000, 0.5)).toBe(40_000);
  });
});
