import { createHash } from 'node:crypto';
import { access, copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { runJobs } from '../../src/lib/job-pool';
import type { Problem } from './read-folder';

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
  // The folder's files by their loose names, read once and only when a photo is missing.
  let listing: Promise<Map<string, string>> | null = null;
  const filesOf = () => {
    listing ??= readdir(root, { recursive: true, withFileTypes: true }).then(
      (entries) =>
        new Map(
          entries
            .filter((entry) => entry.isFile())
            .map((entry) => {
              const relative = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
              return [looseName(relative), relative] as const;
            }),
        ),
      () => new Map<string, string>(),
    );
    return listing;
  };
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
      const near = (await filesOf()).get(looseName(name));
      report(
        name,
        near
          ? `missing photo ${name}: the folder has ${near} (write the name exactly as the file's, with / between folders)`
          : `missing photo ${name}`,
      );
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

/** A photo's name as a person may have meant it: any case, either slash, no leading ./ */
const looseName = (name: string) =>
  name
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '')
    .toLowerCase();

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
      const image = sharp(source.file).rotate();
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
