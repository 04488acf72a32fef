import { useState } from 'react';
import type { PhotoResource } from '../../../lib/api-contract';
import { mainPhoto } from '../../../lib/main-photo';
import { type GalleryPick, galleryView } from '../gallery-rules';

/**
 * The item's photos: a large one, whole whatever its shape, and thumbnails to switch between them.
 * `show` (a large photo URL, the chosen variation's) is shown when it changes; a thumbnail picked
 * after it stays until the next variation is chosen.
 */
export function PhotoGallery({
  photos,
  fallback,
  name,
  show = null,
}: {
  photos: PhotoResource[];
  fallback: string | null;
  name: string;
  show?: string | null;
}) {
  const [picked, setPicked] = useState<GalleryPick>({ index: 0, show: null });
  const { photos: urls, index } = galleryView(
    photos.map((photo) => photo.attributes),
    fallback,
    show,
    picked,
  );
  const setIndex = (i: number) => setPicked({ index: i, show });
  const current = urls[index];
  if (!current) return <div className="gallery gallery--empty" aria-hidden="true" />;
  return (
    <div className="gallery">
      <img
        className="gallery__main"
        src={current.xlarge_url}
        width={1200}
        height={1200}
        alt={name}
        {...mainPhoto(true)}
      />
      {urls.length > 1 && (
        <div className="gallery__thumbs">
          {urls.map((url, i) => (
            <button
              key={url.large_url}
              type="button"
              aria-label={`Photo ${i + 1} of ${urls.length}`}
              aria-pressed={i === index}
              onClick={() => setIndex(i)}
            >
              <img src={url.large_url} width={64} height={64} alt="" loading="lazy" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
