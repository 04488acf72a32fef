import { type Material, materialOf } from './photo-materials';
import type { SceneItem } from './photo-render';

/** A prop of a site photo; its material follows from the shape's name unless given. */
const c = (shape: SceneItem['shape'], colour: string, material?: Material): SceneItem => ({
  shape,
  colour,
  material: material ?? (colour.startsWith('clear') ? 'acrylic' : materialOf(undefined, shape.replace(/-/g, ' '))),
});

/** The eleven home collage photos, in the collage's order; the tenth is the logo background. */
export const COLLAGE_PHOTOS: { key: string; scene: SceneItem[] }[] = [
  {
    key: 'collage-01-tableware',
    scene: [c('goblet', '#c9a24a', 'metal'), c('plate', '#f6f3ec'), c('cutlery', '#c9a24a', 'metal')],
  },
  { key: 'collage-02-ghost-range', scene: [c('chair', 'clear'), c('ghost-plinth', 'clear')] },
  { key: 'collage-03-servingware', scene: [c('tiered-stand', '#c9a24a', 'metal'), c('board', '#b88b5a', 'wood')] },
  { key: 'collage-04-silver-mirror-plinth', scene: [c('mirror-plinth', '#b6b9bd')] },
  { key: 'collage-05-silver-goblet-cups', scene: [c('goblet', '#b6b9bd', 'metal'), c('goblet', '#b6b9bd', 'metal')] },
  { key: 'collage-06-natural-urn', scene: [c('urn', '#c8ad86', 'ceramic')] },
  { key: 'collage-07-scallop-clam-bowl', scene: [c('clam', '#eadcc0', 'ceramic')] },
  {
    key: 'collage-08-seashell-glass',
    scene: [c('glass', 'clear'), c('glass', '#e6a3b3', 'acrylic'), c('glass', '#8ea8c3', 'acrylic')],
  },
  {
    key: 'collage-09-pots-vases',
    scene: [c('vase', '#f6f3ec', 'ceramic'), c('pot', '#bf6f4d'), c('trumpet', '#c9a24a', 'metal')],
  },
  { key: 'collage-10-logo', scene: [c('round-wall', '#eadcc0')] },
  { key: 'collage-11-trays', scene: [c('tray', '#c9a24a', 'mirror')] },
];

/** Three carousel photos for each service of spec section 1. */
export const SERVICE_PHOTOS: Record<string, SceneItem[][]> = {
  styling: [
    [c('arch-wall', '#e6c1b8', 'matte'), c('cylinder', '#f6f3ec'), c('vase', '#f6f3ec', 'ceramic')],
    [c('table', '#b88b5a', 'wood'), c('candelabra', '#c9a24a', 'metal')],
    [c('peacock-chair', '#c9a46b', 'woven'), c('rug', '#c8ad86', 'woven')],
  ],
  'event-coordination': [
    [c('round-table', '#eadcc0'), c('chair', '#f6f3ec'), c('chair', '#f6f3ec')],
    [c('stage', '#3d3b38'), c('high-table', '#2b2927')],
    [c('sign', 'clear'), c('easel', '#b88b5a', 'wood')],
  ],
  'custom-builds': [
    [c('timber-arch', '#b88b5a', 'wood')],
    [c('bar', '#b88b5a', 'wood'), c('slat-plinth', '#b88b5a', 'wood')],
    [c('cart', '#e6a3b3')],
  ],
  'custom-signage': [
    [c('sign-stand', 'clear'), c('sign', '#f6f3ec')],
    [c('neon', '#e6a3b3'), c('round-wall', '#f6f3ec')],
    [c('number', 'clear'), c('number', '#b88b5a', 'wood')],
  ],
  'faux-florals': [
    [c('tree', '#a7b598'), c('pot', '#bf6f4d')],
    [c('trumpet', '#c9a24a', 'metal'), c('bud-vases', '#e6a3b3')],
    [c('ring-frame', '#c9a24a', 'metal'), c('hoop-stand', '#f6f3ec')],
  ],
};
