import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sharp } from '../../lib/sharp';
import { DECODE_LIMITS, HEADER_ONLY, tooManyPixels } from '../photo-limits';

/**
 * Photos taken at a return (a broken leg, a stained cloth): the team's own record, never the shop's.
 * They live in the photo folder (so a backup keeps them) under a dot folder that the public
 * `/photos/` route's pattern never reaches, and are shown only to signed-in members.
 */
const FOLDER = '.returns';
const NAME = /^[a-f0-9]{16}\.webp$/;
const FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif', 'tiff', 'gif']);
/** Long enough to see the damage on a phone or a laptop, small enough to keep. */
const LONGEST_SIDE = 1600;

const folderOf = (photosDir: string, orderId: string) => path.join(photosDir, FOLDER, orderId.replace(/[^0-9]/g, ''));

export type StoredReturnPhoto =
  | { kind: 'stored'; name: string }
  | { kind: 'invalid'; problem: string; tooLarge?: boolean };

/**
 * Keeps a return's photo: turned upright by its EXIF orientation, at most 1600 px on its longest
 * side, WebP, its metadata (place, camera) stripped. Named by its content, so the same photo sent
 * twice is kept once.
 */
export async function storeReturnPhoto(
  photosDir: string,
  orderId: string,
  bytes: Uint8Array,
): Promise<StoredReturnPhoto> {
  const meta = await sharp(bytes, HEADER_ONLY)
    .metadata()
    .catch(() => null);
  if (!meta?.format || !FORMATS.has(meta.format)) {
    return { kind: 'invalid', problem: 'that file is not a photo (JPEG, PNG, WebP, HEIC or AVIF)' };
  }
  const tooLarge = tooManyPixels(meta);
  if (tooLarge) return { kind: 'invalid', problem: tooLarge, tooLarge: true };
  const webp = await sharp(bytes, DECODE_LIMITS)
    .rotate()
    .resize({ width: LONGEST_SIDE, height: LONGEST_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  const name = `${createHash('sha256').update(webp).digest('hex').slice(0, 16)}.webp`;
  const folder = folderOf(photosDir, orderId);
  await mkdir(folder, { recursive: true });
  const part = path.join(folder, `${name}.part`);
  await writeFile(part, webp);
  await rename(part, path.join(folder, name));
  return { kind: 'stored', name };
}

/** A return photo's bytes, or null for a name that is not one (the pattern rules out traversal). */
export async function readReturnPhoto(photosDir: string, orderId: string, name: string): Promise<Buffer | null> {
  if (!NAME.test(name)) return null;
  return readFile(path.join(folderOf(photosDir, orderId), name)).catch(() => null);
}

/** Drops a photo kept for a return that was then not recorded. */
export async function dropReturnPhoto(photosDir: string, orderId: string, name: string): Promise<void> {
  if (NAME.test(name)) await rm(path.join(folderOf(photosDir, orderId), name), { force: true });
}
