/**
 * The largest photo the server decodes (issue 63): 100 million pixels, a 12,000 x 8,000 picture, far
 * above any phone's usual photo. A 1 MB PNG can declare 256 million pixels and cost 3 to 20 s of CPU
 * to decode: its size is read from its header first (sharp's metadata decodes nothing) and a larger
 * one is refused, and every decode is capped at the same limit besides.
 */
export const PHOTO_PIXEL_LIMIT = 100_000_000;

/** What to tell the person who sent a photo over the limit, or null when it is within it. */
export function tooManyPixels(meta: { width?: number; height?: number }): string | null {
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height <= PHOTO_PIXEL_LIMIT) return null;
  return `that photo is ${width.toLocaleString('en-AU')} x ${height.toLocaleString('en-AU')} pixels: send one of at most 100 megapixels (a smaller copy)`;
}

/** Options for every sharp decode of a photo someone sent. */
export const DECODE_LIMITS = { limitInputPixels: PHOTO_PIXEL_LIMIT } as const;

/** For reading a photo's header alone (metadata decodes no pixels): its size is checked by tooManyPixels. */
export const HEADER_ONLY = { limitInputPixels: false } as const;
