import { useState } from 'react';
import type { PhotoResource } from '../../../lib/api-contract';
import { mainPhoto } from '../../../lib/main-photo';

/** The item's photos: a large one and thumbnails to switch between them. */
export function PhotoGallery({
  photos,
  fallback,
  name,
}: {
  photos: PhotoResource[];
  fallback: string | null;
  name: string;
}) {
  const [index, setIndex] = useState(0);
  const urls =
    photos.length > 0
      ? photos.map((photo) => photo.attributes)
      : fallback
        ? [{ large_url: fallback, xlarge_url: fallback }]
        : [];
  const current = urls[Math.min(index, urls.length - 1)];
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
