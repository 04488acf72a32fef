import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sharp } from '../lib/sharp';

/** Whose picture a preview is: the business's name, and its logo file when it has one. */
export interface PreviewMark {
  name: string;
  /** The logo's URL (`/brand/<file>`, under PHOTOS_DIR/brand), or null. */
  logoUrl: string | null;
}

const CREAM = '#fffdf9';
const INK = '#2b2927';
const HEIGHT = 56;
const PAD = 16;

/** The logo file of a `/brand/` URL, as a 32 px high PNG; null without one or when it cannot be read. */
async function logoOf(photosDir: string, logoUrl: string | null): Promise<Buffer | null> {
  const file = logoUrl && /^\/brand\/([A-Za-z0-9._-]+\.(svg|png))$/.exec(logoUrl)?.[1];
  if (!file) return null;
  try {
    return await sharp(await readFile(path.join(photosDir, 'brand', file)), { density: 144 })
      .resize({ height: 32 })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * The business's mark for the corner of a preview: a cream label with its logo and name, so a shared
 * picture says whose it is. Answers the PNG and its size.
 */
export async function drawMark(
  photosDir: string,
  mark: PreviewMark,
): Promise<{ image: Buffer; width: number; height: number }> {
  const escaped = mark.name.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] as string);
  const name = await sharp({
    text: { text: `<span foreground="${INK}">${escaped}</span>`, font: 'serif 22', rgba: true, dpi: 72 },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  const logo = await logoOf(photosDir, mark.logoUrl);
  const logoWidth = logo ? ((await sharp(logo).metadata()).width ?? 0) : 0;
  const gap = logo ? 12 : 0;
  const width = PAD * 2 + logoWidth + gap + name.info.width;
  const label = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT}"><rect width="${width}" height="${HEIGHT}" rx="${HEIGHT / 2}" fill="${CREAM}" fill-opacity="0.94"/></svg>`,
  );
  const image = await sharp(label)
    .composite([
      ...(logo ? [{ input: logo, left: PAD, top: Math.round((HEIGHT - 32) / 2) }] : []),
      { input: name.data, left: PAD + logoWidth + gap, top: Math.round((HEIGHT - name.info.height) / 2) },
    ])
    .png()
    .toBuffer();
  return { image, width, height: HEIGHT };
}
