import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The caller's address. Behind a trusted reverse proxy (TRUST_PROXY) it is the last X-Forwarded-For
 * entry, the one that proxy appended: earlier entries are whatever the client sent and could be forged
 * to dodge rate limits. Otherwise it is the socket's address.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (tests) have no socket.
    return 'unknown';
  }
}

/**
 * The bindings of a request the server makes to itself (a page's loader reading the API in process):
 * an object only this process holds, so no request from outside can claim to be one.
 */
export const IN_PROCESS = Object.freeze({ inProcess: Symbol('in-process') });

/** Whether a request is the server's own, made with IN_PROCESS. */
export const isInProcess = (c: Context): boolean =>
  (c.env as { inProcess?: unknown } | undefined)?.inProcess === IN_PROCESS.inProcess;
