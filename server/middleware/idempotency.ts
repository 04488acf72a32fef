import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { fail } from '../lib/http';

/** Keys live 30 days: an outbox may replay a request days after it was first sent. */
export const IDEMPOTENCY_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const WAIT_FOR_FIRST_MS = 15_000;
const POLL_MS = 20;
const STALE_PENDING_MS = 120_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The key a request runs under, for a handler that stores its own answer (see `recordAnswer`). */
export interface IdempotencyClaim {
  key: string;
  fingerprint: string;
  createdAt: number;
  /** True once the handler has stored its answer in its own transaction. */
  stored: boolean;
}

declare module 'hono' {
  interface ContextVariableMap {
    idempotency: IdempotencyClaim | undefined;
  }
}

/** The claim of the request in hand, when it came with an Idempotency-Key. */
export const idempotencyClaim = (c: Context): IdempotencyClaim | undefined => c.get('idempotency');

/** A database or an open transaction. */
type Writer = Pick<Db, 'insert'>;

/**
 * Stores a finished request's answer under its key. A handler calls it inside the transaction of its
 * own write (an order), so the work and its answer commit together: a replay can never find the work
 * done without its answer, and the request takes one write turn instead of three.
 */
export async function recordAnswer(
  db: Writer,
  claim: IdempotencyClaim,
  statusCode: number,
  responseBody: string,
): Promise<void> {
  const done = { state: 'done' as const, statusCode, responseBody };
  await db
    .insert(idempotencyKeys)
    .values({ key: claim.key, fingerprint: claim.fingerprint, createdAt: claim.createdAt, ...done })
    .onConflictDoUpdate({ target: idempotencyKeys.key, set: done });
}

export interface IdempotencyOptions {
  /**
   * Claims in this process's memory: for an embedded database, which one process owns. Otherwise a
   * claim is a pending row, so processes sharing a libSQL server see each other's.
   */
  claimsInMemory: boolean;
}

/**
 * Honours an Idempotency-Key header on POST and PUT. The first request with a key claims it, runs,
 * and stores its 2xx response; later requests with the same key and the same method, path and body
 * get that response again without the work being redone. A different request with a used key gets
 * 422. A request that fails (4xx or 5xx) releases the key so a corrected or retried request can run.
 */
export function idempotency(db: Db, { claimsInMemory }: IdempotencyOptions): MiddlewareHandler {
  const inFlight = new Map<string, Promise<void>>();

  /** The stored row for key: replayed, refused, or cleared away when its claimant is gone. */
  // Read for every keyed request: built once.
  const stored = db
    .select()
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.key, sql.placeholder('key')))
    .prepare();
  const settle = async (c: Context, key: string, fingerprint: string) => {
    const [row] = await stored.execute({ key });
    if (!row) return { state: 'free' as const };
    if (row.fingerprint !== fingerprint) fail(422, 'Idempotency-Key was already used for a different request');
    if (row.state === 'done') {
      c.header('Idempotent-Replayed', 'true');
      const replay = c.body(row.responseBody ?? '', (row.statusCode ?? 200) as 200, {
        'Content-Type': 'application/json',
      });
      return { state: 'replayed' as const, replay };
    }
    // Pending: with claims in memory nobody here runs it, so an earlier run of this process died
    // mid-request; with claims in the database, only a claim older than any request can run is dead.
    if (claimsInMemory || row.createdAt < Date.now() - STALE_PENDING_MS) {
      await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'pending')));
      return { state: 'cleared' as const };
    }
    return { state: 'pending' as const };
  };

  /** Claims key in memory, waiting for a request of this process that holds it. */
  const claimInMemory = async (c: Context, key: string, fingerprint: string) => {
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const running = inFlight.get(key);
      if (running) {
        if (Date.now() > deadline) stillRunning();
        await waitAtMost(running, deadline - Date.now());
        continue;
      }
      let release = () => {};
      inFlight.set(
        key,
        new Promise<void>((resolve) => {
          release = () => {
            inFlight.delete(key);
            resolve();
          };
        }),
      );
      try {
        const found = await settle(c, key, fingerprint);
        if (found.state === 'replayed') {
          release();
          return { replay: found.replay };
        }
      } catch (error) {
        release();
        throw error;
      }
      return { release };
    }
  };

  /** Claims key with a pending row (an atomic insert), waiting while another process holds it. */
  const claimInDatabase = async (c: Context, key: string, fingerprint: string) => {
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const claimed = await db
        .insert(idempotencyKeys)
        .values({ key, fingerprint, state: 'pending', createdAt: Date.now() })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length > 0) return { release: () => {} };
      const found = await settle(c, key, fingerprint);
      if (found.state === 'replayed') return { replay: found.replay };
      if (found.state === 'pending') {
        if (Date.now() > deadline) stillRunning();
        await sleep(POLL_MS);
      }
    }
  };

  return async (c, next) => {
    if (c.req.method !== 'POST' && c.req.method !== 'PUT') return next();
    const key = c.req.header('idempotency-key');
    if (key === undefined) return next();
    if (!/^[\w.:-]{1,200}$/.test(key)) {
      fail(400, 'Invalid Idempotency-Key: use 1 to 200 letters, digits, and . _ : -');
    }
    const body = await c.req.text();
    const fingerprint = createHash('sha256').update(`${c.req.method} ${c.req.path}\n${body}`).digest('hex');
    const claimed = claimsInMemory
      ? await claimInMemory(c, key, fingerprint)
      : await claimInDatabase(c, key, fingerprint);
    if ('replay' in claimed) return claimed.replay;

    const claim: IdempotencyClaim = { key, fingerprint, createdAt: Date.now(), stored: false };
    c.set('idempotency', claim);
    try {
      try {
        await next();
      } catch (error) {
        if (!claimsInMemory) await db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
        throw error;
      }
      const ok = c.res.status >= 200 && c.res.status < 300;
      if (ok && !claim.stored) await recordAnswer(db, claim, c.res.status, await c.res.clone().text());
      else if (!ok && !claimsInMemory) await db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    } finally {
      claimed.release();
    }
  };
}

/** Resolves when promise does or after ms, whichever is first (and leaves no timer behind). */
async function waitAtMost(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, ms))))]);
  clearTimeout(timer);
}

function stillRunning(): never {
  // Retry-After tells a replaying client this is worth another try, unlike other 409s.
  fail(409, 'A request with this Idempotency-Key is still in progress', undefined, { 'Retry-After': '2' });
}

export async function purgeExpiredIdempotencyKeys(db: Db, now = Date.now()): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, now - IDEMPOTENCY_TTL_MS));
}
