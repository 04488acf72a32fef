import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { count, eq } from 'drizzle-orm';
import { slugify, stableId } from '../catalogue-io/catalogue-model';
import { importCatalogue } from '../catalogue-io/import-catalogue';
import { CATEGORY_COLUMNS } from '../catalogue-io/read-categories';
import { BUNDLE_COLUMNS, describeProblem, PRODUCT_COLUMNS } from '../catalogue-io/read-folder';
import type { Db } from '../db/client';
import { bundles, photos, productGroups, products } from '../db/schema';
import { BUNDLES, GROUPS, type GroupDef } from './catalogue-data';
import demoBusiness from './demo-business.json';
import { demoCategoryLines } from './demo-categories';
import { materialOf, sizeOf } from './photo-materials';
import { colourOf, createPhotoRenderer, type PhotoFile, type SceneItem } from './photo-render';
import { COLLAGE_PHOTOS, SERVICE_PHOTOS } from './site-photos';

export { slugify, stableId };

/** A number in [min, max] that depends only on the key. */
function stableInt(key: string, min: number, max: number): number {
  const n = createHash('sha1').update(key).digest().readUInt32BE(0);
  return min + (n % (max - min + 1));
}

function listWords(values: string[]): string {
  return values.length < 2 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} and ${values.at(-1)}`;
}

function describe(def: GroupDef): string {
  const options = def.values ? ` Available in ${listWords(def.values)}.` : '';
  return `${def.about}${options} Hire is per event: the days to pick up and return follow your event date, shown at checkout.`;
}

/**
 * The props of a group's photo: up to three colourways side by side, a size range as a graded set,
 * or the one item; each in the material its colour word or name suggests.
 */
function groupScene(def: GroupDef): SceneItem[] {
  const base = colourOf(def.colour) ?? '#c8ad86';
  const name = `${def.name} ${def.colour ?? ''}`;
  // A cube of a tall silhouette is drawn as wide as it is tall.
  const aspect = /\bcube\b/i.test(def.name) ? 0.72 : 1;
  const item = (value: string | undefined, size = 1): SceneItem => ({
    shape: def.shape,
    colour: colourOf(value) ?? base,
    material: materialOf(colourOf(value) ? value : undefined, name),
    size,
    aspect,
  });
  if (def.field === 'Colour' && def.values) return def.values.slice(0, 3).map((value) => item(value));
  const sizes = (def.values ?? []).map(sizeOf);
  if (sizes.some((size) => size < 1)) {
    return (def.values ?? []).slice(0, 3).map((value) => item(undefined, sizeOf(value)));
  }
  if (/\bset\b/i.test(def.name)) return [item(undefined, 0.7), item(undefined, 0.85), item(undefined)];
  return [item(undefined)];
}

export interface SeedOptions {
  /** Folder the photo files are written to. */
  photosDir: string;
  /** Where the demo catalogue folder is written; beside photosDir by default. */
  demoDir?: string;
}

export interface SeedSummary {
  productGroups: number;
  products: number;
  bundles: number;
  photos: number;
}

const dollars = (value: number) => value.toFixed(2);
const demoSku = (slug: string, value = '') => `DEMO-${slug}${value ? `-${slugify(value)}` : ''}`.toUpperCase();

/**
 * Writes the demo catalogue as a catalogue folder (the format any business uses): products.csv,
 * bundles.csv and a photo per group and bundle drawn by the renderer. `history` holds every item the
 * demo ever had; without it, the folder is today's catalogue, in which retired items are missing (so
 * importing it after the history archives them) and hidden or sold-out ones say so.
 */
export async function writeDemoFolder(folder: string, { history }: { history: boolean }): Promise<void> {
  const renderer = createPhotoRenderer(path.join(folder, 'photos'), true);
  const photoOf = (slug: string, scene: SceneItem[]) => {
    renderer.photo(slug, slug, scene);
    return `photos/${slug}/xlarge_${slug}.webp`;
  };
  const productLines: string[][] = [];
  const groupsByName = new Map<string, GroupDef>();
  for (const def of GROUPS) {
    groupsByName.set(def.name, def);
    if (def.archived && !history) continue;
    const slug = slugify(def.name);
    const photo = photoOf(slug, groupScene(def));
    const values = def.values ?? [];
    let first = true;
    for (const [index, value] of (values.length > 0 ? values : ['']).entries()) {
      if (def.retired === index && !history) continue;
      productLines.push([
        demoSku(slug, value),
        value ? `${def.name} - ${value}` : def.name,
        def.name,
        value ? `${def.field}: ${value}` : '',
        first ? describe(def) : '',
        dollars(def.price + (def.step ?? 0) * index),
        String(def.soldOut === index ? 0 : stableInt(`${slug}:${value}:stock`, def.stock[0], def.stock[1])),
        def.tags.join('|'),
        first ? photo : '',
        def.hidden ? 'no' : 'yes',
        '',
      ]);
      first = false;
    }
  }
  const bundleLines: string[][] = [];
  for (const def of BUNDLES) {
    if (def.archived && !history) continue;
    const slug = slugify(def.name);
    const scene: SceneItem[] = def.items.map((item) => {
      const group = groupsByName.get(item.group);
      if (!group) throw new Error(`Bundle ${def.name} names an unknown group: ${item.group}`);
      const groupProp = groupScene(group)[0];
      return {
        shape: group.shape,
        colour: colourOf(item.fixed) ?? groupProp?.colour ?? '#c8ad86',
        material: colourOf(item.fixed) ? materialOf(item.fixed, group.name) : groupProp?.material,
      };
    });
    const photo = photoOf(`bundle-${slug}`, scene);
    for (const [position, item] of def.items.entries()) {
      const group = groupsByName.get(item.group) as GroupDef;
      // A group without variations has one product, whose sku has no value.
      const fixed = item.fixed === undefined ? '' : demoSku(slugify(group.name), group.values ? item.fixed : '');
      bundleLines.push([
        demoSku(`bundle-${slug}`),
        def.name,
        position === 0 ? `${def.about} Bundle prices include the discount on every item.` : '',
        position === 0 ? photo : '',
        position === 0 ? def.tags.join('|') : '',
        item.group,
        fixed,
        String(item.quantity),
        String(item.discount),
        def.hidden ? 'no' : 'yes',
      ]);
    }
  }
  // The home collage and the services' photos, which business.json names.
  for (const item of COLLAGE_PHOTOS) photoOf(item.key, item.scene);
  for (const [key, scenes] of Object.entries(SERVICE_PHOTOS)) {
    for (const [index, scene] of scenes.entries()) photoOf(`service-${key}-${index + 1}`, scene);
  }
  await mkdir(folder, { recursive: true });
  // The demo business's own settings, as any business's folder has them.
  await writeFile(path.join(folder, 'business.json'), `${JSON.stringify(demoBusiness, null, 2)}\n`);
  await writeFile(path.join(folder, 'products.csv'), stringify([[...PRODUCT_COLUMNS], ...productLines]));
  await writeFile(path.join(folder, 'bundles.csv'), stringify([[...BUNDLE_COLUMNS], ...bundleLines]));
  await writeFile(path.join(folder, 'categories.csv'), stringify([[...CATEGORY_COLUMNS], ...demoCategoryLines()]));
  await renderer.done();
}

/** Imports a catalogue folder or throws with every problem it has. */
async function importOrThrow(db: Db, folder: string, photosDir: string): Promise<void> {
  const report = await importCatalogue(db, folder, { photosDir });
  if (report.problems.length > 0) {
    throw new Error(
      `The catalogue in ${folder} cannot be imported:\n${report.problems.map(describeProblem).join('\n')}`,
    );
  }
}

async function summary(db: Db): Promise<SeedSummary> {
  const n = async (table: typeof productGroups | typeof products | typeof bundles | typeof photos) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    productGroups: await n(productGroups),
    products: await n(products),
    bundles: await n(bundles),
    photos: await n(photos),
  };
}

/**
 * The photos of the home collage and the service pages (site photos, not catalogue items), drawn
 * where missing: files a current renderer drew are kept, so this costs little on every start.
 */
async function drawSitePhotos(photosDir: string): Promise<(typeof photos.$inferInsert)[]> {
  const renderer = createPhotoRenderer(photosDir, true);
  const rows: (typeof photos.$inferInsert)[] = [];
  const add = (ownerId: string, ownerType: 'collage' | 'services', file: PhotoFile, position: number) =>
    rows.push({ id: stableId('photo', `${ownerId}:${position}`), ownerId, ownerType, position, ...file });
  for (const [position, item] of COLLAGE_PHOTOS.entries()) {
    add('collage', 'collage', renderer.photo('collage', item.key, item.scene), position);
  }
  for (const [key, scenes] of Object.entries(SERVICE_PHOTOS)) {
    for (const [position, scene] of scenes.entries()) {
      add(`service-${key}`, 'services', renderer.photo(`service-${key}`, `${key}-${position + 1}`, scene), position);
    }
  }
  await renderer.done();
  return rows;
}

/**
 * Fills an empty catalogue, through the catalogue importer like any business's own: from
 * catalogueDir when given, else with the demo catalogue, written as a folder first (its history,
 * then today's catalogue, so retired items end archived as they would for a business). When product
 * groups already exist it only draws site photo files that are missing.
 */
export async function seedCatalogue(
  db: Db,
  options: SeedOptions & { catalogueDir?: string },
): Promise<SeedSummary | null> {
  const [existing] = await db.select({ n: count() }).from(productGroups);
  if ((existing?.n ?? 0) > 0) {
    // An install seeded before issue 32 drew its site photos apart from the catalogue (migration
    // 0009_demo_site points its settings at them): a variant added since (small_) is drawn now.
    const [legacy] = await db.select({ n: count() }).from(photos).where(eq(photos.ownerType, 'collage'));
    if (legacy?.n) await drawSitePhotos(options.photosDir);
    return null;
  }
  if (options.catalogueDir) {
    await importOrThrow(db, options.catalogueDir, options.photosDir);
  } else {
    // The drawn photos are shared (drawing is the slow part); the CSV files are this seed's own, so
    // processes seeding at the same time never read each other's half of the history.
    const base = options.demoDir ?? `${options.photosDir.replace(/[/\\]+$/, '')}-demo-catalogue`;
    await mkdir(path.join(base, 'photos'), { recursive: true });
    const folder = await mkdtemp(path.join(base, 'seed-'));
    try {
      await symlink(path.join(base, 'photos'), path.join(folder, 'photos'), 'dir');
      await writeDemoFolder(folder, { history: true });
      await importOrThrow(db, folder, options.photosDir);
      await writeDemoFolder(folder, { history: false });
      await importOrThrow(db, folder, options.photosDir);
      // Today's demo stays beside its photos as a complete catalogue folder to look at.
      for (const file of ['products.csv', 'bundles.csv']) {
        await copyFile(path.join(folder, file), path.join(folder, `${file}.done`));
        await rename(path.join(folder, `${file}.done`), path.join(base, file));
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
  return summary(db);
}
