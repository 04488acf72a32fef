import { describe, expect, it } from 'vitest';
import demoBusiness from '../../../../server/seed/demo-business.json';
import { collageImages } from '../../../../src/features/collage/collage-data';
import {
  boxFor,
  CONTAINERS,
  defaultFit,
  largestImage,
  progressPercent,
  usesMobileLayout,
  variantFor,
} from '../../../../src/features/collage/collage-layout';

/** The demo's collage (business.json) in its places, with the URLs the server would give. */
const COLLAGE_IMAGES = collageImages(
  demoBusiness.collage.map((entry, index) => ({
    url: `/photos/p${index}/large_${index}.webp`,
    title: entry.title,
    link: entry.link || null,
    small: true,
  })),
);

describe('collage layout', () => {
  it.each([
    [320, 'mobile'],
    [480, 'mobile'],
    [481, 'smallTablet'],
    [768, 'smallTablet'],
    [769, 'tablet'],
    [1024, 'tablet'],
    [1025, 'desktop'],
    [1920, 'desktop'],
  ])('picks the layout for %i px: %s', (width, variant) => {
    expect(variantFor(width)).toBe(variant);
  });

  it('uses the mobile layout up to 768 px', () => {
    expect([480, 768, 769, 1024].map(usesMobileLayout)).toEqual([true, true, false, false]);
  });

  it('fits the longest side to at most 400 when there is no default size, keeping the ratio', () => {
    expect(defaultFit({ width: 1200, height: 800 })).toEqual({ width: 400, height: 267 });
    expect(defaultFit({ width: 600, height: 1200 })).toEqual({ width: 200, height: 400 });
    expect(defaultFit({ width: 300, height: 200 })).toEqual({ width: 300, height: 200 });
    const sizeless = {
      ...(COLLAGE_IMAGES[0] as (typeof COLLAGE_IMAGES)[number]),
      defaultSize: { width: 0, height: 0 },
    };
    expect(boxFor(sizeless, 'desktop', { width: 1000, height: 500 }).size).toEqual({ width: 400, height: 200 });
  });

  it('counts progress as loaded over total, capped at 100', () => {
    expect(progressPercent(0, 11)).toBe(0);
    expect(progressPercent(5, 11)).toBe(45);
    expect(progressPercent(11, 11)).toBe(100);
    expect(progressPercent(14, 11)).toBe(100);
    expect(progressPercent(0, 0)).toBe(100);
  });

  it('holds 11 images, the tenth the logo without a link, and the spec links in order', () => {
    expect(COLLAGE_IMAGES).toHaveLength(11);
    expect(COLLAGE_IMAGES[9]).toMatchObject({ type: 'logo', linkUrl: null });
    expect(COLLAGE_IMAGES.flatMap((image) => (image.linkUrl ? [image.linkUrl] : []))).toEqual([
      '/hire/tableware',
      '/hire/ghost_range',
      '/hire/servingware',
      '/search?q=silver+mirror+plinth',
      '/search?q=silver%20goblet%20cups',
      '/search?q=natural%20urn%20large',
      '/search?q=natural%20scallop%20clam%20bowl',
      '/search?q=seashell%20glass',
      '/hire/pots_vases',
      '/hire/trays',
    ]);
  });

  it.each(['mobile', 'smallTablet', 'tablet', 'desktop'] as const)(
    'keeps every image inside the %s container, the logo centred and the largest',
    (variant) => {
      const container = CONTAINERS[variant];
      for (const image of COLLAGE_IMAGES) {
        const { position, size } = boxFor(image, variant);
        expect(position.x, image.id).toBeGreaterThanOrEqual(0);
        expect(position.y, image.id).toBeGreaterThanOrEqual(0);
        expect(position.x + size.width, image.id).toBeLessThanOrEqual(container.width);
        expect(position.y + size.height, image.id).toBeLessThanOrEqual(container.height);
      }
      const logo = boxFor(COLLAGE_IMAGES[9] as (typeof COLLAGE_IMAGES)[number], variant);
      expect(Math.abs(logo.position.x + logo.size.width / 2 - container.width / 2)).toBeLessThanOrEqual(
        container.width * 0.02,
      );
      expect(largestImage(COLLAGE_IMAGES, variant)).toBe('logo');
    },
  );

  it('composes the desktop layout as a mood wall: overlapping prints of varied sizes, each slightly tilted', () => {
    const photos = COLLAGE_IMAGES.filter((image) => image.type === 'photo');
    const boxes = photos.map((image) => boxFor(image, 'desktop'));
    let overlaps = 0;
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i] as (typeof boxes)[number];
        const b = boxes[j] as (typeof boxes)[number];
        const apart =
          a.position.x + a.size.width <= b.position.x ||
          b.position.x + b.size.width <= a.position.x ||
          a.position.y + a.size.height <= b.position.y ||
          b.position.y + b.size.height <= a.position.y;
        if (!apart) overlaps++;
      }
    }
    expect(overlaps).toBeGreaterThanOrEqual(5);
    const sides = boxes.map((box) => box.size.width);
    expect(Math.max(...sides) / Math.min(...sides)).toBeGreaterThanOrEqual(1.5);
    for (const photo of photos) {
      expect(Math.abs(photo.rotation), photo.id).toBeGreaterThanOrEqual(1);
      expect(Math.abs(photo.rotation), photo.id).toBeLessThanOrEqual(4);
    }
    // Neighbours lean different ways, and the logo stands straight.
    expect(new Set(photos.map((photo) => Math.sign(photo.rotation))).size).toBe(2);
    expect(COLLAGE_IMAGES[9]?.rotation).toBe(0);
  });
});
