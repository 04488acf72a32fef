import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sharp } from '../../lib/sharp';

/** The logo's drawn height on a document, in points; it is rasterised at three times that for print. */
export const LOGO_HEIGHT = 40;
/** Its widest, in points: a long wordmark is scaled down to fit. */
export const LOGO_WIDTH = 160;

/** Logo files are named by their content's hash and never overwritten: one PNG per file, kept. */
const drawn = new Map<string, Promise<Buffer | null>>();

/**
 * A document's logo (`/brand/<file>.svg` or `.png`, under photosDir/brand) as a PNG pdfkit can embed,
 * 120 px high; null when the document names none or its file cannot be read (the document is drawn
 * without it rather than not at all).
 */
export function logoPng(photosDir: string, logoUrl: string | undefined): Promise<Buffer | null> {
  const file = logoUrl && /^\/brand\/([A-Za-z0-9._-]+\.(svg|png))$/.exec(logoUrl)?.[1];
  if (!file) return Promise.resolve(null);
  const where = path.join(photosDir, 'brand', file);
  let png = drawn.get(where);
  if (!png) {
    png = readFile(where)
      .then((bytes) =>
        sharp(bytes, { density: 216 })
          .resize({ height: LOGO_HEIGHT * 3, withoutEnlargement: false })
          .png()
          .toBuffer(),
      )
      .catch(() => {
        drawn.delete(where);
        return null;
      });
    drawn.set(where, png);
  }
  return png;
}
