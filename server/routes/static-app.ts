import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { etag } from 'hono/etag';

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

/** Files that must be revalidated on every load so a new deploy is picked up. */
const ALWAYS_REVALIDATE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/robots.txt', '/registerSW.js']);

function cacheControl(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
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
 * Serves the built app: hashed assets immutable; index.html, sw.js and the manifest no-cache; any
 * other path without a file extension falls back to index.html so the client router can take it.
 */
export function staticAppRoutes(distDir: string) {
  const root = path.resolve(distDir);
  const app = new Hono();
  app.use('*', etag());
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const urlPath = c.req.path;
    if (urlPath.startsWith('/api/')) return next();
    const file = (urlPath !== '/' && (await fileIn(root, urlPath))) || null;
    const isAppRoute = !file && !path.posix.basename(urlPath).includes('.');
    const target = file ?? (isAppRoute ? path.join(root, 'index.html') : null);
    if (!target) return next();
    let body: Buffer;
    try {
      body = await readFile(target);
    } catch {
      return c.json({ error: 'The app is not built: run npm run build' }, 503);
    }
    const served = file ? urlPath : '/index.html';
    return c.body(new Uint8Array(body), 200, {
      'Content-Type': TYPES[path.extname(target)] ?? 'application/octet-stream',
      'Cache-Control': cacheControl(served),
      ...(served === '/sw.js' ? { 'Service-Worker-Allowed': '/' } : {}),
    });
  });
  return app;
}
