import { Hono } from 'hono';
import { LRUCache } from 'lru-cache';
import { moodboardPreviewQuerySchema } from '../../src/lib/api-contract';
import { decodeBoard } from '../../src/lib/moodboard-link';
import type { Services } from '../app-services';
import { fail, parseQuery } from '../lib/http';
import { rateLimit } from '../middleware/rate-limit';
import { previewKey, renderBoardPreview } from '../services/board-preview';
import type { PreviewMark } from '../services/preview-mark';

/** Previews kept in memory (about 40 KB each). */
const CACHE_BYTES = 16 * 1024 * 1024;

/**
 * `GET /api/moodboard/preview?board=…`: the image a shared moodboard link previews as (JPEG,
 * 1200 x 630), drawn from the link's content and the catalogue, and kept by both: the same link asks
 * nothing of the server again until the catalogue changes. Drawing costs CPU, so new drawings are
 * rate-limited per IP; answers from the cache are not.
 */
export function boardPreviewRoutes({ db, config, limiter, catalogue, business }: Services): Hono {
  const { version } = catalogue;
  const mark = (): PreviewMark => {
    const { name, logoUrl } = business();
    return { name, logoUrl };
  };
  const app = new Hono();
  const cache = new LRUCache<string, Buffer>({ maxSize: CACHE_BYTES, sizeCalculation: (body) => body.length || 1 });
  const drawing = new Map<string, Promise<Buffer | null>>();
  const limit = rateLimit(limiter, 'preview', config.rateLimits.preview, config.trustProxy);

  app.get('/moodboard/preview', async (c) => {
    const { board } = parseQuery(c, moodboardPreviewQuerySchema);
    if (!decodeBoard(board)) fail(400, 'Invalid query: board: not a moodboard share link');
    const key = previewKey(board, await version.current());
    const etag = `"${key}"`;
    const headers = { 'Content-Type': 'image/jpeg', 'Cache-Control': 'public, max-age=86400', ETag: etag };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    let image = cache.get(key);
    if (!image) {
      let job = drawing.get(key);
      if (!job) {
        await limit(c, async () => {});
        job = renderBoardPreview(db, config.photosDir, board, mark()).finally(() => drawing.delete(key));
        drawing.set(key, job);
      }
      const drawn = await job;
      if (!drawn) fail(404, 'Nothing on this moodboard can be drawn: its items are no longer in the catalogue');
      image = drawn;
      cache.set(key, image);
    }
    return c.body(new Uint8Array(image), 200, headers);
  });
  return app;
}
