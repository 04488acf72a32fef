import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { OfflineSize } from '../../src/lib/api-contract';
import type { Db } from '../db/client';
import { findVisibleGroupsAndBundles } from './catalogue';

/**
 * About how many bytes of catalogue data one item takes when saved: its lines in the listings, its
 * detail and its photo list (measured on the demo catalogue: 2.6 KB).
 */
const DATA_BYTES_PER_ITEM = 3 * 1024;
const CACHE_MS = 5 * 60_000;

let cachedPhotos: { dir: string; at: number; files: number; bytes: number } | null = null;

/** The large photo files the app shows (listings, popups, collage), counted from the photo folder. */
async function largePhotoFiles(photosDir: string): Promise<{ files: number; bytes: number }> {
  if (cachedPhotos && cachedPhotos.dir === photosDir && Date.now() - cachedPhotos.at < CACHE_MS) return cachedPhotos;
  let files = 0;
  let bytes = 0;
  let entries: string[] = [];
  try {
    entries = await readdir(photosDir, { recursive: true });
  } catch {
    // No photo folder: nothing to save.
  }
  for (const entry of entries) {
    if (!path.basename(entry).startsWith('large_')) continue;
    try {
      const info = await stat(path.join(photosDir, entry));
      if (!info.isFile()) continue;
      files += 1;
      bytes += info.size;
    } catch {
      // Removed meanwhile.
    }
  }
  cachedPhotos = { dir: photosDir, at: Date.now(), files, bytes };
  return cachedPhotos;
}

/** What saving the catalogue for offline will store, so the shopper can be told before it starts. */
export async function offlineSize(db: Db, photosDir: string): Promise<OfflineSize> {
  const [{ groupRows, bundleRows }, photos] = await Promise.all([
    findVisibleGroupsAndBundles(db),
    largePhotoFiles(photosDir),
  ]);
  const items = groupRows.length + bundleRows.length;
  return { items, photos: photos.files, bytes: photos.bytes + items * DATA_BYTES_PER_ITEM };
}
