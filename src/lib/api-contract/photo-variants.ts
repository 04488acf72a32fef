/**
 * Pictures the server derives from a photo file, by address: `/photos/<owner>/<variant>-<file>.jpg`.
 * - `email`: 160 px wide JPEG, its aspect ratio kept (mail programs that show no WebP show JPEG).
 * - `preview`: a link preview, 1200 x 630 JPEG: the whole photo over a soft blur of itself.
 */
export type PhotoVariant = 'email' | 'preview';

/** Link previews (Open Graph, Twitter cards) are 1200 x 630. */
export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;

const OWN_PHOTO = /^\/photos\/([A-Za-z0-9-]+)\/((small|large|xlarge)_([A-Za-z0-9._-]+\.(?:webp|jpe?g|png)))$/;

/** A variant's address: its variant, the photo's owner and the photo file it is drawn from. */
export const PHOTO_VARIANT_PATH =
  /^\/photos\/([A-Za-z0-9-]+)\/(email|preview)-((?:small|large|xlarge)_[A-Za-z0-9._-]+\.(?:webp|jpe?g|png))\.jpg$/;

/**
 * The address of a variant of one of the shop's own photos (a preview is drawn from the 1200 px
 * `xlarge_` file), or null for a photo elsewhere.
 */
export function photoVariantPath(url: string | null | undefined, variant: PhotoVariant): string | null {
  const own = url ? OWN_PHOTO.exec(url) : null;
  if (!own) return null;
  const file = variant === 'preview' ? `xlarge_${own[4]}` : own[2];
  return `/photos/${own[1]}/${variant}-${file}.jpg`;
}
