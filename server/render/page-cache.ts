import { randomBytes } from 'node:crypto';
import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
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
  /** The pieces deflated, each ending on a byte boundary, so a nonce fits between them (gzipTemplate). */
  deflated: Buffer[];
}

/** Made once per process: a nonce can never be mistaken for it, and no page text contains it. */
export const NONCE_PLACEHOLDER = `nonce-${randomBytes(12).toString('hex')}`;

/** The length of every nonce: 16 random bytes in base64. */
export const NONCE_LENGTH = 24;

/** A fresh nonce for one answer: 128 random bits, base64. */
export const newNonce = () => randomBytes(16).toString('base64');

/**
 * Where the nonces will go, as the deflater sees them: as long as a nonce, of a byte no page holds.
 * Later pieces then refer back across it at the right distances, yet never into it (nothing they
 * hold equals it), so it can be swapped for any nonce after compression.
 */
const FILLER = Buffer.alloc(NONCE_LENGTH, 1);

const flushed = (deflate: ReturnType<typeof createDeflateRaw>, out: Buffer[]) =>
  new Promise<Buffer>((resolve, reject) => {
    deflate.once('error', reject);
    deflate.flush(constants.Z_SYNC_FLUSH, () => {
      deflate.off('error', reject);
      resolve(Buffer.concat(out.splice(0)));
    });
  });

/**
 * The pieces through one deflate stream, with a sync flush after each (it ends the data on a byte
 * boundary without closing the stream) and the filler between them, whose output is dropped. One
 * stream lets the hydration data refer back to the cards and the JSON-LD: about a third smaller
 * than pieces deflated apart, whose window starts empty at every nonce.
 */
async function deflateTogether(pieces: Buffer[]): Promise<Buffer[]> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const deflated: Buffer[] = [];
  try {
    for (const [index, piece] of pieces.entries()) {
      if (index > 0) {
        deflate.write(FILLER);
        await flushed(deflate, out);
      }
      deflate.write(piece);
      deflated.push(await flushed(deflate, out));
    }
  } finally {
    deflate.close();
  }
  return deflated;
}

export async function templateOf(status: number, headers: Record<string, string>, html: string): Promise<PageTemplate> {
  const pieces = html.split(NONCE_PLACEHOLDER).map((piece) => Buffer.from(piece));
  // A page holding the filler's byte could refer into it: such a page is deflated piece by piece.
  const deflated = html.includes('\u0001')
    ? pieces.map((piece) => deflateRawSync(piece, { level: 6, finishFlush: constants.Z_SYNC_FLUSH }))
    : await deflateTogether(pieces);
  return { status, headers, pieces, deflated };
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The last deflate block: empty, stored, marked final. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/** Bytes stored as they are in a deflate stream: one stored block (the nonce, a few dozen bytes). */
function storedBlock(bytes: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head[0] = 0; // not final, stored; the rest of the byte is padding
  head.writeUInt16LE(bytes.length, 1);
  head.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([head, bytes]);
}

/**
 * The page gzipped with `nonce` in it, without compressing anything per answer: the pieces were
 * deflated once when the page was rendered; the nonce goes between them as stored blocks, and the
 * gzip trailer takes the CRC-32 and length of the whole. The same bytes gunzip to fillTemplate's.
 */
export function gzipTemplate(template: PageTemplate, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce);
  if (nonceBytes.length !== NONCE_LENGTH) throw new Error(`A nonce is ${NONCE_LENGTH} bytes long`);
  const nonceBlock = storedBlock(nonceBytes);
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  template.pieces.forEach((piece, index) => {
    if (index > 0) {
      parts.push(nonceBlock);
      crc = crc32(nonceBytes, crc);
      length += nonceBytes.length;
    }
    parts.push(template.deflated[index] as Buffer);
    crc = crc32(piece, crc);
    length += piece.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
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
    sizeCalculation: (page) => 256 + [...page.pieces, ...page.deflated].reduce((sum, piece) => sum + piece.length, 0),
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
