import type { CartLineDraft } from '../../lib/cart-line';
import { lineKeyOf } from '../../lib/cart-line';

/** Spec section 9, moodboard constants. */
export const EXPORT_SCALE = 2;
export const CAPTURE_DELAY_MS = 500;
export const IMAGE_TIMEOUT_MS = 15_000;
/** Spec section 4: the board shows 500 ms after the last photo has loaded. */
export const REVEAL_DELAY_MS = 500;
/** The board's tan: the colour of the exported PNG's background too. */
export const BOARD_BACKGROUND = '#c8a27c';

/** Card width in CSS pixels for a window `viewportWidth` wide: 400, at most 350 up to 1024, 300 up to 768. */
export function cardWidth(viewportWidth: number): number {
  if (viewportWidth <= 768) return 300;
  if (viewportWidth <= 1024) return 350;
  return 400;
}

/** How far each card of the stack sits from the one before: 10 px on a phone (up to 768 px), else 20. */
export function cardOffset(viewportWidth: number): number {
  return viewportWidth <= 768 ? 10 : 20;
}

export { progressPercent } from '../../lib/progress';

/** The PNG's name: the first product's name and 'moodboard', e.g. `gold-mirror-plinth-moodboard.png`. */
export function moodboardFileName(productName: string | undefined): string {
  const slug = (productName ?? '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug ? `${slug}-moodboard.png` : 'moodboard.png';
}

/**
 * Photos go through the image proxy as their xlarge variant scaled to 800 px (a 400 px card at 2x), so
 * the export is sharp, same-origin, and embeds no more pixels than it shows.
 */
export function boardPhotoUrl(photoUrl: string): string {
  return `/api/proxy-image?url=${encodeURIComponent(photoUrl.replace(/\/large_([^/]+)$/, '/xlarge_$1'))}&w=800`;
}

export interface MoodboardCard {
  /** Stable across devices: the line's key and the photo's place in the line. */
  id: string;
  /** The line this card belongs to, in the order of the lines. */
  lineIndex: number;
  label: string;
  photoUrl: string;
}

/** One card per photo: a product line's photo; a bundle's photo, then its chosen variations' photos. */
export function cardsFor(lines: CartLineDraft[]): MoodboardCard[] {
  return lines.flatMap((line, lineIndex) => {
    const photos: { label: string; url: string | null | undefined }[] = [{ label: line.name, url: line.photo_url }];
    if (line.isBundle) {
      for (const variation of line.bundleVariations)
        photos.push({ label: variation.displayName, url: variation.displayPhotoUrl });
    }
    const key = lineKeyOf(line);
    return photos.flatMap((photo, index) =>
      photo.url ? [{ id: `${key}#${index}`, lineIndex, label: photo.label, photoUrl: boardPhotoUrl(photo.url) }] : [],
    );
  });
}

/** Where card `index` of the stack sits before anyone moves it, in pixels from the board's centre top. */
export function stackPosition(index: number, count: number, offset: number): { x: number; y: number } {
  const spread = (Math.max(count, 1) - 1) * offset;
  return { x: index * offset - spread / 2, y: index * offset };
}
