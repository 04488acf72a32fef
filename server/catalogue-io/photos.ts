import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { runJobs } from '../../src/lib/job-pool';
import { sharp } from '../lib/sharp';
import type { SourcePhoto } from '../services/photo-files';
import { HEADER_ONLY, tooManyPixels } from '../services/photo-limits';
import type { Problem } from './read-folder';

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
      const meta = await sharp(bytes, HEADER_ONLY).metadata();
      if (!meta.width || !meta.height) throw new Error('no size');
      const tooLarge = tooManyPixels(meta);
      if (tooLarge) {
        report(name, `photo ${name}: ${tooLarge}`);
        return [];
      }
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
