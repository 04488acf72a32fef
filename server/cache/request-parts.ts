import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';

/**
 * Parts of a request read straight from Node's parsed request when the app runs on Node (no URL
 * parsed, no Headers object made: both cost more than answering a cached read), else from Hono.
 */
const incomingOf = (c: Context) => (c.env as HttpBindings | undefined)?.incoming;

/** The address as the client sent it: path and raw query. */
export function addressOf(c: Context): string {
  const incoming = incomingOf(c);
  if (incoming?.url) return incoming.url;
  const url = c.req.url;
  return url.slice(url.indexOf('/', url.indexOf('//') + 2));
}

/** One request header by its lower-case name. */
export function headerOf(c: Context, name: string): string | undefined {
  const incoming = incomingOf(c);
  if (incoming) {
    const value = incoming.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }
  return c.req.header(name);
}
