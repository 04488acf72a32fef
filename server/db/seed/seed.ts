import { createHash } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Db } from '../client';
import { bundleItems, bundles, itemTags, photos, productGroups, products } from '../schema';
import { BUNDLES, GROUPS, type GroupDef } from './catalogue-data';
import { materialOf, sizeOf } from './photo-materials';
import { colourOf, createPhotoRenderer, type PhotoFile, type SceneItem } from './photo-render';
import { COLLAGE_PHOTOS, SERVICE_PHOTOS } from './site-photos';

/** A UUID (version 5 layout) derived from a key, so every seed gives every item the same id. */
export function stableId(kind: string, key: string): string {
  const hex = createHash('sha1').update(`${kind}:${key}`).digest('hex');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A number in [min, max] that depends only on the key. */
function stableInt(key: string, min: number, max: number): number {
  const n = createHash('sha1').update(key).digest().readUInt32BE(0);
  return min + (n % (max - min + 1));
}

const toCents = (dollars: number) => Math.round(dollars * 100);

function listWords(values: string[]): string {
  return values.length < 2 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} and ${values.at(-1)}`;
}

function describe(def: GroupDef): string {
  const options = def.values ? ` Available in ${listWords(def.values)}.` : '';
  return `${def.about}${options} Hire is per event: pick up on Friday, return on Monday.`;
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
  /** Render missing photo files (false in tests that only need the rows). */
  writePhotos?: boolean;
}

export interface SeedSummary {
  productGroups: number;
  products: number;
  bundles: number;
  photos: number;
}

/** Fills an empty catalogue with the demo data. Does nothing when product groups already exist. */
export async function seedCatalogue(db: Db, options: SeedOptions): Promise<SeedSummary | null> {
  const [existing] = await db.select({ n: count() }).from(productGroups);
  if ((existing?.n ?? 0) > 0) return null;
  const renderer = createPhotoRenderer(options.photosDir, options.writePhotos ?? true);
  const photoRows: (typeof photos.$inferInsert)[] = [];
  const addPhoto = (
    ownerId: string,
    ownerType: (typeof photos.$inferInsert)['ownerType'],
    file: PhotoFile,
    position = 0,
  ) => photoRows.push({ id: stableId('photo', `${ownerId}:${position}`), ownerId, ownerType, position, ...file });

  const groupRows: (typeof productGroups.$inferInsert)[] = [];
  const productRows: (typeof products.$inferInsert)[] = [];
  const tagRows: (typeof itemTags.$inferInsert)[] = [];
  const groupsByName = new Map<
    string,
    { id: string; def: GroupDef; products: Map<string, typeof products.$inferInsert> }
  >();

  for (const [index, def] of GROUPS.entries()) {
    const slug = slugify(def.name);
    const id = stableId('product_groups', slug);
    const photo = renderer.photo(id, slug, groupScene(def));
    addPhoto(id, 'product_groups', photo);
    groupRows.push({
      id,
      slug,
      name: def.name,
      description: describe(def),
      photoUrl: photo.largeUrl,
      basePriceInCents: toCents(def.price),
      archived: def.archived ?? false,
      showInStore: !def.hidden,
      variationFields: def.field ? [def.field] : [],
      position: index,
    });
    for (const tag of def.tags) tagRows.push({ ownerId: id, ownerType: 'product_groups', tag });
    const byValue = new Map<string, typeof products.$inferInsert>();
    const values = def.values ?? [];
    const variants = values.length > 0 ? values : [''];
    for (const [vIndex, value] of variants.entries()) {
      const row = {
        id: stableId('products', `${slug}:${value}`),
        productGroupId: id,
        name: value ? `${def.name} - ${value}` : def.name,
        variationValues: value ? [value] : [],
        basePriceInCents: toCents(def.price + (def.step ?? 0) * vIndex),
        archived: def.retired === vIndex,
        showInStore: true,
        stockCount: def.soldOut === vIndex ? 0 : stableInt(`${slug}:${value}:stock`, def.stock[0], def.stock[1]),
        position: vIndex,
      };
      productRows.push(row);
      byValue.set(value, row);
    }
    groupsByName.set(def.name, { id, def, products: byValue });
  }

  const bundleRows: (typeof bundles.$inferInsert)[] = [];
  const bundleItemRows: (typeof bundleItems.$inferInsert)[] = [];
  for (const [index, def] of BUNDLES.entries()) {
    const slug = slugify(def.name);
    const id = stableId('bundles', slug);
    const scene: SceneItem[] = [];
    for (const [position, item] of def.items.entries()) {
      const group = groupsByName.get(item.group);
      if (!group) throw new Error(`Bundle ${def.name} names an unknown group: ${item.group}`);
      // A group without variations has one product, keyed by the empty value.
      const product = item.fixed === undefined ? undefined : group.products.get(group.def.values ? item.fixed : '');
      if (item.fixed !== undefined && !product)
        throw new Error(`Bundle ${def.name}: ${item.group} has no ${item.fixed}`);
      bundleItemRows.push({
        id: stableId('bundle_items', `${slug}:${position}`),
        bundleId: id,
        productGroupId: group.id,
        productId: product?.id ?? null,
        quantity: item.quantity,
        name: product?.name ?? item.group,
        discountPercentage: item.discount,
        position,
      });
      const groupProp = groupScene(group.def)[0];
      scene.push({
        shape: group.def.shape,
        colour: colourOf(item.fixed) ?? groupProp?.colour ?? '#c8ad86',
        material: colourOf(item.fixed) ? materialOf(item.fixed, group.def.name) : groupProp?.material,
      });
    }
    const photo = renderer.photo(id, slug, scene);
    addPhoto(id, 'bundles', photo);
    bundleRows.push({
      id,
      slug,
      name: def.name,
      description: `${def.about} Bundle prices include the discount on every item.`,
      photoUrl: photo.largeUrl,
      archived: def.archived ?? false,
      showInStore: !def.hidden,
      position: index,
    });
    for (const tag of def.tags) tagRows.push({ ownerId: id, ownerType: 'bundles', tag });
  }

  for (const [position, item] of COLLAGE_PHOTOS.entries()) {
    addPhoto('collage', 'collage', renderer.photo('collage', item.key, item.scene), position);
  }
  for (const [key, scenes] of Object.entries(SERVICE_PHOTOS)) {
    for (const [position, scene] of scenes.entries()) {
      const file = renderer.photo(`service-${key}`, `${key}-${position + 1}`, scene);
      addPhoto(`service-${key}`, 'services', file, position);
    }
  }

  await renderer.done();
  await db.transaction(async (tx) => {
    for (let i = 0; i < groupRows.length; i += 50) await tx.insert(productGroups).values(groupRows.slice(i, i + 50));
    for (let i = 0; i < productRows.length; i += 50) await tx.insert(products).values(productRows.slice(i, i + 50));
    await tx.insert(bundles).values(bundleRows);
    for (let i = 0; i < bundleItemRows.length; i += 50)
      await tx.insert(bundleItems).values(bundleItemRows.slice(i, i + 50));
    for (let i = 0; i < tagRows.length; i += 100) await tx.insert(itemTags).values(tagRows.slice(i, i + 100));
    for (let i = 0; i < photoRows.length; i += 50) await tx.insert(photos).values(photoRows.slice(i, i + 50));
  });
  return {
    productGroups: groupRows.length,
    products: productRows.length,
    bundles: bundleRows.length,
    photos: photoRows.length,
  };
}
