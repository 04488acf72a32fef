import { createHash } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sharp } from '../lib/sharp';
import { type Material, paintFor } from './photo-materials';
import { SHAPES, type Shape } from './shapes';

/** Named colours of the catalogue's variations. */
const PALETTE: Record<string, string> = {
  white: '#f6f3ec',
  ivory: '#efe5cf',
  cream: '#eadcc0',
  black: '#2b2927',
  charcoal: '#3d3b38',
  gold: '#c9a24a',
  'brushed gold': '#c9a24a',
  'gold rim': '#d9c08a',
  'gold print': '#c9a24a',
  silver: '#b6b9bd',
  'rose gold': '#c99a86',
  natural: '#c8ad86',
  oak: '#b88b5a',
  'dark walnut': '#6b4a32',
  'white wash': '#e4dccb',
  rattan: '#c9a46b',
  clear: 'clear',
  frosted: '#e9eef0',
  'frosted white': '#e9eef0',
  mirror: '#c4c8cc',
  'pink tint': 'clear-pink',
  blush: '#e6c1b8',
  pink: '#e6a3b3',
  sage: '#a7b598',
  terracotta: '#bf6f4d',
  blue: '#8ea8c3',
  navy: '#2f3e5c',
  green: '#6f8f6a',
  mint: '#a8d5c2',
  lilac: '#b8a6cf',
  peach: '#efb894',
  yellow: '#e6c64e',
  mustard: '#cf9f3a',
  burgundy: '#7a2e3a',
  red: '#b34a40',
  amber: '#c8873a',
  grey: '#9c9a96',
  brown: '#8a6142',
  champagne: '#e2cfa8',
  teal: '#3f7f7f',
  'matte black': '#2b2927',
  'black gloss': '#1f1e1d',
  'black print': '#2b2927',
  'white print': '#f6f3ec',
};

/** Wall and floor colours of the studio sets, warm and light. */
const SETS = [
  { wall: ['#f6efe5', '#eadcc8'], floor: ['#e2d2bb', '#cdb89c'] },
  { wall: ['#f3ece6', '#e4d5ca'], floor: ['#dccbbd', '#c6b1a0'] },
  { wall: ['#f1f0ea', '#dfe0d4'], floor: ['#d6d5c6', '#bfbea9'] },
  { wall: ['#f7f0e8', '#eddfcf'], floor: ['#e6d3bd', '#d1b999'] },
  { wall: ['#efe9e2', '#ddd0c3'], floor: ['#cfbfae', '#b8a48f'] },
  { wall: ['#f4eee9', '#e8dbd4'], floor: ['#e0cfc4', '#cbb5a7'] },
];

export function colourOf(name: string | undefined): string | undefined {
  return name ? PALETTE[name.toLowerCase()] : undefined;
}

function hashInt(text: string): number {
  return createHash('sha1').update(text).digest().readUInt32BE(0);
}

export interface SceneItem {
  shape: Shape;
  /** A hex colour, or 'clear' / 'clear-pink' for clear acrylic and glass. */
  colour: string;
  material?: Material;
  /** Relative height, 1 for the largest of a set. */
  size?: number;
  /** Height over the silhouette's own, e.g. squat for a cube of a tall shape. */
  aspect?: number;
}

const defaultMaterial = (colour: string): Material => (colour.startsWith('clear') ? 'acrylic' : 'matte');

/** Where a silhouette really is inside its 100 x 100 box: x, width and top (the floor is y = 92). */
export interface Bounds {
  x: number;
  width: number;
  top: number;
}

const boundsCache = new Map<Shape, Promise<Bounds>>();

/** Measures a shape once by drawing it alone and trimming the empty margin. */
export function shapeBounds(shape: Shape): Promise<Bounds> {
  let bounds = boundsCache.get(shape);
  if (!bounds) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 100 100">${SHAPES[shape]('#000', '#000')}</svg>`;
    bounds = sharp(Buffer.from(svg))
      .trim({ background: '#00000000', threshold: 1 })
      .toBuffer({ resolveWithObject: true })
      .then(({ info }) => ({
        x: -(info.trimOffsetLeft ?? 0) / 2,
        width: info.width / 2,
        top: -(info.trimOffsetTop ?? 0) / 2,
      }));
    boundsCache.set(shape, bounds);
  }
  return bounds;
}

/** A soft shadow without a blur filter (filters make rendering several times slower). */
const SHADOW_DEFS = `<radialGradient id="shadow"><stop offset="0" stop-color="#2a1e14" stop-opacity="0.34"/><stop offset="0.55" stop-color="#2a1e14" stop-opacity="0.14"/><stop offset="1" stop-color="#2a1e14" stop-opacity="0"/></radialGradient>`;

/** One prop: a soft shadow on the floor, the body in its material, light over it, and its sheen. */
function propSvg(item: SceneItem, index: number, bounds: Bounds, x: number, floor: number, scale: number) {
  const aspect = item.aspect ?? 1;
  const paint = paintFor(item.material ?? defaultMaterial(item.colour), item.colour, index);
  const draw = SHAPES[item.shape];
  const overlays = [draw('url(#light-over)', 'none'), ...(paint.sheen ? [draw(paint.sheen, 'none')] : [])].join('');
  const centre = bounds.x + bounds.width / 2;
  const half = bounds.width / 2 + 6;
  // Shape space is 100 x 100 with its floor at y = 92: that floor is put on the scene's floor line.
  const body = `<g transform="translate(${x.toFixed(2)} ${floor.toFixed(2)}) scale(${scale.toFixed(4)}${aspect === 1 ? '' : ` ${(scale * aspect).toFixed(4)}`}) translate(${(-centre).toFixed(2)} -92)">
<ellipse cx="${centre}" cy="92.5" rx="${half}" ry="${Math.max(3, half * 0.12)}" fill="url(#shadow)"/>
${draw(paint.fill, paint.line)}${overlays}</g>`;
  return { defs: paint.defs, body };
}

/**
 * An SVG scene shot like a styled product photo: a warm wall and floor, window light falling across
 * the wall, one to four props side by side on the floor, each in its material with a soft shadow,
 * scaled from their measured bounds so every prop is whole inside the frame.
 */
export async function sceneSvg(items: SceneItem[], seedKey: string, width: number, height: number) {
  const seed = hashInt(seedKey);
  const set = SETS[seed % SETS.length] as (typeof SETS)[number];
  const chosen = items.slice(0, 4);
  const bounds = await Promise.all(chosen.map((item) => shapeBounds(item.shape)));
  const sizes = chosen.map((item) => item.size ?? 1);
  const gap = 4;
  const floor = 86;
  // One scale for the whole scene, the largest that fits the widths in 86 % and the tallest in 70 %.
  const totalWidth = bounds.reduce((sum, b, i) => sum + b.width * (sizes[i] ?? 1), 0);
  const tallest = Math.max(...bounds.map((b, i) => (92 - b.top) * (sizes[i] ?? 1) * (chosen[i]?.aspect ?? 1)));
  const scale = Math.min((86 - gap * (chosen.length - 1)) / totalWidth, 70 / tallest, 1.6);
  let cursor = 50 - (totalWidth * scale + gap * (chosen.length - 1)) / 2;
  const props = chosen.map((item, index) => {
    const size = (sizes[index] ?? 1) * scale;
    const b = bounds[index] as Bounds;
    const x = cursor + (b.width * size) / 2;
    cursor += b.width * size + gap;
    return propSvg(item, index, b, x, floor, size);
  });
  const horizon = 62 + (seed % 8);
  const lightX = 10 + ((seed >> 4) % 50);
  const shaft = (x: number, w: number, opacity: number) =>
    `<path d="M${x} 0h${w}l-18 ${horizon}h-${w}z" fill="url(#shaft)" opacity="${opacity}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 100 100" preserveAspectRatio="xMidYMid slice">
<defs>
<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${set.wall[0]}"/><stop offset="1" stop-color="${set.wall[1]}"/></linearGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${set.floor[0]}"/><stop offset="1" stop-color="${set.floor[1]}"/></linearGradient>
<linearGradient id="shaft" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fffaf2" stop-opacity="0"/><stop offset="0.5" stop-color="#fffaf2" stop-opacity="1"/><stop offset="1" stop-color="#fffaf2" stop-opacity="0"/></linearGradient>
<linearGradient id="horizon" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a1e14" stop-opacity="0.12"/><stop offset="1" stop-color="#2a1e14" stop-opacity="0"/></linearGradient>
<linearGradient id="light-over" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.28"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#2a1e14" stop-opacity="0.2"/></linearGradient>
<radialGradient id="vignette" cx="50%" cy="45%" r="75%"><stop offset="0.6" stop-color="#3a2a1c" stop-opacity="0"/><stop offset="1" stop-color="#3a2a1c" stop-opacity="0.16"/></radialGradient>
${SHADOW_DEFS}
${props.map((prop) => prop.defs).join('\n')}
</defs>
<rect width="100" height="100" fill="url(#wall)"/>
${shaft(lightX, 24, 0.5)}${shaft(lightX + 30, 10, 0.35)}
<rect y="${horizon}" width="100" height="${100 - horizon}" fill="url(#floor)"/>
<rect y="${horizon}" width="100" height="4" fill="url(#horizon)"/>
${props.map((prop) => prop.body).join('\n')}
<rect width="100" height="100" fill="url(#vignette)"/>
</svg>`;
}

export interface PhotoFile {
  /** URL path of the large variant, e.g. /photos/{owner}/large_{owner}.webp */
  largeUrl: string;
  xlargeUrl: string;
  width: number;
  height: number;
}

export const PHOTO_SIZES = { large: 500, xlarge: 1200 } as const;

/**
 * The home collage's tiles are small on a phone (a third of its width): they also get a `small_`
 * variant, a third of large's bytes, for screens of up to two pixels per point.
 */
export const SMALL_PHOTO_SIZE = 280;
const WITH_SMALL = new Set(['collage']);

/** Bumped when scenes are drawn differently: photos rendered by an older renderer are drawn again. */
export const RENDERER_VERSION = 3;

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size > 0;
  } catch {
    return false;
  }
}

/** Writes beside the file and renames it into place: a reader (another seeding process) never sees half a photo. */
async function writeAtomically(file: string, body: Buffer | string): Promise<void> {
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
  await writeFile(partial, body);
  await rename(partial, file);
}

async function renderFiles(dir: string, fileStem: string, items: SceneItem[], small: boolean): Promise<void> {
  const marker = path.join(dir, `.${fileStem}.v${RENDERER_VERSION}`);
  const variants = [...Object.keys(PHOTO_SIZES), ...(small ? ['small'] : [])];
  const files = variants.map((variant) => path.join(dir, `${variant}_${fileStem}.webp`));
  if ((await exists(marker)) && (await Promise.all(files.map(exists))).every(Boolean)) return;
  await mkdir(dir, { recursive: true });
  // Drawn once at the large size and scaled down: the SVG renderer is the slow part.
  const svg = await sceneSvg(items, fileStem, PHOTO_SIZES.xlarge, PHOTO_SIZES.xlarge);
  const pixels = await sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();
  await writeAtomically(
    path.join(dir, `xlarge_${fileStem}.webp`),
    await sharp(pixels).webp({ quality: 82 }).toBuffer(),
  );
  await writeAtomically(
    path.join(dir, `large_${fileStem}.webp`),
    await sharp(pixels).resize(PHOTO_SIZES.large).webp({ quality: 78 }).toBuffer(),
  );
  if (small) {
    await writeAtomically(
      path.join(dir, `small_${fileStem}.webp`),
      await sharp(pixels).resize(SMALL_PHOTO_SIZE).webp({ quality: 76 }).toBuffer(),
    );
  }
  await writeAtomically(marker, `renderer ${RENDERER_VERSION}\n`);
}

export interface PhotoRenderer {
  /** The photo's URLs now; its files are drawn in the background (when writing is on). */
  photo(ownerId: string, fileStem: string, items: SceneItem[]): PhotoFile;
  /** Resolves when every queued photo is on disk; rejects with the first failure. */
  done(): Promise<void>;
}

/**
 * Draws scene photos to `large_` (500 px) and `xlarge_` (1200 px) WebP files under photosDir/{owner}/,
 * two at a time. Files this renderer version already drew are kept, so a reseed or a second test run
 * costs nothing.
 */
export function createPhotoRenderer(photosDir: string, write: boolean, concurrency = 2): PhotoRenderer {
  const queue: (() => Promise<void>)[] = [];
  const running: Promise<void>[] = [];
  let active = 0;
  const pump = () => {
    while (active < concurrency && queue.length > 0) {
      const job = queue.shift() as () => Promise<void>;
      active++;
      running.push(
        job().finally(() => {
          active--;
          pump();
        }),
      );
    }
  };
  return {
    photo(ownerId, fileStem, items) {
      if (write) {
        queue.push(() => renderFiles(path.join(photosDir, ownerId), fileStem, items, WITH_SMALL.has(ownerId)));
        pump();
      }
      return {
        largeUrl: `/photos/${ownerId}/large_${fileStem}.webp`,
        xlargeUrl: `/photos/${ownerId}/xlarge_${fileStem}.webp`,
        width: PHOTO_SIZES.large,
        height: PHOTO_SIZES.large,
      };
    },
    async done() {
      // Jobs finishing start the next ones: wait until no more were added.
      for (let seen = -1; seen !== running.length; ) {
        seen = running.length;
        await Promise.all(running);
      }
    },
  };
}
