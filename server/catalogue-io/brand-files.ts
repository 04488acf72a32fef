import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sharp } from '../lib/sharp';
import type { LogoSource } from './read-business';

/** The app icons made from a logo: the manifest's two sizes, a maskable one and Apple's touch icon. */
export const BRAND_ICONS = [
  { name: 'icon-192', size: 192, padding: 0.1 },
  { name: 'icon-512', size: 512, padding: 0.1 },
  // Maskable: the platform may crop to a circle, so the logo stays inside the middle 80%.
  { name: 'icon-maskable-512', size: 512, padding: 0.2 },
  { name: 'apple-touch-icon', size: 180, padding: 0.12 },
] as const;
export type BrandIcon = (typeof BRAND_ICONS)[number]['name'];

/** Brand files live beside the photos, in brand/, named by the logo's content hash. */
export const BRAND_DIR = 'brand';
export const logoFileName = (logo: Pick<LogoSource, 'hash' | 'type'>) => `logo_${logo.hash}.${logo.type}`;
export const iconFileName = (icon: BrandIcon, hash: string) => `${icon}_${hash}.png`;

const put = async (file: string, body: Buffer) => {
  const partial = `${file}.${process.pid}.part`;
  await writeFile(partial, body);
  await rename(partial, file);
};

/**
 * Writes the logo as given and its icons, each a square of the background colour with the logo fitted
 * inside its padding. Written beside their place and renamed in, so a reader never sees half a file.
 */
export async function writeBrandFiles(photosDir: string, logo: LogoSource, background: string): Promise<string> {
  const dir = path.join(photosDir, BRAND_DIR);
  await mkdir(dir, { recursive: true });
  const name = logoFileName(logo);
  await put(path.join(dir, name), logo.bytes);
  for (const icon of BRAND_ICONS) {
    const inner = Math.round(icon.size * (1 - 2 * icon.padding));
    // An SVG is drawn at the size it is shown at, not scaled up from its own.
    const drawn = await sharp(logo.bytes, logo.type === 'svg' ? { density: 72 * 8 } : {})
      .resize({ width: inner, height: inner, fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    const body = await sharp({ create: { width: icon.size, height: icon.size, channels: 4, background } })
      .composite([{ input: drawn, gravity: 'centre' }])
      .png()
      .toBuffer();
    await put(path.join(dir, iconFileName(icon.name, logo.hash)), body);
  }
  return `${BRAND_DIR}/${name}`;
}
