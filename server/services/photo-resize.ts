import { LRUCache } from 'lru-cache';
import sharp from 'sharp';

/** Widths a client may ask the image proxy for: what a moodboard card needs at 2x (400 CSS px). */
export const PROXY_WIDTHS = ['800'] as const;
export type ProxyWidth = (typeof PROXY_WIDTHS)[number];

export interface Photo {
  body: Buffer;
  type: string;
}

/** The width of a photo in an email: 80 CSS pixels, at twice that for sharp screens. */
export const EMAIL_PHOTO_WIDTH = 160;

type Format = 'webp' | 'jpeg';

/**
 * Scales photos down to a proxy width as WebP, keeping each answer in a byte-bounded cache: a
 * moodboard export embeds twenty of them, and a 1,200 px file costs the browser time it does not
 * need to spend for an 800 px card. A photo narrower than the width is sent as it is. Email photos
 * are JPEG whatever their width: mail programs that show no WebP still show JPEG.
 */
export function createPhotoResizer(maxBytes = 48 * 1024 * 1024) {
  const cache = new LRUCache<string, Photo>({ maxSize: maxBytes, sizeCalculation: (photo) => photo.body.length || 1 });
  const pending = new Map<string, Promise<Photo>>();

  async function resize(photo: Photo, width: number, format: Format): Promise<Photo> {
    try {
      const image = sharp(photo.body, { failOn: 'error' });
      if (format === 'jpeg') {
        const body = await image
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 82, mozjpeg: true })
          .toBuffer();
        return { body, type: 'image/jpeg' };
      }
      const { width: natural = 0 } = await image.metadata();
      if (natural <= width) return photo;
      const body = await image.resize({ width, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
      return { body, type: 'image/webp' };
    } catch {
      // A file sharp cannot read (an animated or unusual format) goes as it came: the browser may.
      return photo;
    }
  }

  return {
    /** The photo at `key`, read by `read` when not cached, at most `width` pixels wide. */
    async get(
      key: string,
      width: ProxyWidth | typeof EMAIL_PHOTO_WIDTH,
      read: () => Promise<Photo>,
      format: Format = 'webp',
    ): Promise<Photo> {
      const id = `${width} ${format} ${key}`;
      const hit = cache.get(id);
      if (hit) return hit;
      let job = pending.get(id);
      if (!job) {
        job = read()
          .then((photo) => resize(photo, Number(width), format))
          .finally(() => pending.delete(id));
        pending.set(id, job);
      }
      const photo = await job;
      cache.set(id, photo);
      return photo;
    },
  };
}
