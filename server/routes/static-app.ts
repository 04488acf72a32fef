import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { isUnder, PREFIX } from '../../src/lib/route-prefixes';
import { AnswerCache } from '../cache/answer-cache';
import { sendAnswer } from '../cache/catalogue-cache';
import { PRECOMPRESSED_SUFFIX, readPrecompressed } from '../lib/precompressed';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};
/** Already compressed formats: sent as they are. */
const PACKED = new Set(['.png', '.webp', '.woff2', '.ico']);

/** The build's compressed copies of a file are sent for it (negotiated), never as files of their own. */
const isCopy = (urlPath: string) => Object.values(PRECOMPRESSED_SUFFIX).some((suffix) => urlPath.endsWith(suffix));

/** Files that must be revalidated on every load so a new deploy is picked up. */
const ALWAYS_REVALIDATE = new Set(['/sw.js', '/manifest.webmanifest', '/robots.txt', '/registerSW.js']);
/** How often, at most, a file not named by its hash is looked at again on disk (a rebuild replaces it). */
const RECHECK_MS = 1_000;
/** Bytes of the built app kept in memory, compressed. */
const STATIC_CACHE_BYTES = 32 * 1024 * 1024;

function cacheControl(urlPath: string): string {
  if (isUnder(urlPath, PREFIX.assets)) return 'public, max-age=31536000, immutable';
  if (ALWAYS_REVALIDATE.has(urlPath)) return 'no-cache';
  return 'public, max-age=86400';
}

async function fileIn(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const file = path.resolve(root, `.${decoded}`);
  if (!file.startsWith(root + path.sep)) return null;
  try {
    return (await stat(file)).isFile() ? file : null;
  } catch {
    return null;
  }
}

/**
 * Serves the built app from memory: each file read once, with the build's compressed copies beside
 * it (else gzipped once, and brotli made on the first request that accepts it), with a weak ETag and
 * 304s. Hashed assets are immutable; sw.js and the manifest no-cache. A path with no file goes on to
 * the pages (server/render). A file is looked at on disk again at most once a second, so a rebuild
 * shows. The build's own manifest (.vite/) is not served.
 */
export function staticAppRoutes(distDir: string) {
  const root = path.resolve(distDir);
  const app = new Hono();
  const files = new AnswerCache(STATIC_CACHE_BYTES);
  /** The cache key of a file (its path, size and modification time) and when it was last looked at. */
  const seen = new Map<string, { key: string; at: number }>();

  async function keyOf(file: string, hashed: boolean): Promise<string | null> {
    const known = seen.get(file);
    if (known && (hashed || Date.now() - known.at < RECHECK_MS)) return known.key;
    try {
      const info = await stat(file);
      const key = `${file}:${info.size}:${info.mtimeMs}`;
      seen.set(file, { key, at: Date.now() });
      return key;
    } catch {
      seen.delete(file);
      return null;
    }
  }

  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const urlPath = c.req.path;
    if (isUnder(urlPath, PREFIX.api)) return next();
    const file =
      (urlPath !== '/' && !urlPath.startsWith('/.vite/') && !isCopy(urlPath) && (await fileIn(root, urlPath))) || null;
    if (!file) return next();
    const key = await keyOf(file, isUnder(urlPath, PREFIX.assets));
    if (!key) return c.json({ error: 'The app is not built: run npm run build' }, 503);
    const extension = path.extname(file);
    const answer = await files.get(1, key, async () => ({
      status: 200,
      contentType: TYPES[extension] ?? 'application/octet-stream',
      body: await readFile(file),
      compressible: !PACKED.has(extension),
      encoded: PACKED.has(extension) ? null : await readPrecompressed(file),
    }));
    return sendAnswer(c, files, key, answer, {
      'cache-control': cacheControl(urlPath),
      ...(urlPath === '/sw.js' ? { 'service-worker-allowed': '/' } : {}),
    });
  });
  return app;
}
