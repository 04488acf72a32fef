import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { CachedAnswer } from './answer-cache';
import { answerHeaders, type CatalogueCache } from './catalogue-cache';
import { chooseEncoding, type Encoding, etagMatches } from './http-cache-rules';

/** Accept-Encoding values seen recently and what they choose (browsers send the same few strings). */
const MAX_REMEMBERED_ENCODINGS = 64;

/**
 * The hot path of catalogue reads, in front of the app on Node's own request event: a GET whose exact
 * address was answered before at the current data version is written from memory with headers made
 * once per answer and encoding (the app's security headers included). No URL is parsed, no Request or
 * Response object made, no middleware run: what is left is Node's HTTP parsing and writing. Anything
 * else (a new address, a version check due, brotli not yet made, a HEAD) returns false and goes on to
 * the app, which answers it and remembers the address.
 */
export function createFastLane(cache: CatalogueCache, securityHeaders: Record<string, string>) {
  const encodings = new Map<string, Encoding>();
  const wire = new WeakMap<CachedAnswer, Partial<Record<Encoding | '304', OutgoingHttpHeaders>>>();

  const encodingOf = (header: string | undefined): Encoding => {
    if (header === undefined) return 'identity';
    let encoding = encodings.get(header);
    if (encoding === undefined) {
      encoding = chooseEncoding(header);
      if (encodings.size >= MAX_REMEMBERED_ENCODINGS) encodings.clear();
      encodings.set(header, encoding);
    }
    return encoding;
  };

  const headersFor = (answer: CachedAnswer, kind: Encoding | '304', body: Buffer | null): OutgoingHttpHeaders => {
    let made = wire.get(answer);
    if (!made) {
      made = {};
      wire.set(answer, made);
    }
    let headers = made[kind];
    if (!headers) {
      headers = answerHeaders(answer, body, kind === '304' ? 'identity' : kind, securityHeaders);
      made[kind] = headers;
    }
    return headers;
  };

  return function fastLane(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET') return false;
    const address = request.url;
    if (!address?.startsWith('/api/')) return false;
    const version = cache.version.current();
    if (typeof version !== 'number') return false;
    const found = cache.answers.lookup(version, address);
    if (!found) return false;
    const { key, answer } = found;
    if (answer.status === 200 && etagMatches(request.headers['if-none-match'], answer.etag)) {
      response.writeHead(304, headersFor(answer, '304', null));
      response.end();
      return true;
    }
    const encoding = encodingOf(request.headers['accept-encoding']);
    const body = cache.answers.body(key, answer, encoding);
    if (body instanceof Promise) return false;
    response.writeHead(answer.status, headersFor(answer, body === answer.plain ? 'identity' : encoding, body));
    response.end(body);
    return true;
  };
}
