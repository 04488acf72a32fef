import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { brotliText, COMPRESS_MIN_BYTES, gzipText } from '../lib/compress.ts';
import type { AnswerCacheStats } from '../observability/metrics';
import type { Encoding } from './http-cache-rules';

/** What one entry costs besides its bodies (key, headers, bookkeeping), counted against the bound. */
const ENTRY_OVERHEAD_BYTES = 512;
/** Request addresses longer than this are not remembered as aliases (they take the routed path). */
const MAX_ALIAS_LENGTH = 512;

/** One answer, held ready to send: the plain body, its gzip, and its brotli once asked for. */
export interface CachedAnswer {
  status: number;
  contentType: string;
  /** Weak ETag over the plain body: the same content keeps its ETag across data versions. */
  etag: string;
  plain: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
  /** Brotli under way (it is made on the first request that accepts it). */
  brPending: Promise<Buffer> | null;
}

export interface BuiltAnswer {
  status: number;
  contentType: string;
  body: Buffer;
  /** How long the answer may be kept; undefined keeps it until its version changes or it is evicted. */
  ttlMs?: number;
  /** False for bodies already compressed (photos, fonts): they are always sent as they are. */
  compressible?: boolean;
  /** Compressed copies made beforehand (the build's, at the highest settings), used as they are. */
  encoded?: { br: Buffer; gzip: Buffer } | null;
}

/** A request address (path and raw query) that is known to mean a normalised key. */
interface Alias {
  key: string;
}

type Entry = CachedAnswer | Alias;
const isAlias = (entry: Entry): entry is Alias => 'key' in entry;
const ALIAS_PREFIX = '\u0000url:';

const sizeOf = (entry: Entry, key: string) =>
  isAlias(entry)
    ? 128 + 2 * (key.length + entry.key.length)
    : ENTRY_OVERHEAD_BYTES + entry.plain.length + (entry.gzip?.length ?? 0) + (entry.br?.length ?? 0);

export function weakEtag(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/**
 * Answers kept in memory, compressed, keyed by the data version and the normalised request. Bounded
 * in bytes with least-recently-used eviction. Concurrent misses of one key share one build, so a cold
 * start under load builds each answer once. Answers of an older version are dropped as soon as a
 * newer version is seen (they can never be served again).
 */
export class AnswerCache {
  private readonly lru: LRUCache<string, Entry>;
  private readonly building = new Map<string, Promise<CachedAnswer>>();
  private version = 0;
  private hits = 0;
  private misses = 0;

  constructor(readonly maxBytes: number) {
    this.lru = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      sizeCalculation: sizeOf,
      // A single answer may take at most a quarter of the cache.
      maxEntrySize: Math.max(1, Math.floor(maxBytes / 4)),
    });
  }

  /** Forgets every answer of versions before this one. */
  advanceTo(version: number): void {
    if (version <= this.version) return;
    this.version = version;
    this.lru.clear();
    this.building.clear();
  }

  /** The cached answer for key at version, or undefined (no build started). The hot path. */
  peek(version: number, key: string): CachedAnswer | undefined {
    if (version !== this.version) return undefined;
    const found = this.lru.get(key);
    if (!found || isAlias(found)) return undefined;
    this.hits++;
    return found;
  }

  /**
   * Remembers that a request address (as the client wrote it) means key, so a later request with the
   * same address is answered before routing and validation. Counted against the same bound.
   */
  remember(version: number, address: string, key: string): void {
    if (version !== this.version || address.length > MAX_ALIAS_LENGTH) return;
    const aliasKey = ALIAS_PREFIX + address;
    if (this.lru.peek(aliasKey) === undefined) this.lru.set(aliasKey, { key });
  }

  /** The answer for a request address remembered at version, if both are still here. */
  lookup(version: number, address: string): { key: string; answer: CachedAnswer } | undefined {
    if (version !== this.version || address.length > MAX_ALIAS_LENGTH) return undefined;
    const alias = this.lru.get(ALIAS_PREFIX + address);
    if (!alias || !isAlias(alias)) return undefined;
    const answer = this.peek(version, alias.key);
    return answer ? { key: alias.key, answer } : undefined;
  }

  /** The answer for key at version: cached, being built, or built now by build(). */
  async get(version: number, key: string, build: () => Promise<BuiltAnswer>): Promise<CachedAnswer> {
    const found = this.peek(version, key);
    if (found) return found;
    this.advanceTo(version);
    const pending = this.building.get(key);
    if (pending) return pending;
    this.misses++;
    const promise = (async () => {
      const built = await build();
      const answer: CachedAnswer = {
        status: built.status,
        contentType: built.contentType,
        etag: weakEtag(built.body),
        plain: built.body,
        gzip:
          built.encoded?.gzip ??
          (built.compressible !== false && built.body.length >= COMPRESS_MIN_BYTES ? await gzipText(built.body) : null),
        br: built.encoded?.br ?? null,
        brPending: null,
      };
      // Kept only while its version is still the newest seen: an older one could never be served.
      if (version === this.version) this.lru.set(key, answer, built.ttlMs ? { ttl: built.ttlMs } : undefined);
      return answer;
    })().finally(() => {
      if (this.building.get(key) === promise) this.building.delete(key);
    });
    this.building.set(key, promise);
    return promise;
  }

  /**
   * The body to send for an encoding: the stored one, or brotli made once and stored beside the
   * others. Answers too small to compress go plain whatever the client accepts.
   */
  body(key: string, answer: CachedAnswer, encoding: Encoding): Buffer | Promise<Buffer> {
    if (!answer.gzip || encoding === 'identity') return answer.plain;
    if (encoding === 'gzip') return answer.gzip;
    if (answer.br) return answer.br;
    answer.brPending ??= brotliText(answer.plain, 9).then((br) => {
      answer.br = br;
      answer.brPending = null;
      // Count its bytes: set again (same key, same answer) so the bound holds.
      if (this.lru.peek(key) === answer) this.lru.set(key, answer, { noUpdateTTL: true });
      return br;
    });
    return answer.brPending;
  }

  stats(): AnswerCacheStats {
    return {
      entries: this.lru.size,
      bytes: this.lru.calculatedSize,
      maxBytes: this.maxBytes,
      hits: this.hits,
      misses: this.misses,
    };
  }
}
