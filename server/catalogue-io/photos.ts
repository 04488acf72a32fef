import { createHash } from 'node:crypto';
import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { runJobs } from '../../src/lib/job-pool';
import type { Problem } from './read-folder';

/** The variants the app shows: listings and cards (large) and popups, moodboards (xlarge). */
export const PHOTO_VARIANTS = { large: 500, xlarge: 1200 } as const;

export interface SourcePhoto {
  /** Path inside the catalogue folder, as the CSV wrote it. */
  name: string;
  file: string;
  /** First 16 hex digits of the SHA-256 of the file: the stored files are named by it. */
  hash: string;
}

export interface PhotoRef {
  file: string;
  row: number;
  column: string;
  photo: string;
}

/**
 * Checks every photo the CSV files name: inside the folder, present, and an image sharp can read.
 * Answers the photos by name; problems go to the list with the row that named them.
 */
export async function checkPhotos(
  folder: string,
  refs: PhotoRef[],
  problems: Problem[],
): Promise<Map<string, SourcePhoto>> {
  const found = new Map<string, SourcePhoto>();
  const failed = new Set<string>();
  const root = path.resolve(folder);
  const distinct = [...new Set(refs.map((ref) => ref.photo).filter(Boolean))];
  const report = (name: string, message: string) => {
    failed.add(name);
    for (const ref of refs.filter((r) => r.photo === name)) {
      problems.push({ file: ref.file, row: ref.row, column: ref.column, message });
    }
  };
  await runJobs(distinct, 4, async (name) => {
    const file = path.resolve(root, name);
    if (!file.startsWith(root + path.sep)) {
      report(name, `photo ${name} is outside the catalogue folder`);
      return [];
    }
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch {
      report(name, `missing photo ${name}`);
      return [];
    }
    try {
      const meta = await sharp(bytes).metadata();
      if (!meta.width || !meta.height) throw new Error('no size');
    } catch {
      report(name, `photo ${name} is not an image (JPEG, PNG, WebP, AVIF, GIF or TIFF)`);
      return [];
    }
    found.set(name, { name, file, hash: createHash('sha256').update(bytes).digest('hex').slice(0, 16) });
    return [];
  });
  for (const name of failed) found.delete(name);
  return found;
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
}

/**
 * Writes the WebP variants of each (owner, photo) pair that is not on disk yet: EXIF orientation
 * applied, fitted inside the variant's square, metadata stripped (sharp keeps none unless asked).
 * Files are named by content hash, so an unchanged photo is skipped by its name alone. Each file is
 * written beside its place and renamed into it, so a reader never sees half a photo.
 */
export async function writePhotos(
  photosDir: string,
  jobs: PhotoJob[],
  onProgress?: (done: number, total: number) => void,
): Promise<{ processed: number; skipped: number }> {
  let processed = 0;
  let skipped = 0;
  let done = 0;
  await runJobs(jobs, 2, async ({ ownerId, source }) => {
    const dir = path.join(photosDir, ownerId);
    const targets = (Object.keys(PHOTO_VARIANTS) as (keyof typeof PHOTO_VARIANTS)[]).map((variant) => ({
      variant,
      file: path.join(dir, `${variant}_${source.hash}.webp`),
    }));
    if ((await Promise.all(targets.map((t) => exists(t.file)))).every(Boolean)) {
      skipped++;
    } else {
      await mkdir(dir, { recursive: true });
      const image = sharp(source.file).rotate();
      for (const { variant, file } of targets) {
        const size = PHOTO_VARIANTS[variant];
        const body = await image
          .clone()
          .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: variant === 'large' ? 78 : 82 })
          .toBuffer();
        const partial = `${file}.${process.pid}.part`;
        await writeFile(partial, body);
        await rename(partial, file);
      }
      processed++;
    }
    onProgress?.(++done, jobs.length);
    return [];
  });
  return { processed, skipped };
}
