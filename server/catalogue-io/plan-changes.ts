import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bundleItems, bundles, itemTags, photos, productGroups, products } from '../db/schema';
import { type SourcePhoto, type StoredPhoto, storedPhotoOf } from '../services/photo-files';
import { type CatalogueModel, stableId } from './catalogue-model';
import { dollars } from './csv-table';
import type { State } from './current-state';
import { editKeeper, OWNER_LABELS, PRODUCT_LABELS, quoted, same, type WorkspaceRule, yesNo } from './keep-edits';

/** One item the import changes, and what changes in it, as the business wrote it. */
export interface ItemChange {
  item: string;
  fields: string[];
}

type Row = Record<string, unknown>;
type Write = (db: Db) => Promise<unknown>;

const list = (value: unknown) => (value as string[]).filter(Boolean).join(', ') || '(none)';

/** A tag list's change: `tags +lighting -decor`. */
function tagChange(before: string[], after: string[]): string | null {
  const added = after.filter((tag) => !before.includes(tag)).map((tag) => `+${tag}`);
  const removed = before.filter((tag) => !after.includes(tag)).map((tag) => `-${tag}`);
  return added.length || removed.length ? `tags ${[...added, ...removed].join(' ')}` : null;
}

/**
 * The fields of a row that differ, as the business would say them (`price 9.00 -> 9.50`), for the
 * columns the business writes. Derived columns (positions, a group's lowest price, addresses) are
 * written when they differ but are not a change of the business's: a removed row moves the rows
 * after it, and they must not read as changed.
 */
function fieldChanges(
  existing: Row | undefined,
  row: Row,
  fields: Record<string, [label: string, show: (value: unknown) => string] | [label: string]>,
): string[] {
  if (!existing) return [];
  const changes: string[] = [];
  if (existing.archived) changes.push('back in the shop (it was archived)');
  for (const [key, [label, show]] of Object.entries(fields)) {
    if (same(existing[key], row[key])) continue;
    changes.push(show ? `${label} ${show(existing[key])} -> ${show(row[key])}` : `${label} changed`);
  }
  return changes;
}

/**
 * What the import writes, in order, and what it tells the business: the items it adds, changes (with
 * their field changes) and archives. An item whose row, tags and photos are as the folder says gets
 * no write and no line.
 */
export function planChanges(
  model: CatalogueModel,
  state: State,
  urlsOf: (ownerId: string, list: SourcePhoto[]) => StoredPhoto[],
  keepMissing: boolean,
  workspace: WorkspaceRule = { edits: new Map(), overwrite: false, timeZone: 'UTC' },
) {
  const added: string[] = [];
  /** Workspace edits the folder would undo, kept (or, overwriting, named as written over). */
  const kept: string[] = [];
  const changes: ItemChange[] = [];
  const archived: string[] = [];
  const writes: Write[] = [];
  /** Owners whose photos the import replaces: their old files go once it has committed. */
  const rephotographed: string[] = [];
  const groupName = (id: unknown) =>
    model.groups.find((g) => g.id === id)?.name ?? state.groupRows.find((g) => g.id === id)?.name ?? String(id);
  const record = (existing: unknown, item: string, fields: string[]) => {
    if (!existing) added.push(item);
    else if (fields.length) changes.push({ item, fields });
  };
  const keepEdits = editKeeper(workspace, writes, kept);
  const photoChange = (ownerId: string, stored: StoredPhoto[]): string[] => {
    const before = state.photosOf(ownerId);
    const after = stored.map((p) => p.largeUrl);
    if (same(before, after)) return [];
    if (before.length) rephotographed.push(ownerId);
    if (before.length === 0) return [after.length === 1 ? 'photo added' : 'photos added'];
    if (after.length === 0) return [before.length === 1 ? 'photo removed' : 'photos removed'];
    return [after.length === 1 && before.length === 1 ? 'photo changed' : 'photos changed'];
  };

  /** A group's or bundle's row, tags and photos against the stored ones: same, or the fields that changed. */
  const ownerDiff = (
    existing: Row | undefined,
    row: Row & { id: string },
    tags: string[],
    stored: StoredPhoto[],
    ownFields: Parameters<typeof fieldChanges>[2],
  ) => {
    const tagsBefore = state.tagsOf(row.id);
    const tagsSame = same(tagsBefore, tags);
    const photosSame = same(
      state.photosOf(row.id),
      stored.map((p) => p.largeUrl),
    );
    const rowSame = existing !== undefined && same(pick(existing, Object.keys(row)), row);
    if (rowSame && tagsSame && photosSame) return { same: true, fields: [] };
    const fields = fieldChanges(existing, row, {
      name: ['name', quoted],
      description: ['description'],
      showInStore: ['show_in_store', yesNo],
      ...ownFields,
    });
    if (existing && !tagsSame) fields.push(tagChange(tagsBefore, tags) ?? 'tags changed');
    if (existing) fields.push(...photoChange(row.id, stored));
    return { same: false, fields };
  };

  const replaceTagsAndPhotos = (
    ownerId: string,
    ownerType: 'product_groups' | 'bundles',
    tags: string[],
    stored: StoredPhoto[],
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

  /** Groups whose workspace photos a re-import keeps: their products keep their photos too. */
  const keptPhotoGroups = new Set<string>();
  const photoList = (urls: string[]) => `${urls.length} photo${urls.length === 1 ? '' : 's'}`;
  const tagList = (tags: unknown) => (tags as string[]).join('|') || '(none)';
  for (const group of model.groups) {
    const existing = state.groupRows.find((r) => r.id === group.id);
    // Photos edited in the workspace and not overwritten stay as they are: no photo job for them.
    const photosEdited = !workspace.overwrite && workspace.edits.get(`group:${group.id}`)?.has('photos');
    if (photosEdited && existing) keptPhotoGroups.add(group.id);
    const stored = photosEdited && existing ? state.storedPhotosOf(group.id) : urlsOf(group.id, group.photos);
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
    let tags = [...group.tags].sort();
    const keptGroup = keepEdits(`group:${group.id}`, `product group ${group.name}`, existing, row, OWNER_LABELS, {
      tags: { before: state.tagsOf(group.id), after: tags, show: tagList },
      ...(photosEdited && existing
        ? {
            photos: {
              before: state.photosOf(group.id),
              after: group.photos.map((source) => storedPhotoOf(group.id, source).largeUrl),
              show: (v) => photoList(v as string[]),
            },
          }
        : {}),
    });
    if (keptGroup.has('tags')) tags = state.tagsOf(group.id);
    const diff = ownerDiff(existing, row, tags, stored, { variationFields: ['variations', list] });
    if (diff.same) continue;
    record(existing, `product group ${group.name}`, diff.fields);
    writes.push((db) =>
      db.insert(productGroups).values(row).onConflictDoUpdate({ target: productGroups.id, set: row }),
    );
    replaceTagsAndPhotos(group.id, 'product_groups', tags, stored);
  }
  for (const product of model.products) {
    const existing = state.productRows.find((r) => r.id === product.id);
    const { photo, ...fields } = product;
    // Its own photo, among its group's stored photos (none while the group keeps its workspace photos).
    const photoUrl =
      photo && !keptPhotoGroups.has(product.productGroupId)
        ? storedPhotoOf(product.productGroupId, photo).largeUrl
        : keptPhotoGroups.has(product.productGroupId)
          ? (existing?.photoUrl ?? null)
          : null;
    const row: Row & typeof fields = { ...fields, photoUrl, archived: false };
    keepEdits(`product:${product.id}`, `product ${product.sku} ${product.name}`, existing, row, PRODUCT_LABELS);
    if (existing && same(pick(existing, Object.keys(row)), row)) continue;
    record(
      existing,
      `product ${product.sku} ${product.name}`,
      fieldChanges(existing, row, {
        name: ['name', quoted],
        productGroupId: ['group', groupName],
        variationValues: ['variation', list],
        basePriceInCents: ['price', dollars],
        stockCount: ['stock', String],
        turnaroundDays: ['turnaround_days', String],
        showInStore: ['show_in_store', yesNo],
        photoUrl: ['photo'],
      }),
    );
    writes.push((db) => db.insert(products).values(row).onConflictDoUpdate({ target: products.id, set: row }));
  }
  for (const bundle of model.bundles) {
    const existing = state.bundleRows.find((r) => r.id === bundle.id);
    const photosEdited = !workspace.overwrite && workspace.edits.get(`bundle:${bundle.id}`)?.has('photos');
    const stored = photosEdited && existing ? state.storedPhotosOf(bundle.id) : urlsOf(bundle.id, bundle.photos);
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
    let tags = [...bundle.tags].sort();
    const keptBundle = keepEdits(
      `bundle:${bundle.id}`,
      `bundle ${bundle.sku} ${bundle.name}`,
      existing,
      row,
      OWNER_LABELS,
      {
        tags: { before: state.tagsOf(bundle.id), after: tags, show: tagList },
        ...(photosEdited && existing
          ? {
              photos: {
                before: state.photosOf(bundle.id),
                after: bundle.photos.map((source) => storedPhotoOf(bundle.id, source).largeUrl),
                show: (v) => photoList(v as string[]),
              },
            }
          : {}),
      },
    );
    if (keptBundle.has('tags')) tags = state.tagsOf(bundle.id);
    const diff = ownerDiff(existing, row, tags, stored, {});
    const itemsSame = same(currentItems, items);
    if (diff.same && itemsSame) continue;
    record(existing, `bundle ${bundle.sku} ${bundle.name}`, [
      ...diff.fields,
      ...(existing && !itemsSame ? ['items changed'] : []),
    ]);
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
  return { added, changes, archived, kept, writes, rephotographed };
}

function pick(row: Row | object, keys: string[]): Row {
  const source = row as Row;
  return Object.fromEntries(keys.map((key) => [key, source[key]]));
}
