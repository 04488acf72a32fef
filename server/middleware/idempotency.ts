import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { fail } from '../lib/http';

/** Keys live 30 days: an outbox may replay a request days after it was first sent. */
export const IDEMPOTENCY_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const WAIT_FOR_FIRST_MS = 15_000;
const POLL_MS = 20;
const STALE_PENDING_MS = 120_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Honours an Idempotency-Key header on POST and PUT. The first request with a key claims it with a
 * pending row (an atomic insert), runs, and stores its 2xx response; later requests with the same key
 * and the same method, path and body get that response again without the work being redone. A
 * different request with a used key gets 422. A request that fails (4xx or 5xx) releases the key so a
 * corrected or retried request can run.
 */
export function idempotency(db: Db): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'POST' && c.req.method !== 'PUT') return next();
    const key = c.req.header('idempotency-key');
    if (key === undefined) return next();
    if (!/^[\w.:-]{1,200}$/.test(key)) {
      fail(400, 'Invalid Idempotency-Key: use 1 to 200 letters, digits, and . _ : -');
    }
    const body = await c.req.text();
    const fingerprint = createHash('sha256').update(`${c.req.method} ${c.req.path}\n${body}`).digest('hex');

    const claimed = await db
      .insert(idempotencyKeys)
      .values({ key, fingerprint, state: 'pending', createdAt: Date.now() })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });

    if (claimed.length === 0) {
      const deadline = Date.now() + WAIT_FOR_FIRST_MS;
      for (;;) {
        const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
        if (!row) break; // The first request failed and released the key: run this one.
        if (row.fingerprint !== fingerprint) {
          fail(422, 'Idempotency-Key was already used for a different request');
        }
        if (row.state === 'done') {
          c.header('Idempotent-Replayed', 'true');
          return c.body(row.responseBody ?? '', (row.statusCode ?? 200) as 200, {
            'Content-Type': 'application/json',
          });
        }
        if (row.createdAt < Date.now() - STALE_PENDING_MS) {
          // The process that claimed it died mid-request: release the key.
          await db
            .delete(idempotencyKeys)
            .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'pending')));
          continue;
        }
        if (Date.now() > deadline) {
          // Retry-After tells a replaying client this is worth another try, unlike other 409s.
          fail(409, 'A request with this Idempotency-Key is still in progress', undefined, { 'Retry-After': '2' });
        }
        await sleep(POLL_MS);
      }
      return idempotency(db)(c, next);
    }

    try {
      await next();
    } catch (error) {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      throw error;
    }
    if (c.res.status >= 200 && c.res.status < 300) {
      const responseBody = await c.res.clone().text();
      await db
        .update(idempotencyKeys)
        .set({ state: 'done', statusCode: c.res.status, responseBody })
        .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'pending')));
    } else {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    }
  };
}

export async function purgeExpiredIdempotencyKeys(db: Db, now = Date.now()): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, now - IDEMPOTENCY_TTL_MS));
}
