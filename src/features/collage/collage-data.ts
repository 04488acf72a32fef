/**
 * The eleven places of the home collage (spec sections 2 and 3): a position and size per layout, in
 * design pixels of that layout's container (collage-layout.ts), a stacking order and a tilt. The
 * business's settings (business.json `collage`) put a photo, title and link in each; the tenth is
 * behind the logo.
 */
import type { CollageEntry } from '../../lib/api-contract/business-settings';

export interface Box {
  position: { x: number; y: number };
  size: { width: number; height: number };
}

export interface CollageImage {
  id: string;
  url: string;
  /** Whether a 280 px `small_` variant of the photo is stored (a phone's tiles). */
  small: boolean;
  description: string;
  title: string;
  category: string;
  /** Where a click goes; null for the logo background (image 10), which is not clickable. */
  linkUrl: string | null;
  defaultPosition: { x: number; y: number };
  defaultSize: { width: number; height: number };
  type: 'photo' | 'logo';
  zIndex: number;
  /** A slight tilt in degrees, as a print pinned to a mood wall would have (every layout). */
  rotation: number;
  mobile: Box;
  smallTablet: Box;
  tablet: Box;
}

const box = (x: number, y: number, side: number): Box => ({
  position: { x, y },
  size: { width: side, height: side },
});

export type CollageSlot = Pick<
  CollageImage,
  'id' | 'defaultPosition' | 'defaultSize' | 'zIndex' | 'rotation' | 'mobile' | 'smallTablet' | 'tablet'
>;

/** One place: desktop box first, then mobile, small tablet and tablet boxes as [x, y, side]. */
function slot(
  id: string,
  zIndex: number,
  [desktop, mobile, smallTablet, tablet]: [number, number, number][],
  rotation = 0,
): CollageSlot {
  const d = box(...(desktop as [number, number, number]));
  return {
    id,
    defaultPosition: d.position,
    defaultSize: d.size,
    zIndex,
    rotation,
    mobile: box(...(mobile as [number, number, number])),
    smallTablet: box(...(smallTablet as [number, number, number])),
    tablet: box(...(tablet as [number, number, number])),
  };
}

export const COLLAGE_SLOTS: CollageSlot[] = [
  slot(
    'tableware',
    3,
    [
      [80, 90, 400],
      [18, 24, 220],
      [30, 30, 260],
      [30, 30, 270],
    ],
    -3,
  ),
  slot(
    'ghost-range',
    4,
    [
      [420, 40, 260],
      [250, 60, 206],
      [310, 60, 200],
      [330, 20, 200],
    ],
    2.5,
  ),
  slot(
    'servingware',
    3,
    [
      [1000, 50, 440],
      [36, 262, 188],
      [530, 30, 210],
      [780, 40, 220],
    ],
    1.5,
  ),
  slot(
    'silver-mirror-plinth',
    5,
    [
      [690, 60, 280],
      [248, 288, 196],
      [40, 330, 180],
      [560, 20, 200],
    ],
    -2,
  ),
  slot(
    'silver-goblet-cups',
    4,
    [
      [60, 520, 300],
      [6, 560, 120],
      [590, 330, 160],
      [30, 330, 250],
    ],
    2.5,
  ),
  slot(
    'natural-urn',
    4,
    [
      [1180, 470, 340],
      [354, 540, 120],
      [30, 570, 190],
      [720, 300, 270],
    ],
    -2,
  ),
  slot(
    'scallop-clam-bowl',
    3,
    [
      [200, 800, 330],
      [24, 790, 200],
      [560, 600, 180],
      [60, 610, 240],
    ],
    -1.5,
  ),
  slot(
    'seashell-glass',
    4,
    [
      [520, 760, 290],
      [256, 800, 200],
      [60, 800, 220],
      [330, 600, 220],
    ],
    3,
  ),
  slot(
    'pots-vases',
    3,
    [
      [820, 800, 330],
      [40, 1010, 190],
      [300, 640, 220],
      [580, 610, 230],
    ],
    -2.5,
  ),
  slot(
    'logo',
    1,
    [
      [560, 330, 480],
      [110, 500, 260],
      [234, 300, 300],
      [352, 250, 320],
    ],
    0,
  ),
  slot(
    'trays',
    3,
    [
      [1140, 790, 320],
      [262, 1020, 180],
      [540, 820, 200],
      [830, 610, 170],
    ],
    2,
  ),
];

/** The place behind the logo (spec: image 10): not clickable. */
export const LOGO_SLOT = 9;

/** The business's collage photos in their places ([] gives none). */
export function collageImages(entries: readonly CollageEntry[]): CollageImage[] {
  return COLLAGE_SLOTS.flatMap((place, index) => {
    const entry = entries[index];
    if (!entry) return [];
    const logo = index === LOGO_SLOT;
    return [
      {
        ...place,
        url: entry.url,
        small: entry.small,
        title: entry.title,
        description: entry.title,
        category: entry.title,
        linkUrl: logo ? null : (entry.link ?? '/hire'),
        type: logo ? ('logo' as const) : ('photo' as const),
      },
    ];
  });
}
