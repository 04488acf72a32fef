import { photoVariant } from './display-product';

export interface GalleryPhoto {
  large_url: string;
  xlarge_url: string;
}

/** A thumbnail the shopper picked, and the variation photo that was shown when they did. */
export interface GalleryPick {
  index: number;
  show: string | null;
}

/**
 * What an item's gallery shows: its photos (before they load, the chosen variation's or the item's
 * own), and which is large. The chosen variation's photo (`show`, a large URL) is shown when it
 * changes, even if it is not among the item's photos; a thumbnail picked since stays until the next
 * variation is chosen.
 */
export function galleryView(
  photos: GalleryPhoto[],
  fallback: string | null,
  show: string | null,
  picked: GalleryPick,
): { photos: GalleryPhoto[]; index: number } {
  const one = (url: string) => ({ large_url: url, xlarge_url: photoVariant(url, 'xlarge') ?? url });
  let list = photos.length > 0 ? photos : show || fallback ? [one(show ?? fallback ?? '')] : [];
  let wanted = show ? list.findIndex((photo) => photo.large_url === show) : -1;
  if (show && wanted < 0) {
    list = [one(show), ...list];
    wanted = 0;
  }
  const index = picked.show === show ? picked.index : Math.max(wanted, 0);
  return { photos: list, index: Math.min(index, Math.max(list.length - 1, 0)) };
}
