import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * Rendered pages, kept per data version and address. A page is stored with a placeholder where its
 * script nonce goes, as the pieces between placeholders: each answer joins them around a fresh nonce,
 * so no two answers share one and nothing is rendered again.
 */
export interface PageTemplate {
  status: number;
  headers: Record<string, string>;
  pieces: Buffer[];
}

/** Made once per process: a nonce can never be mistaken for it, and no page text contains it. */
export const NONCE_PLACEHOLDER = `nonce-${randomBytes(12).toString('hex')}`;

/** A fresh nonce for one answer: 128 random bits, base64. */
export const newNonce = () => randomBytes(16).toString('base64');

export function templateOf(status: number, headers: Record<string, string>, html: string): PageTemplate {
  return { status, headers, pieces: html.split(NONCE_PLACEHOLDER).map((piece) => Buffer.from(piece)) };
}

/** The page with `nonce` in every place the placeholder stood. */
export function fillTemplate(template: PageTemplate, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce);
  const parts: Buffer[] = [];
  template.pieces.forEach((piece, index) => {
    if (index > 0) parts.push(nonceBytes);
    parts.push(piece);
  });
  return Buffer.concat(parts);
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
    sizeCalculation: (page) => 256 + page.pieces.reduce((sum, piece) => sum + piece.length, 0),
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
