import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bundles, photos, productGroups } from '../../db/schema';
import { sharp } from '../../lib/sharp';
import { removeOldPhotos, storedPhotoOf, writePhotos } from '../photo-files';
import { HEADER_ONLY, tooManyPixels } from '../photo-limits';
import { markEdited } from '../workspace-edits';
import { type Acting, actorName, logActivity } from './activity';

/** The largest photo the workspace takes (a phone's camera photo is 3 to 8 MB). */
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;
const FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif', 'tiff', 'gif']);

export type PhotoOutcome =
  | { kind: 'added' | 'replaced'; url: string }
  | { kind: 'invalid'; problem: string }
  | { kind: 'not_found' };

export const photosOf = (db: Pick<Db, 'select'>, ownerId: string) =>
  db.select().from(photos).where(eq(photos.ownerId, ownerId)).orderBy(asc(photos.position));

/**
 * Adds a photo to a product group or bundle, or replaces its photos, through the importer's photo
 * pipeline: EXIF orientation applied, WebP variants, metadata stripped, the original kept (so the
 * export gives it back). The files are written first, then the rows in one transaction; replaced
 * photos' files go once it has committed.
 */
export async function putItemPhoto(
  db: Db,
  photosDir: string,
  item: { id: string; type: 'product_groups' | 'bundles'; name: string },
  upload: { name: string; bytes: Uint8Array },
  mode: 'add' | 'replace',
  by: Acting,
  now: Date,
): Promise<PhotoOutcome> {
  const meta = await sharp(upload.bytes, HEADER_ONLY)
    .metadata()
    .catch(() => null);
  if (!meta?.format || !FORMATS.has(meta.format)) {
    return { kind: 'invalid', problem: 'that file is not a photo (JPEG, PNG, WebP, HEIC or AVIF)' };
  }
  const tooLarge = tooManyPixels(meta);
  if (tooLarge) return { kind: 'invalid', problem: tooLarge };
  const hash = createHash('sha256').update(upload.bytes).digest('hex').slice(0, 16);
  const uploads = path.join(photosDir, '.uploads');
  await mkdir(uploads, { recursive: true });
  const ext = meta.format === 'jpeg' ? '.jpg' : `.${meta.format}`;
  const file = path.join(uploads, `${randomUUID()}${ext}`);
  await writeFile(file, upload.bytes);
  try {
    const source = { name: upload.name || `photo${ext}`, file, hash };
    await writePhotos(photosDir, [{ ownerId: item.id, source }]);
    const stored = storedPhotoOf(item.id, source);
    const done = await db.transaction(async (tx) => {
      const table = item.type === 'product_groups' ? productGroups : bundles;
      const [exists] = await tx.select({ id: table.id }).from(table).where(eq(table.id, item.id));
      if (!exists) return false;
      const existing = await photosOf(tx, item.id);
      if (mode === 'replace') await tx.delete(photos).where(eq(photos.ownerId, item.id));
      const position = mode === 'replace' ? 0 : existing.length;
      await tx.insert(photos).values({ id: randomUUID(), ownerId: item.id, ownerType: item.type, position, ...stored });
      const first = mode === 'replace' || existing.length === 0 ? stored.largeUrl : existing[0]?.largeUrl;
      await tx
        .update(table)
        .set({ photoUrl: first ?? stored.largeUrl })
        .where(eq(table.id, item.id));
      await markEdited(
        tx,
        `${item.type === 'product_groups' ? 'group' : 'bundle'}:${item.id}`,
        ['photos'],
        actorName(by),
        now,
      );
      await logActivity(
        tx,
        by,
        {
          kind: 'item_edit',
          subjectType: 'item',
          subjectId: item.id,
          summary: `${mode === 'replace' ? 'Replaced the photos of' : 'Added a photo to'} ${item.name}`,
          before: { photos: existing.map((p) => p.largeUrl) },
          after: { photo: stored.largeUrl },
        },
        now,
      );
      return true;
    });
    if (!done) return { kind: 'not_found' };
    if (mode === 'replace') await removeOldPhotos(photosDir, item.id, new Set([hash]));
    return { kind: mode === 'replace' ? 'replaced' : 'added', url: stored.largeUrl };
  } finally {
    await rm(file, { force: true });
  }
}
