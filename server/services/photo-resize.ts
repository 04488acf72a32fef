import { LRUCache } from 'lru-cache';
import { type PhotoVariant, PREVIEW_SIZE } from '../../src/lib/api-contract/photo-variants';
import { sharp } from '../lib/sharp';

/** Widths a client may ask the image proxy for: what a moodboard card needs at 2x (400 CSS px). */
export const PROXY_WIDTHS = ['800'] as const;
export type ProxyWidth = (typeof PROXY_WIDTHS)[number];

/** The width of a photo in an email: 80 CSS pixels, at twice that for sharp screens. */
export const EMAIL_PHOTO_WIDTH = 160;

export interface Photo {
  body: Buffer;
  type: string;
}

/** A photo at most `width` wide as WebP; a narrower one as it is. */
async function scaledWebp(photo: Photo, width: number): Promise<Photo> {
  const image = sharp(photo.body, { failOn: 'error' });
  const { width: natural = 0 } = await image.metadata();
  if (natural <= width) return photo;
  return {
    body: await image.resize({ width, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
    type: 'image/webp',
  };
}

/** An email's photo: JPEG, EMAIL_PHOTO_WIDTH wide at most, its aspect ratio kept. */
async function emailJpeg(photo: Photo): Promise<Photo> {
  const body = await sharp(photo.body, { failOn: 'error' })
    .rotate()
    .resize({ width: EMAIL_PHOTO_WIDTH, withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  return { body, type: 'image/jpeg' };
}

/**
 * A link preview of a photo: 1200 x 630 JPEG, the whole photo (a prop is not cropped to a band of
 * itself) in the middle, over a soft, darkened blur of itself filling the width.
 */
export async function previewJpeg(photo: Photo): Promise<Photo> {
  const { width, height } = PREVIEW_SIZE;
  const source = sharp(photo.body, { failOn: 'error' }).rotate().flatten({ background: '#ffffff' });
  const [backdrop, whole] = await Promise.all([
    source.clone().resize({ width, height, fit: 'cover' }).blur(28).modulate({ brightness: 0.86 }).toBuffer(),
    source.clone().resize({ width, height, fit: 'inside' }).toBuffer({ resolveWithObject: true }),
  ]);
  const body = await sharp(backdrop)
    .composite([
      {
        input: whole.data,
        left: Math.round((width - whole.info.width) / 2),
        top: Math.round((height - whole.info.height) / 2),
      },
    ])
    .jpeg({ quality: 84, mozjpeg: true })
    .toBuffer();
  return { body, type: 'image/jpeg' };
}

const VARIANTS: Record<PhotoVariant, (photo: Photo) => Promise<Photo>> = { email: emailJpeg, preview: previewJpeg };

/**
 * Pictures drawn from photo files, kept in a byte-bounded cache: the proxy's scaled WebP (a
 * moodboard export embeds twenty of them, and a 1,200 px file costs the browser time it does not need
 * to spend for an 800 px card), an email's JPEG and a link preview.
 */
export function createPhotoResizer(maxBytes = 48 * 1024 * 1024) {
  const cache = new LRUCache<string, Photo>({ maxSize: maxBytes, sizeCalculation: (photo) => photo.body.length || 1 });
  const pending = new Map<string, Promise<Photo>>();

  /** What `make` draws from the photo `read` gives, once for any number of requests at a time. */
  async function derive(id: string, read: () => Promise<Photo>, make: (photo: Photo) => Promise<Photo>) {
    const hit = cache.get(id);
    if (hit) return hit;
    let job = pending.get(id);
    if (!job) {
      job = read()
        .then(async (photo) => {
          try {
            return await make(photo);
          } catch {
            // A file sharp cannot read (an animated or unusual format) goes as it came: the browser may.
            return photo;
          }
        })
        .finally(() => pending.delete(id));
      pending.set(id, job);
    }
    const photo = await job;
    cache.set(id, photo);
    return photo;
  }

  return {
    /** The photo at `key`, read by `read` when not cached, at most `width` pixels wide. */
    get: (key: string, width: ProxyWidth, read: () => Promise<Photo>) =>
      derive(`${width} ${key}`, read, (photo) => scaledWebp(photo, Number(width))),
    /** A variant of the photo file at `key`. */
    variant: (key: string, variant: PhotoVariant, read: () => Promise<Photo>) =>
      derive(`${variant} ${key}`, read, VARIANTS[variant]),
  };
}
