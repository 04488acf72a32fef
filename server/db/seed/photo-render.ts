import { createHash } from 'node:crypto';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
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

const BACKGROUNDS = [
  ['#f4ede2', '#e3d3bd'],
  ['#efe7dc', '#d9c6ad'],
  ['#f2ebe6', '#dfcfc6'],
  ['#eef0ea', '#d3d8c8'],
  ['#f5efe6', '#e8d7c0'],
  ['#ece6e0', '#cbbba9'],
];

export function colourOf(name: string | undefined): string | undefined {
  return name ? PALETTE[name.toLowerCase()] : undefined;
}

function hashInt(text: string): number {
  return createHash('sha1').update(text).digest().readUInt32BE(0);
}

function shade(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = (v: number) =>
    Math.max(0, Math.min(255, Math.round(factor < 1 ? v * factor : v + (255 - v) * (factor - 1))))
      .toString(16)
      .padStart(2, '0');
  return `#${ch((n >> 16) & 255)}${ch((n >> 8) & 255)}${ch(n & 255)}`;
}

export interface SceneItem {
  shape: Shape;
  colour: string;
}

/** An SVG scene: a warm studio backdrop, a floor shadow and one to four props side by side. */
export function sceneSvg(items: SceneItem[], seedKey: string, width: number, height: number): string {
  const seed = hashInt(seedKey);
  const [bgTop, bgBottom] = BACKGROUNDS[seed % BACKGROUNDS.length] as [string, string];
  const count = Math.min(items.length, 4);
  const slot = 100 / count;
  const scale = count === 1 ? 0.82 : Math.min(0.62, 1.3 / count);
  const tilt = ((seed >> 8) % 7) - 3;
  const props = items.slice(0, count).map((item, index) => {
    const isClear = item.colour.startsWith('clear');
    const fill = isClear
      ? item.colour === 'clear-pink'
        ? 'rgba(236,190,200,0.45)'
        : 'rgba(222,236,242,0.45)'
      : item.colour;
    const line = isClear ? '#8aa3ad' : shade(item.colour, 0.72);
    const cx = slot * index + slot / 2;
    const body = SHAPES[item.shape](fill, line);
    return `<g transform="translate(${cx} ${92 - 92 * scale + (index % 2) * 2}) scale(${scale}) translate(-50 0)">
      <ellipse cx="50" cy="93" rx="34" ry="3.5" fill="#000" opacity="0.12"/>${body}</g>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 100 100" preserveAspectRatio="xMidYMid slice">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bgTop}"/><stop offset="1" stop-color="${bgBottom}"/></linearGradient>
    <radialGradient id="light" cx="${30 + (seed % 40)}%" cy="20%" r="70%"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="100" height="100" fill="url(#bg)"/>
  <rect y="${78 + (seed % 6)}" width="100" height="30" fill="${bgBottom}" opacity="0.7"/>
  <rect width="100" height="100" fill="url(#light)"/>
  <g transform="rotate(${tilt * 0.3} 50 50)">${props.join('')}</g>
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

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).size > 0;
  } catch {
    return false;
  }
}

/**
 * Renders a scene to `large_` (500 px) and `xlarge_` (1200 px) WebP files under photosDir/{ownerId}/.
 * Existing files are kept, so a reseed or a second test run costs nothing.
 */
export async function renderPhoto(
  photosDir: string,
  ownerId: string,
  fileStem: string,
  items: SceneItem[],
  write: boolean,
): Promise<PhotoFile> {
  const dir = path.join(photosDir, ownerId);
  const urls = {
    largeUrl: `/photos/${ownerId}/large_${fileStem}.webp`,
    xlargeUrl: `/photos/${ownerId}/xlarge_${fileStem}.webp`,
  };
  if (write) {
    await mkdir(dir, { recursive: true });
    for (const [variant, size] of Object.entries(PHOTO_SIZES)) {
      const file = path.join(dir, `${variant}_${fileStem}.webp`);
      if (await exists(file)) continue;
      const svg = sceneSvg(items, fileStem, size, size);
      const image = await sharp(Buffer.from(svg))
        .webp({ quality: variant === 'large' ? 78 : 82 })
        .toBuffer();
      await writeFile(file, image);
    }
  }
  return { ...urls, width: PHOTO_SIZES.large, height: PHOTO_SIZES.large };
}
