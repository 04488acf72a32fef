import { describe, expect, it } from 'vitest';
import { galleryView } from '../../../../src/features/catalogue/gallery-rules';

/** Issue 47: the popup's gallery shows the chosen variation's photo. */
const photo = (name: string) => ({
  large_url: `/photos/g/large_${name}.webp`,
  xlarge_url: `/photos/g/xlarge_${name}.webp`,
});
const none = { index: 0, show: null };

describe('the item gallery', () => {
  const photos = [photo('sage'), photo('rust'), photo('white')];

  it('shows the first photo with no variation chosen', () => {
    expect(galleryView(photos, null, null, none)).toEqual({ photos, index: 0 });
  });

  it('shows the chosen variation’s photo, and the next one chosen', () => {
    expect(galleryView(photos, null, photo('rust').large_url, none).index).toBe(1);
    expect(galleryView(photos, null, photo('white').large_url, { index: 1, show: photo('rust').large_url }).index).toBe(
      2,
    );
  });

  it('keeps a thumbnail the shopper picked until another variation is chosen', () => {
    const rust = photo('rust').large_url;
    expect(galleryView(photos, null, rust, { index: 0, show: rust }).index).toBe(0);
  });

  it('shows a variation’s photo that is not among the item’s first, in front', () => {
    const view = galleryView(photos, null, photo('gold').large_url, none);
    expect(view.index).toBe(0);
    expect(view.photos.map((p) => p.large_url)).toEqual([photo('gold').large_url, ...photos.map((p) => p.large_url)]);
    expect(view.photos[0]?.xlarge_url).toBe(photo('gold').xlarge_url);
  });

  it('shows the variation’s photo, else the item’s, before the photos load', () => {
    expect(galleryView([], '/photos/g/large_item.webp', null, none).photos[0]?.large_url).toBe(
      '/photos/g/large_item.webp',
    );
    expect(galleryView([], '/photos/g/large_item.webp', photo('rust').large_url, none).photos).toHaveLength(1);
    expect(galleryView([], null, null, none)).toEqual({ photos: [], index: 0 });
  });
});
