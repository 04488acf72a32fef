/**
 * The eleven images of the home collage (spec sections 2 and 3), as data: each with its link and a
 * position and size per layout, in design pixels of that layout's container (collage-layout.ts).
 * The photos are rendered by the server's seed under /photos/collage/.
 */
export interface Box {
  position: { x: number; y: number };
  size: { width: number; height: number };
}

export interface CollageImage {
  id: string;
  url: string;
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

const photo = (key: string) => `/photos/collage/large_${key}.webp`;
const box = (x: number, y: number, side: number): Box => ({
  position: { x, y },
  size: { width: side, height: side },
});

/** One image: desktop box first, then mobile, small tablet and tablet boxes as [x, y, side]. */
function image(
  id: string,
  key: string,
  title: string,
  category: string,
  linkUrl: string | null,
  description: string,
  zIndex: number,
  [desktop, mobile, smallTablet, tablet]: [number, number, number][],
  rotation = 0,
): CollageImage {
  const d = box(...(desktop as [number, number, number]));
  return {
    id,
    url: photo(key),
    title,
    category,
    linkUrl,
    description,
    defaultPosition: d.position,
    defaultSize: d.size,
    type: linkUrl === null ? 'logo' : 'photo',
    zIndex,
    rotation,
    mobile: box(...(mobile as [number, number, number])),
    smallTablet: box(...(smallTablet as [number, number, number])),
    tablet: box(...(tablet as [number, number, number])),
  };
}

export const COLLAGE_IMAGES: CollageImage[] = [
  image(
    'tableware',
    'collage-01-tableware',
    'Tableware',
    'Tableware',
    '/hire/tableware',
    'Gold goblets, scalloped plates and gold cutlery set for a long lunch.',
    3,
    [
      [80, 90, 400],
      [18, 24, 220],
      [30, 30, 260],
      [30, 30, 270],
    ],
    -3,
  ),
  image(
    'ghost-range',
    'collage-02-ghost-range',
    'Ghost Range',
    'Ghost Range',
    '/hire/ghost_range',
    'Clear acrylic ghost chairs and plinths that let the styling show through.',
    4,
    [
      [420, 40, 260],
      [250, 60, 206],
      [310, 60, 200],
      [330, 20, 200],
    ],
    2.5,
  ),
  image(
    'servingware',
    'collage-03-servingware',
    'Servingware',
    'Servingware',
    '/hire/servingware',
    'A tiered gold stand and a timber board, ready for the grazing table.',
    3,
    [
      [1000, 50, 440],
      [36, 262, 188],
      [530, 30, 210],
      [780, 40, 220],
    ],
    1.5,
  ),
  image(
    'silver-mirror-plinth',
    'collage-04-silver-mirror-plinth',
    'Silver Mirror Plinth',
    'Plinths',
    '/search?q=silver+mirror+plinth',
    'A mirrored plinth that doubles every flower placed on it.',
    5,
    [
      [690, 60, 280],
      [248, 288, 196],
      [40, 330, 180],
      [560, 20, 200],
    ],
    -2,
  ),
  image(
    'silver-goblet-cups',
    'collage-05-silver-goblet-cups',
    'Silver Goblet Cups',
    'Tableware',
    '/search?q=silver%20goblet%20cups',
    'Silver goblets for a toast with some shine.',
    4,
    [
      [60, 520, 300],
      [6, 560, 120],
      [590, 330, 160],
      [30, 330, 250],
    ],
    2.5,
  ),
  image(
    'natural-urn',
    'collage-06-natural-urn',
    'Natural Urn',
    'Pots & Vases',
    '/search?q=natural%20urn%20large',
    'A large natural stone-look urn for statement florals.',
    4,
    [
      [1180, 470, 340],
      [354, 540, 120],
      [30, 570, 190],
      [720, 300, 270],
    ],
    -2,
  ),
  image(
    'scallop-clam-bowl',
    'collage-07-scallop-clam-bowl',
    'Natural Scallop Clam Bowl',
    'Servingware',
    '/search?q=natural%20scallop%20clam%20bowl',
    'A scalloped clam bowl for seafood, sweets or succulents.',
    3,
    [
      [200, 800, 330],
      [24, 790, 200],
      [560, 600, 180],
      [60, 610, 240],
    ],
    -1.5,
  ),
  image(
    'seashell-glass',
    'collage-08-seashell-glass',
    'Seashell Glass',
    'Tableware',
    '/search?q=seashell%20glass',
    'Ribbed seashell tumblers in clear, blush and blue.',
    4,
    [
      [520, 760, 290],
      [256, 800, 200],
      [60, 800, 220],
      [330, 600, 220],
    ],
    3,
  ),
  image(
    'pots-vases',
    'collage-09-pots-vases',
    'Pots & Vases',
    'Pots & Vases',
    '/hire/pots_vases',
    'Ceramic vases, terracotta pots and a gold trumpet vase.',
    3,
    [
      [820, 800, 330],
      [40, 1010, 190],
      [300, 640, 220],
      [580, 610, 230],
    ],
    -2.5,
  ),
  image('logo', 'collage-10-logo', 'Logo', 'Brand', null, 'The logo on a round cream backdrop.', 1, [
    [560, 330, 480],
    [110, 500, 260],
    [234, 300, 300],
    [352, 250, 320],
  ]),
  image(
    'trays',
    'collage-11-trays',
    'Trays',
    'Trays',
    '/hire/trays',
    'A mirrored gold tray for perfume, rings or petit fours.',
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
