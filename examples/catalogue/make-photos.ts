/**
 * Draws the example catalogue's photos (`npx tsx examples/catalogue/make-photos.ts`): 1600 x 1200 JPEGs,
 * as a camera or a phone would give them, with the demo's own renderer. They are committed; this
 * script only says how they were made.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { type SceneItem, sceneSvg } from '../../server/seed/photo-render';

const here = path.dirname(fileURLToPath(import.meta.url));
const photos: Record<string, SceneItem[]> = {
  'gold-taper-holder': [
    { shape: 'taper', colour: '#c9a24a', material: 'metal', size: 0.7 },
    { shape: 'taper', colour: '#c9a24a', material: 'metal', size: 0.85 },
    { shape: 'taper', colour: '#c9a24a', material: 'metal' },
  ],
  'ghost-plinth': [
    { shape: 'cylinder', colour: 'clear', material: 'acrylic', size: 0.75 },
    { shape: 'cylinder', colour: 'clear', material: 'acrylic' },
  ],
  'stone-urn': [
    { shape: 'urn', colour: '#c8ad86', material: 'ceramic' },
    { shape: 'urn', colour: '#f6f3ec', material: 'ceramic' },
  ],
  'cake-set': [
    { shape: 'cylinder', colour: 'clear', material: 'acrylic' },
    { shape: 'taper', colour: '#c9a24a', material: 'metal', size: 0.8 },
    { shape: 'urn', colour: '#c8ad86', material: 'ceramic', size: 0.7 },
  ],
};

for (const [name, items] of Object.entries(photos)) {
  const svg = await sceneSvg(items, name, 1600, 1200);
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 86, mozjpeg: true }).toBuffer();
  await writeFile(path.join(here, 'photos', `${name}.jpg`), jpeg);
  console.log(`${name}.jpg ${Math.round(jpeg.length / 1024)} KB`);
}
