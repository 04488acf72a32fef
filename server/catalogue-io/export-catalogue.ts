import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bundleItems, bundles, categories, itemTags, photos, productGroups, products } from '../db/schema';
import { hashOf } from '../services/photo-files';
import { dollars } from './csv-table';
import { defusedCell } from './csv-text';
import { categoryPhotoOwner } from './plan-categories';
import { CATEGORY_COLUMNS } from './read-categories';
import { BUNDLE_COLUMNS, PRODUCT_COLUMNS } from './read-folder';

export interface ExportSummary {
  products: number;
  bundles: number;
  photos: number;
}

/** Every text cell of a file's rows defused for spreadsheets (csv-text.ts). */
const defused = (rows: unknown[][]) =>
  rows.map((row) => row.map((cell) => (typeof cell === 'string' ? defusedCell(cell) : cell)));

/**
 * Writes the catalogue (everything not archived) as a catalogue folder: products.csv, bundles.csv,
 * categories.csv and photos/ with each item's photos at their largest stored size. Importing the folder into an empty
 * database gives the same catalogue.
 */
export async function exportCatalogue(db: Db, folder: string, photosDir: string): Promise<ExportSummary> {
  const [groupRows, productRows, bundleRows, itemRows, tagRows, photoRows] = await Promise.all([
    db.select().from(productGroups).orderBy(asc(productGroups.position)),
    db.select().from(products).orderBy(asc(products.position)),
    db.select().from(bundles).orderBy(asc(bundles.position)),
    db.select().from(bundleItems).orderBy(asc(bundleItems.position)),
    db.select().from(itemTags),
    db.select().from(photos).orderBy(asc(photos.position)),
  ]);
  const categoryRows = await db.select().from(categories).orderBy(asc(categories.position), asc(categories.key));
  await mkdir(path.join(folder, 'photos'), { recursive: true });
  const tagsOf = (id: string) =>
    tagRows
      .filter((t) => t.ownerId === id)
      .map((t) => t.tag)
      .sort()
      .join('|');
  let photoCount = 0;
  const photoFiles = async (ownerId: string, stem: string) => {
    const names: string[] = [];
    const stored = await readdir(path.join(photosDir, ownerId)).catch(() => [] as string[]);
    for (const [index, photo] of photoRows.filter((p) => p.ownerId === ownerId).entries()) {
      // The original as imported when it is kept (imports since issue 32), else the largest variant.
      const hash = hashOf(photo.xlargeUrl);
      const original = stored.find((file) => file.startsWith(`original_${hash}.`));
      const source = original
        ? path.join(photosDir, ownerId, original)
        : path.join(photosDir, photo.xlargeUrl.replace(/^\/photos\//, ''));
      const name = `photos/${stem}${index ? `-${index + 1}` : ''}${original ? path.extname(original) : '.webp'}`;
      await copyFile(source, path.join(folder, name));
      names.push(name);
      photoCount++;
    }
    return names;
  };
  const skuOf = (row: { sku: string | null; id: string }) => row.sku ?? row.id;

  const productLines: string[][] = [];
  let productCount = 0;
  for (const group of groupRows.filter((g) => !g.archived)) {
    const members = productRows.filter((p) => p.productGroupId === group.id && !p.archived);
    const names = await photoFiles(group.id, group.slug);
    // Each product row names its own photo (a variation's); the group's other photos go on the rows
    // that have none, in order, as the import reads them back.
    const groupPhotos = photoRows.filter((p) => p.ownerId === group.id).map((p) => p.largeUrl);
    const own = members.map((product) => {
      const at = product.photoUrl ? groupPhotos.indexOf(product.photoUrl) : -1;
      return at >= 0 ? (names[at] ?? '') : '';
    });
    const spare = names.filter((name) => !own.includes(name));
    const photoOfRow = own.map((name) => name || spare.shift() || '');
    for (const [index, product] of members.entries()) {
      const variation = group.variationFields
        .map((field, at) => [field, product.variationValues[at] ?? ''] as const)
        .filter(([, value]) => value)
        .map(([field, value]) => `${field}: ${value}`)
        .join('; ');
      productLines.push([
        skuOf(product),
        product.name,
        group.name,
        variation,
        index === 0 ? group.description : '',
        dollars(product.basePriceInCents),
        String(product.stockCount),
        tagsOf(group.id),
        photoOfRow[index] ?? '',
        product.showInStore && group.showInStore ? 'yes' : 'no',
        product.turnaroundDays ? String(product.turnaroundDays) : '',
      ]);
      productCount++;
    }
  }
  await writeFile(path.join(folder, 'products.csv'), stringify(defused([[...PRODUCT_COLUMNS], ...productLines])));

  const bundleLines: string[][] = [];
  let bundleCount = 0;
  for (const bundle of bundleRows.filter((b) => !b.archived)) {
    const [photo] = await photoFiles(bundle.id, `bundle-${bundle.slug}`);
    for (const item of itemRows.filter((i) => i.bundleId === bundle.id)) {
      const group = groupRows.find((g) => g.id === item.productGroupId);
      const product = item.productId ? productRows.find((p) => p.id === item.productId) : undefined;
      bundleLines.push([
        skuOf(bundle),
        bundle.name,
        bundle.description,
        photo ?? '',
        tagsOf(bundle.id),
        group?.name ?? '',
        product ? skuOf(product) : '',
        String(item.quantity),
        String(item.discountPercentage),
        bundle.showInStore ? 'yes' : 'no',
      ]);
    }
    bundleCount++;
  }
  await writeFile(path.join(folder, 'bundles.csv'), stringify(defused([[...BUNDLE_COLUMNS], ...bundleLines])));
  if (categoryRows.length > 0) {
    const categoryLines: string[][] = [];
    for (const c of categoryRows) {
      // A category's photo: its original as imported, beside the items' photos.
      const hash = c.photo ? hashOf(c.photo) : null;
      const owner = categoryPhotoOwner(c.key);
      const original = hash
        ? (await readdir(path.join(photosDir, owner)).catch(() => [] as string[])).find((f) =>
            f.startsWith(`original_${hash}.`),
          )
        : undefined;
      const photo = original ? `photos/category-${c.key}${path.extname(original)}` : '';
      if (original) {
        await copyFile(path.join(photosDir, owner, original), path.join(folder, photo));
        photoCount++;
      }
      categoryLines.push([
        c.key,
        c.name,
        c.parent ?? '',
        String(c.position),
        c.description,
        photo,
        c.oldKeys.join('|'),
      ]);
    }
    await writeFile(path.join(folder, 'categories.csv'), stringify(defused([[...CATEGORY_COLUMNS], ...categoryLines])));
  }
  return { products: productCount, bundles: bundleCount, photos: photoCount };
}
