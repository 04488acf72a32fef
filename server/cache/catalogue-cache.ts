import type { Context } from 'hono';
import type { Db } from '../db/client';
import { NotFound } from '../lib/domain-errors';
import { AnswerCache, type CachedAnswer } from './answer-cache';
import { type DataVersion, databaseVersion } from './data-version';
import { chooseEncoding, type Encoding, etagMatches } from './http-cache-rules';
import { addressOf, headerOf } from './request-parts';

/** How long a 404 is kept: an id that does not exist now may be imported a moment later. */
export const NOT_FOUND_TTL_MS = 5_000;
const JSON_TYPE = 'application/json; charset=utf-8';
/** Browsers and the service worker keep a copy but ask again each time, cheaply, with the ETag. */
export const REVALIDATE = 'no-cache';

export interface CatalogueCache {
  version: DataVersion;
  answers: AnswerCache;
}

export interface CatalogueCacheOptions {
  maxBytes: number;
  versionCheckMs: number;
}

export function createCatalogueCache(db: Db, { maxBytes, versionCheckMs }: CatalogueCacheOptions): CatalogueCache {
  const version = databaseVersion(db, versionCheckMs);
  const answers = new AnswerCache(maxBytes);
  version.onChange((v) => answers.advanceTo(v));
  return { version, answers };
}

/** Builds a JSON answer; a 404 thrown by the reader is kept briefly, any other error is not kept. */
async function buildJson(read: (version: number) => Promise<unknown>, version: number) {
  try {
    return { status: 200, contentType: JSON_TYPE, body: Buffer.from(JSON.stringify(await read(version))) };
  } catch (error) {
    if (error instanceof NotFound) {
      return {
        status: 404,
        contentType: JSON_TYPE,
        body: Buffer.from(JSON.stringify(error.body())),
        ttlMs: NOT_FOUND_TTL_MS,
      };
    }
    throw error;
  }
}

/**
 * The headers of a cached answer, the one place they are made (the app's path and the fast lane send
 * the same): body is what is sent (null for a 304), base holds headers to send as well, or instead
 * (the fast lane's security headers, a static file's Cache-Control).
 */
export function answerHeaders(
  answer: CachedAnswer,
  body: Buffer | null,
  encoding: Encoding,
  base: Record<string, string> = {},
): Record<string, string> {
  return {
    'content-type': answer.contentType,
    'cache-control': REVALIDATE,
    ...(answer.gzip ? { vary: 'Accept-Encoding' } : {}),
    ...base,
    ...(answer.status === 200 ? { etag: answer.etag } : {}),
    ...(body && body !== answer.plain ? { 'content-encoding': encoding } : {}),
    // A length also tells the compress middleware to leave small answers alone.
    ...(body ? { 'content-length': String(body.length) } : {}),
  };
}

/**
 * Sends a cached answer: 304 when the client's ETag still matches, else the body in the encoding the
 * client accepts. No SQL and no compression when the answer is cached (brotli is made once, on the
 * first request that accepts it).
 */
export async function sendAnswer(
  c: Context,
  answers: AnswerCache,
  key: string,
  answer: CachedAnswer,
  base: Record<string, string> = {},
): Promise<Response> {
  if (answer.status === 200 && etagMatches(headerOf(c, 'if-none-match'), answer.etag)) {
    return c.body(null, 304, answerHeaders(answer, null, 'identity', base));
  }
  const encoding = chooseEncoding(headerOf(c, 'accept-encoding'));
  const pending = answers.body(key, answer, encoding);
  const body = pending instanceof Promise ? await pending : pending;
  return c.body(body as Uint8Array<ArrayBuffer>, answer.status as 200, answerHeaders(answer, body, encoding, base));
}

/**
 * Answers a catalogue read from the cache: key is the normalised request (path and validated query),
 * read(version) assembles the JSON when the cache has no answer for the current data version.
 */
export async function cachedJson(
  c: Context,
  cache: CatalogueCache,
  key: string,
  read: (version: number) => Promise<unknown>,
): Promise<Response> {
  const current = cache.version.current();
  const version = typeof current === 'number' ? current : await current;
  const answer =
    cache.answers.peek(version, key) ?? (await cache.answers.get(version, key, () => buildJson(read, version)));
  // The next request with this exact address is answered by the fast lane (fast-lane.ts).
  cache.answers.remember(version, addressOf(c), key);
  return sendAnswer(c, cache.answers, key, answer);
}
