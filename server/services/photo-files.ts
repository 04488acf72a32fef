import { access, copyFile, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runJobs } from '../../src/lib/job-pool';
import { sharp } from '../lib/sharp';
import { DECODE_LIMITS } from './photo-limits';

/**
 * The photo files of the shop's items, in PHOTOS_DIR: written by the catalogue import and by the
 * workspace's uploads alike, named by content hash, one folder per owner.
 */

/** The variants the app shows: listings and cards (large) and popups, moodboards (xlarge). */
export const PHOTO_VARIANTS = { large: 500, xlarge: 1200 } as const;
/** The home collage's tiles are a third of a phone's width: its photos get a `small_` too. */
export const SMALL_SIZE = 280;

export interface SourcePhoto {
  /** Path inside the catalogue folder, as the CSV wrote it. */
  name: string;
  file: string;
  /** First 16 hex digits of the SHA-256 of the file: the stored files are named by it. */
  hash: string;
}

export interface StoredPhoto {
  largeUrl: string;
  xlargeUrl: string;
  width: number;
  height: number;
}

const urlOf = (ownerId: string, variant: keyof typeof PHOTO_VARIANTS, hash: string) =>
  `/photos/${ownerId}/${variant}_${hash}.webp`;

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** The stored photo of an owner for a source photo: URLs follow from the owner and the content hash. */
export function storedPhotoOf(ownerId: string, source: SourcePhoto): StoredPhoto {
  return {
    largeUrl: urlOf(ownerId, 'large', source.hash),
    xlargeUrl: urlOf(ownerId, 'xlarge', source.hash),
    width: PHOTO_VARIANTS.large,
    height: PHOTO_VARIANTS.large,
  };
}

export interface PhotoJob {
  ownerId: string;
  source: SourcePhoto;
  /** Also a `small_` variant (the home collage's photos). */
  small?: boolean;
}

/** The original's file name in its owner's folder: kept as imported, never served (only variants are). */
export const originalName = (source: SourcePhoto) =>
  `original_${source.hash}${path.extname(source.file).toLowerCase() || '.jpg'}`;

/** The content hash a stored photo's URL or file name carries. */
export const hashOf = (name: string) => /_([0-9a-f]{16})\.[a-z0-9]+$/.exec(name)?.[1] ?? null;

/**
 * Writes the WebP variants of each (owner, photo) pair that is not on disk yet: EXIF orientation
 * applied, fitted inside the variant's square, metadata stripped (sharp keeps none unless asked),
 * and keeps the original as imported, so an export gives back the same file. Files are named by
 * content hash, so an unchanged photo is skipped by its name alone. Each file is written beside its
 * place and renamed into it, so a reader never sees half a photo.
 */
export async function writePhotos(
  photosDir: string,
  jobs: PhotoJob[],
  onProgress?: (done: number, total: number) => void,
): Promise<{ processed: number; skipped: number }> {
  let processed = 0;
  let skipped = 0;
  let done = 0;
  await runJobs(jobs, 2, async ({ ownerId, source, small }) => {
    const dir = path.join(photosDir, ownerId);
    const sizes: [string, number][] = [
      ...Object.entries(PHOTO_VARIANTS),
      ...(small ? [['small', SMALL_SIZE] as [string, number]] : []),
    ];
    const targets = sizes.map(([variant, size]) => ({
      variant,
      size,
      file: path.join(dir, `${variant}_${source.hash}.webp`),
    }));
    const original = path.join(dir, originalName(source));
    if ((await Promise.all([...targets.map((t) => exists(t.file)), exists(original)])).every(Boolean)) {
      skipped++;
    } else {
      await mkdir(dir, { recursive: true });
      const image = sharp(source.file, DECODE_LIMITS).rotate();
      for (const { variant, size, file } of targets) {
        const body = await image
          .clone()
          .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: variant === 'large' ? 78 : 82 })
          .toBuffer();
        const partial = `${file}.${process.pid}.part`;
        await writeFile(partial, body);
        await rename(partial, file);
      }
      const partial = `${original}.${process.pid}.part`;
      await copyFile(source.file, partial);
      await rename(partial, original);
      processed++;
    }
    onProgress?.(++done, jobs.length);
    return [];
  });
  return { processed, skipped };
}

/**
 * Removes an owner's stored files (variants and original) of photos it no longer has: called once
 * the import that replaced them has committed. Files of the photos in `keep` stay.
 */
export async function removeOldPhotos(photosDir: string, ownerId: string, keep: Set<string>): Promise<number> {
  const dir = path.join(photosDir, ownerId);
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const hash = hashOf(name);
    if (!hash || keep.has(hash)) continue;
    await rm(path.join(dir, name), { force: true });
    removed++;
  }
  return removed;
}
