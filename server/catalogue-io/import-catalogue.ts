import { access } from 'node:fs/promises';
import path from 'node:path';
import type { Booking, StockShortfall } from '../booking';
import type { Db } from '../db/client';
import { enqueueMail } from '../mail/queue';
import { readBusinessSettings } from '../services/business';
import { renderStockShortfallEmail } from '../services/emails';
import {
  originalName,
  type PhotoJob,
  removeOldPhotos,
  type SourcePhoto,
  storedPhotoOf,
  writePhotos,
} from '../services/photo-files';
import { readEdits } from '../services/workspace-edits';
import { writeBrandFiles } from './brand-files';
import { buildModel, stableId } from './catalogue-model';
import { currentState } from './current-state';
import { checkPhotos } from './photos';
import { type BusinessPlan, planBusiness } from './plan-business';
import { type CategoriesPlan, planCategories } from './plan-categories';
import { type ItemChange, planChanges } from './plan-changes';
import { readBusiness } from './read-business';
import { type Problem, readCatalogueFolder } from './read-folder';

export interface ImportOptions {
  photosDir: string;
  /** Check and report only: nothing written. */
  dryRun?: boolean;
  /** Leave items that are no longer in the files as they are, instead of archiving them. */
  keepMissing?: boolean;
  /**
   * Take the folder's values over what the team edited in the workspace since the last import
   * (`--overwrite-edits`). Without it those edits are kept, and the report names each one.
   */
  overwriteEdits?: boolean;
  onProgress?: (done: number, total: number) => void;
  /**
   * The booking rules, to check the new stock against what is promised: the report lists every
   * product whose new stock is below what is held or confirmed on some day (nothing is refused).
   */
  booking?: Booking;
  /** Where an import that leaves bookings short emails the list (queued with the import). */
  teamEmail?: string;
  clock?: () => Date;
}

export interface ImportReport {
  problems: Problem[];
  /** What the import forgave and how (an ignored column, a file read as Windows-1252). */
  notes: Problem[];
  added: string[];
  /** The items that change, each with what changes in it (`price 9.00 -> 9.50`, `tags +lighting`). */
  changed: string[];
  changes: ItemChange[];
  archived: string[];
  photos: { toProcess: number; unchanged: number };
  /** The folder's business.json against the stored settings: the keys that change, and how. */
  business: Pick<BusinessPlan, 'status' | 'keys' | 'changes'>;
  /**
   * What the team edited in the workspace that the folder would undo, with who and when: kept, or
   * (with overwriteEdits) written over.
   */
  kept: string[];
  /** The folder's categories against the stored ones, by key. */
  categories: Pick<CategoriesPlan, 'added' | 'removed' | 'changed'>;
  /** Products whose new stock is below what is promised on some days (needs `booking`). */
  shortfalls: StockShortfall[];
  /** Whether the database and photo folder were changed. */
  applied: boolean;
}

/**
 * Imports a catalogue folder: reads and checks everything first (every problem with its file, row
 * and column), writes the photos it lacks, then changes the database in one transaction, only where
 * the folder differs from it. Any problem changes nothing. Items no longer in the files are archived
 * (orders keep their lines), unless keepMissing. The catalogue's data version moves with the writes,
 * so every running process shows the import on its next read.
 */
export async function importCatalogue(db: Db, folder: string, options: ImportOptions): Promise<ImportReport> {
  const { input, problems, notes } = await readCatalogueFolder(folder);
  const businessReading = await readBusiness(folder, problems);
  const refs = [
    ...input.products.map((p) => ({ file: 'products.csv', row: p.row, column: 'photo', photo: p.photo })),
    ...input.bundles.map((b) => ({ file: 'bundles.csv', row: b.row, column: 'photo', photo: b.photo })),
    ...input.categories.map((c) => ({ file: 'categories.csv', row: c.row, column: 'photo', photo: c.photo })),
    ...businessReading.photoRefs,
  ];
  const sources = await checkPhotos(folder, refs, problems);
  const model = buildModel(input, sources, problems);
  const report: ImportReport = {
    problems,
    notes,
    added: [],
    changed: [],
    changes: [],
    archived: [],
    photos: { toProcess: 0, unchanged: 0 },
    business: { status: 'none', keys: [], changes: [] },
    kept: [],
    categories: { added: [], removed: [], changed: [] },
    shortfalls: [],
    applied: false,
  };
  if (problems.length > 0) return report;

  // The photos business.json names (services, collage), each in a folder named by its path.
  const sitePhotos = [...new Set(businessReading.photoRefs.map((ref) => ref.photo))].flatMap((photo) => {
    const source = sources.get(photo);
    return source ? [{ ownerId: stableId('site-photo', photo), source, small: true }] : [];
  });
  const workspace = {
    edits: await readEdits(db),
    overwrite: options.overwriteEdits ?? false,
    timeZone: (await readBusinessSettings(db)).timeZone,
  };
  const business = await planBusiness(
    db,
    businessReading,
    Object.fromEntries(sitePhotos.map((job) => [job.source.name, storedPhotoOf(job.ownerId, job.source).largeUrl])),
    workspace,
  );
  report.business = { status: business.status, keys: business.keys, changes: business.changes };
  const categoryPlan = await planCategories(db, input.categories, sources);
  report.categories = { added: categoryPlan.added, removed: categoryPlan.removed, changed: categoryPlan.changed };

  const state = await currentState(db);
  const photoJobs: PhotoJob[] = [];
  const urlsOf = (ownerId: string, list: SourcePhoto[]) =>
    list.map((source) => {
      photoJobs.push({ ownerId, source });
      return storedPhotoOf(ownerId, source);
    });
  const plan = planChanges(model, state, urlsOf, options.keepMissing ?? false, workspace);
  report.kept = [...business.kept, ...plan.kept];
  photoJobs.push(...categoryPlan.photos, ...sitePhotos);
  report.added = plan.added;
  report.changes = plan.changes;
  report.changed = plan.changes.map((change) => change.item);
  report.archived = plan.archived;
  const onDisk = (file: string) =>
    access(file).then(
      () => true,
      () => false,
    );
  for (const job of photoJobs) {
    const dir = path.join(options.photosDir, job.ownerId);
    const stored = await Promise.all([
      onDisk(path.join(dir, `xlarge_${job.source.hash}.webp`)),
      onDisk(path.join(dir, originalName(job.source))),
    ]);
    if (stored.every(Boolean)) report.photos.unchanged++;
    else report.photos.toProcess++;
  }
  // Each product's stock after the import: its row's, or none once archived.
  const stock = new Map<string, number>(state.productRows.filter((r) => !r.archived).map((r) => [r.id, r.stockCount]));
  for (const product of model.products) stock.set(product.id, product.stockCount);
  if (!options.keepMissing) {
    const kept = new Set(model.products.map((p) => p.id));
    for (const row of state.productRows) if (!kept.has(row.id)) stock.set(row.id, 0);
  }
  const { booking } = options;
  if (options.dryRun) {
    // The turnaround days the folder gives count as if stored (a committed import reads them stored).
    const turnaround = new Map(model.products.map((product) => [product.id, product.turnaroundDays]));
    if (booking) report.shortfalls = await booking.checkStock(db, stock, turnaround);
    return report;
  }

  await writePhotos(options.photosDir, photoJobs, options.onProgress);
  // The logo and its icons, named by content: written before the settings that name them.
  if (businessReading.logo && business.status !== 'unchanged' && business.write)
    await writeBrandFiles(options.photosDir, businessReading.logo, '#ffffff');
  const now = (options.clock ?? (() => new Date()))();
  if (plan.writes.length > 0 || business.write || categoryPlan.write || booking) {
    await db.transaction(async (tx) => {
      for (const write of plan.writes) await write(tx as unknown as Db);
      await business.write?.(tx as unknown as Db, now);
      await categoryPlan.write?.(tx as unknown as Db);
      if (!booking) return;
      // Checked in the import's own transaction, against the holds as they are when it commits.
      report.shortfalls = await booking.checkStock(tx, stock);
      if (report.shortfalls.length > 0 && options.teamEmail) {
        await enqueueMail(
          tx,
          {
            kind: 'stock_shortfall',
            to: options.teamEmail,
            payload: { folder: path.basename(folder), shortfalls: report.shortfalls },
            ...renderStockShortfallEmail(report.shortfalls, now, await readBusinessSettings(tx)),
          },
          now,
        );
      }
    });
  }
  // Committed: the files of photos an item no longer has go (archived items keep theirs).
  const categoryOwners = [...categoryPlan.photos, ...sitePhotos].map((job) => job.ownerId);
  for (const ownerId of [...plan.rephotographed, ...categoryOwners]) {
    const kept = new Set(photoJobs.filter((job) => job.ownerId === ownerId).map((job) => job.source.hash));
    await removeOldPhotos(options.photosDir, ownerId, kept);
  }
  report.applied = true;
  return report;
}
