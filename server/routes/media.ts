import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { proxyImageQuerySchema } from '../../src/lib/api-contract';
import { PHOTO_VARIANT_PATH, type PhotoVariant } from '../../src/lib/api-contract/photo-variants';
import type { Services } from '../app-services';
import { fail, parseQuery } from '../lib/http';
import { fetchRemoteImage, ProxyError, toXlarge } from '../services/image-proxy';
import { createPhotoResizer, type Photo } from '../services/photo-resize';

const LONG_CACHE = 'public, max-age=31536000, immutable';
/**
 * Photos are the shop's public pictures: a mail program showing an email in a browser (another
 * origin) and a page sharing an item may embed them, so they are not kept to this origin.
 */
const PHOTO_HEADERS = { 'Cache-Control': LONG_CACHE, 'Cross-Origin-Resource-Policy': 'cross-origin' };
const PHOTO_PATH = /^\/photos\/[A-Za-z0-9-]+\/(?:small|large|xlarge)_[A-Za-z0-9._-]+\.(webp|jpe?g|png)$/;
const TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };

/** Reads one of this server's own photo files; the path pattern rules out traversal. */
async function readOwnPhoto(photosDir: string, urlPath: string): Promise<{ body: Buffer; type: string } | null> {
  if (!PHOTO_PATH.test(urlPath)) return null;
  const file = path.join(photosDir, urlPath.slice('/photos/'.length));
  try {
    return { body: await readFile(file), type: TYPES[path.extname(file).slice(1)] ?? 'application/octet-stream' };
  } catch {
    return null;
  }
}

export function mediaRoutes({ config, proxy }: Services) {
  const app = new Hono();
  const resizer = createPhotoResizer();
  const ownHosts = new Set<string>();
  if (config.publicUrl) ownHosts.add(new URL(config.publicUrl).host.toLowerCase());

  /** Photo files written by the seed, under stable URLs that carry the owner id. */
  app.get('/photos/*', async (c) => {
    // A picture drawn from a photo file: an email's JPEG, a link preview.
    const variant = PHOTO_VARIANT_PATH.exec(c.req.path);
    if (variant) {
      const file = `/photos/${variant[1]}/${variant[3]}`;
      const photo = await resizer.variant(
        file,
        variant[2] as PhotoVariant,
        async () => (await readOwnPhoto(config.photosDir, file)) ?? fail(404, 'Photo not found'),
      );
      return c.body(new Uint8Array(photo.body), 200, { 'Content-Type': photo.type, ...PHOTO_HEADERS });
    }
    const photo = await readOwnPhoto(config.photosDir, c.req.path);
    if (!photo) fail(404, 'Photo not found');
    return c.body(new Uint8Array(photo.body), 200, { 'Content-Type': photo.type, ...PHOTO_HEADERS });
  });

  app.get('/api/proxy-image', async (c) => {
    const { url, w } = parseQuery(c, proxyImageQuerySchema);
    const requestHost = c.req.header('host')?.toLowerCase();
    let own: URL | null = null;
    if (url.startsWith('/') && !url.startsWith('//')) own = new URL(url, 'http://own.invalid');
    else {
      try {
        const parsed = new URL(url);
        const host = parsed.host.toLowerCase();
        if (
          !parsed.username &&
          !parsed.password &&
          (host === requestHost || ownHosts.has(host)) &&
          parsed.pathname.startsWith('/photos/')
        ) {
          own = parsed;
        }
      } catch {
        fail(400, 'Invalid query: url must be an absolute http(s) address or a /photos/ path');
      }
    }
    const send = (photo: Photo) =>
      c.body(new Uint8Array(photo.body), 200, {
        'Content-Type': photo.type,
        'Cache-Control': LONG_CACHE,
        'X-Content-Type-Options': 'nosniff',
      });
    const sized = (key: string, read: () => Promise<Photo>) => (w ? resizer.get(key, w, read) : read());
    if (own) {
      const file = toXlarge(own).pathname;
      return send(
        await sized(file, async () => {
          const photo = await readOwnPhoto(config.photosDir, file);
          if (!photo) fail(404, 'Photo not found');
          return photo;
        }),
      );
    }
    try {
      return send(
        await sized(url, async () => {
          const image = await fetchRemoteImage(url, { allowedHosts: config.photoHosts, ...proxy });
          return { body: image.body, type: image.contentType };
        }),
      );
    } catch (error) {
      if (error instanceof ProxyError) fail(error.status, error.message);
      throw error;
    }
  });

  return app;
}
