import { ApiError } from '../../../lib/http';

/**
 * What a failed write means for a request that must arrive exactly once:
 * - `retry`: it may not have reached the server, or the server asked for time (no answer at all,
 *   a connection cut, 502, 503, 504, 429, or an in-progress 409 with Retry-After). Keep it and send
 *   it again later with the same keys.
 * - `server-error`: the server answered 500: it failed (spec section 8, ending 4).
 * - `final`: the server refused it (any other 4xx): sending it again cannot help.
 */
export type FailureClass =
  | { kind: 'retry'; retryAfterMs?: number }
  | { kind: 'server-error' }
  | { kind: 'final'; status: number };

export const RETRY_STATUSES = new Set([502, 503, 504, 429]);

export function classifyFailure(error: unknown): FailureClass {
  if (!(error instanceof ApiError)) return { kind: 'retry' };
  if (RETRY_STATUSES.has(error.status)) return { kind: 'retry', retryAfterMs: error.retryAfterMs };
  if (error.status === 409 && error.retryAfterMs !== undefined)
    return { kind: 'retry', retryAfterMs: error.retryAfterMs };
  if (error.status >= 500) return { kind: 'server-error' };
  return { kind: 'final', status: error.status };
}

/** Delivery attempts wait 5 s, 10 s, 20 s ... up to 10 minutes, with ±20 % jitter so tabs and devices spread out. */
export const BACKOFF_FIRST_MS = 5_000;
export const BACKOFF_MAX_MS = 10 * 60_000;

export function backoffMs(failedAttempts: number, random: number = Math.random()): number {
  const exponent = Math.max(0, failedAttempts - 1);
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.min(exponent, 20));
  const jittered = base * (0.8 + 0.4 * Math.min(1, Math.max(0, random)));
  return Math.round(Math.min(BACKOFF_MAX_MS, Math.max(BACKOFF_FIRST_MS, jittered)));
}

/** The wait before the next attempt: the backoff, or longer when the server asked for it. */
export function nextDelayMs(failedAttempts: number, retryAfterMs: number | undefined, random?: number): number {
  return Math.max(backoffMs(failedAttempts, random), Math.min(retryAfterMs ?? 0, 24 * 60 * 60_000));
}

/** Every request of a submission gives up after this long without an answer (then it is retried). */
export const REQUEST_TIMEOUT_MS = 30_000;
