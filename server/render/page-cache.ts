import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { brotliText, gzipText } from '../lib/compress';

/**
 * A rendered page as every visitor gets it: the same bytes for everyone (its inline scripts are
 * allowed by their hashes, not by a per-answer nonce), gzipped once when it is rendered, and made
 * into brotli once after its first answer to a browser that takes brotli (brotliOf).
 */
export interface PageTemplate {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  gzipped: Buffer;
  /** Its brotli (quality 11), once made; null until then. */
  brotli: Buffer | null;
  /** `'sha256-…'` of each inline script, in page order, for the Content-Security-Policy. */
  scriptHashes: string[];
}

/** Inline scripts: a <script> with no src. Data blocks (JSON-LD) are hashed too: harmless, and simpler. */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The CSP source of each inline script in the page, `'sha256-<base64>'` of its text exactly as it
 * stands between the tags (what the browser hashes: a script's text is raw, never entity-decoded).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const hash = `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    if (!hashes.includes(hash)) hashes.push(hash);
  }
  return hashes;
}

export async function templateOf(status: number, headers: Record<string, string>, html: string): Promise<PageTemplate> {
  const body = Buffer.from(html);
  const gzipped = await gzipText(body, 'best');
  return { status, headers, body, gzipped, brotli: null, scriptHashes: inlineScriptHashes(html) };
}

const compressing = new WeakSet<PageTemplate>();

/**
 * The page's brotli, or null while it is not made yet: it is then made in the background, off the
 * event loop, and the asker gets the gzip. Brotli at quality 11 costs about 175 ms of a core for
 * /hire/decor, too much to add to a page's first answer, and is made once per page and data version.
 * It is worth it: 13.3 KB against 16.8 KB of gzip, under the 14.6 KB a new connection's first round
 * trip carries, so a phone on a new connection gets the page a round trip sooner.
 */
export function brotliOf(page: PageTemplate): Buffer | null {
  if (page.brotli || compressing.has(page)) return page.brotli;
  compressing.add(page);
  brotliText(page.body, 'best')
    .then((brotli) => {
      page.brotli = brotli;
    })
    // The gzip keeps serving; the next answer tries again.
    .catch(() => compressing.delete(page));
  return null;
}

export interface PageCache {
  get(version: number, key: string, render: () => Promise<PageTemplate | null>): Promise<PageTemplate | null>;
  readonly size: number;
}

/**
 * A byte-bounded LRU of rendered pages keyed by data version and address; renders of the same page
 * at once share one. A render that gives null (a redirect, an error) is not kept.
 */
export function createPageCache(maxBytes: number): PageCache {
  const pages = new LRUCache<string, PageTemplate>({
    maxSize: maxBytes,
    // Room for the brotli made later too: it is smaller than the gzip.
    sizeCalculation: (page) => 256 + page.body.length + 2 * page.gzipped.length,
  });
  const pending = new Map<string, Promise<PageTemplate | null>>();
  return {
    get size() {
      return pages.size;
    },
    async get(version, key, render) {
      const full = `${version}\u0000${key}`;
      const found = pages.get(full);
      if (found) return found;
      let flight = pending.get(full);
      if (!flight) {
        flight = render()
          .then((page) => {
            if (page) pages.set(full, page);
            return page;
          })
          .finally(() => pending.delete(full));
        pending.set(full, flight);
      }
      return flight;
    },
  };
}
