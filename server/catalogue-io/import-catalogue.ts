import { access } from 'node:fs/promises';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import type { Booking, StockShortfall } from '../booking';
import type { Db } from '../db/client';
import { bundleItems, bundles, itemTags, photos, productGroups, products } from '../db/schema';
import { enqueueMail } from '../mail/queue';
import { renderStockShortfallEmail } from '../services/team-email-templates';
import { buildModel, type CatalogueModel, stableId } from './catalogue-model';
import { checkPhotos, type PhotoJob, type SourcePhoto, type StoredPhoto, storedPhotoOf, writePhotos } from './photos';
import { type Problem, readCatalogueFolder } from './read-folder';

export interface ImportOptions {
  photosDir: string;
  /** Check and report only: nothing written. */
  dryRun?: boolean;
  /** Leave items that are no longer in the files as they are, instead of archiving them. */
  keepMissing?: boolean;
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
  added: string[];
  changed: string[];
  archived: string[];
  photos: { toProcess: number; unchanged: number };
  /** Products whose new stock is below what is promised on some days (needs `booking`). */
  shortfalls: StockShortfall[];
  /** Whether the database and photo folder were changed. */
  applied: boolean;
}

type Row = Record<string, unknown>;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

async function currentState(db: Db) {
  const [groupRows, productRows, bundleRows, itemRows, tagRows, photoRows] = await Promise.all([
    db.select().from(productGroups),
    db.select().from(products),
    db.select().from(bundles),
    db.select().from(bundleItems),
    db.select().from(itemTags),
    db
      .select()
      .from(photos)
      .where(inArray(photos.ownerType, ['product_groups', 'bundles'])),
  ]);
  const tagsOf = (id: string) =>
    tagRows
      .filter((t) => t.ownerId === id)
      .map((t) => t.tag)
      .sort();
  const photosOf = (id: string) =>
    photoRows
      .filter((p) => p.ownerId === id)
      .sort((a, b) => a.position - b.position)
      .map((p) => p.largeUrl);
  return { groupRows, productRows, bundleRows, itemRows, tagsOf, photosOf };
}

/**
 * Imports a catalogue folder: reads and checks everything first (every problem with its file, row
 * and column), writes the photos it lacks, then changes the database in one transaction, only where
 * the folder differs from it. Any problem changes nothing. Items no longer in the files are archived
 * (orders keep their lines), unless keepMissing. The catalogue's data version moves with the writes,
 * so every running process shows the import on its next read.
 */
export async function importCatalogue(db: Db, folder: string, options: ImportOptions): Promise<ImportReport> {
  const { input, problems } = await readCatalogueFolder(folder);
  const refs = [
    ...input.products.map((p) => ({ file: 'products.csv', row: p.row, column: 'photo', photo: p.photo })),
    ...input.bundles.map((b) => ({ file: 'bundles.csv', row: b.row, column: 'photo', photo: b.photo })),
  ];
  const sources = await checkPhotos(folder, refs, problems);
  const model = buildModel(input, sources, problems);
  const report: ImportReport = {
    problems,
    added: [],
    changed: [],
    archived: [],
    photos: { toProcess: 0, unchanged: 0 },
    shortfalls: [],
    applied: false,
  };
  if (problems.length > 0) return report;

  const state = await currentState(db);
  const photoJobs: PhotoJob[] = [];
  const urlsOf = (ownerId: string, list: SourcePhoto[]) =>
    list.map((source) => {
      photoJobs.push({ ownerId, source });
      return storedPhotoOf(ownerId, source);
    });
  const plan = planChanges(model, state, urlsOf, options.keepMissing ?? false);
  report.added = plan.added;
  report.changed = plan.changed;
  report.archived = plan.archived;
  for (const job of photoJobs) {
    const file = path.join(options.photosDir, job.ownerId, `xlarge_${job.source.hash}.webp`);
    const onDisk = await access(file).then(
      () => true,
      () => false,
    );
    if (onDisk) report.photos.unchanged++;
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
    if (booking) report.shortfalls = await booking.checkStock(db, stock);
    return report;
  }

  await writePhotos(options.photosDir, photoJobs, options.onProgress);
  if (plan.writes.length > 0 || booking) {
    await db.transaction(async (tx) => {
      for (const write of plan.writes) await write(tx as unknown as Db);
      if (!booking) return;
      // Checked in the import's own transaction, against the holds as they are when it commits.
      report.shortfalls = await booking.checkStock(tx, stock);
      if (report.shortfalls.length > 0 && options.teamEmail) {
        const now = (options.clock ?? (() => new Date()))();
        await enqueueMail(
          tx,
          {
            kind: 'stock_shortfall',
            to: options.teamEmail,
            payload: { folder: path.basename(folder), shortfalls: report.shortfalls },
            ...renderStockShortfallEmail(report.shortfalls, now),
          },
          now,
        );
      }
    });
  }
  report.applied = true;
  return report;
}

type Write = (db: Db) => Promise<unknown>;

function planChanges(
  model: CatalogueModel,
  state: Awaited<ReturnType<typeof currentState>>,
  urlsOf: (ownerId: string, list: SourcePhoto[]) => ReturnType<typeof storedPhotoOf>[],
  keepMissing: boolean,
) {
  const added: string[] = [];
  const changed: string[] = [];
  const archived: string[] = [];
  const writes: Write[] = [];
  const note = (existing: unknown, label: string) => (existing ? changed : added).push(label);
  /** A group or bundle whose row, tags and photos are already as the folder says. */
  const ownerUnchanged = (
    existing: Row | undefined,
    row: Row & { id: string },
    tags: string[],
    stored: StoredPhoto[],
  ) =>
    existing !== undefined &&
    same(pick(existing, Object.keys(row)), row) &&
    same(state.tagsOf(row.id), tags) &&
    same(
      state.photosOf(row.id),
      stored.map((p) => p.largeUrl),
    );

  const replaceTagsAndPhotos = (
    ownerId: string,
    ownerType: 'product_groups' | 'bundles',
    tags: string[],
    stored: ReturnType<typeof storedPhotoOf>[],
  ) => {
    writes.push((db) => db.delete(itemTags).where(sql`${itemTags.ownerId} = ${ownerId}`));
    if (tags.length) writes.push((db) => db.insert(itemTags).values(tags.map((tag) => ({ ownerId, ownerType, tag }))));
    writes.push((db) => db.delete(photos).where(sql`${photos.ownerId} = ${ownerId}`));
    if (stored.length) {
      writes.push((db) =>
        db.insert(photos).values(
          stored.map((photo, position) => ({
            id: stableId('photo', `${ownerId}:${position}`),
            ownerId,
            ownerType,
            position,
            ...photo,
          })),
        ),
      );
    }
  };

  for (const group of model.groups) {
    const existing = state.groupRows.find((r) => r.id === group.id);
    const stored = urlsOf(group.id, group.photos);
    const row = {
      id: group.id,
      slug: group.slug,
      name: group.name,
      description: group.description,
      photoUrl: stored[0]?.largeUrl ?? null,
      basePriceInCents: group.basePriceInCents,
      archived: false,
      showInStore: group.showInStore,
      variationFields: group.variationFields,
      position: group.position,
    };
    const tags = [...group.tags].sort();
    if (ownerUnchanged(existing, row, tags, stored)) continue;
    note(existing, `product group ${group.name}`);
    writes.push((db) =>
      db.insert(productGroups).values(row).onConflictDoUpdate({ target: productGroups.id, set: row }),
    );
    replaceTagsAndPhotos(group.id, 'product_groups', tags, stored);
  }
  for (const product of model.products) {
    const existing = state.productRows.find((r) => r.id === product.id);
    const row = { ...product, archived: false };
    if (existing && same(pick(existing, Object.keys(row)), row)) continue;
    note(existing, `product ${product.sku} ${product.name}`);
    writes.push((db) => db.insert(products).values(row).onConflictDoUpdate({ target: products.id, set: row }));
  }
  for (const bundle of model.bundles) {
    const existing = state.bundleRows.find((r) => r.id === bundle.id);
    const stored = urlsOf(bundle.id, bundle.photos);
    const row = {
      id: bundle.id,
      sku: bundle.sku,
      slug: bundle.slug,
      name: bundle.name,
      description: bundle.description,
      photoUrl: stored[0]?.largeUrl ?? null,
      archived: false,
      showInStore: bundle.showInStore,
      position: bundle.position,
    };
    const items = bundle.items.map((item) => ({ ...item, bundleId: bundle.id }));
    const currentItems = state.itemRows
      .filter((i) => i.bundleId === bundle.id)
      .sort((a, b) => a.position - b.position)
      .map((i) => pick(i, Object.keys(items[0] ?? {})));
    const tags = [...bundle.tags].sort();
    if (ownerUnchanged(existing, row, tags, stored) && same(currentItems, items)) continue;
    note(existing, `bundle ${bundle.sku} ${bundle.name}`);
    // Another bundle (one this folder no longer has) may hold the address: it gives it up.
    const holder = state.bundleRows.find((r) => r.slug === bundle.slug && r.id !== bundle.id);
    if (holder) {
      writes.push((db) =>
        db
          .update(bundles)
          .set({ slug: `${holder.slug}-${holder.id.slice(0, 8)}` })
          .where(sql`${bundles.id} = ${holder.id}`),
      );
    }
    writes.push((db) => db.insert(bundles).values(row).onConflictDoUpdate({ target: bundles.id, set: row }));
    writes.push((db) => db.delete(bundleItems).where(sql`${bundleItems.bundleId} = ${bundle.id}`));
    if (items.length) writes.push((db) => db.insert(bundleItems).values(items));
    replaceTagsAndPhotos(bundle.id, 'bundles', tags, stored);
  }

  if (!keepMissing) {
    const archive = <T extends { id: string; archived: boolean; name: string }>(
      rows: T[],
      keep: Set<string>,
      label: string,
      table: typeof productGroups | typeof products | typeof bundles,
    ) => {
      const gone = rows.filter((r) => !r.archived && !keep.has(r.id));
      for (const row of gone) archived.push(`${label} ${row.name}`);
      if (gone.length) {
        const ids = gone.map((r) => r.id);
        writes.push((db) => db.update(table).set({ archived: true }).where(inArray(table.id, ids)));
      }
    };
    archive(state.groupRows, new Set(model.groups.map((g) => g.id)), 'product group', productGroups);
    archive(state.productRows, new Set(model.products.map((p) => p.id)), 'product', products);
    archive(state.bundleRows, new Set(model.bundles.map((b) => b.id)), 'bundle', bundles);
  }
  return { added, changed, archived, writes };
}

function pick(row: Row | object, keys: string[]): Row {
  const source = row as Row;
  return Object.fromEntries(keys.map((key) => [key, source[key]]));
}
