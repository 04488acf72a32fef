import { createHash } from 'node:crypto';
import type { SourcePhoto } from '../services/photo-files';
import type { CatalogueInput, Problem } from './read-folder';

/** A UUID (version 5 layout) derived from a key, so every import gives every item the same id. */
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

export interface GroupModel {
  id: string;
  slug: string;
  name: string;
  description: string;
  basePriceInCents: number;
  showInStore: boolean;
  variationFields: string[];
  position: number;
  tags: string[];
  photos: SourcePhoto[];
}

export interface ProductModel {
  id: string;
  sku: string;
  productGroupId: string;
  name: string;
  variationValues: string[];
  basePriceInCents: number;
  showInStore: boolean;
  stockCount: number;
  turnaroundDays: number;
  position: number;
  /** Its row's photo, stored with its group's photos; null to show the group's. */
  photo: SourcePhoto | null;
}

export interface BundleItemModel {
  id: string;
  productGroupId: string;
  productId: string | null;
  quantity: number;
  name: string;
  discountPercentage: number;
  position: number;
}

export interface BundleModel {
  id: string;
  sku: string;
  slug: string;
  name: string;
  description: string;
  showInStore: boolean;
  position: number;
  tags: string[];
  photos: SourcePhoto[];
  items: BundleItemModel[];
}

export interface CatalogueModel {
  groups: GroupModel[];
  products: ProductModel[];
  bundles: BundleModel[];
}

/**
 * The catalogue the folder describes, in the database's terms: rows with the same group form one
 * product group (its variation fields are the keys its rows use, in order; its price the lowest of its
 * products; its photos the distinct photos of its rows). Ids follow from the group's name and the
 * skus, so importing the same folder again names the same rows.
 */
export function buildModel(
  input: CatalogueInput,
  photos: Map<string, SourcePhoto>,
  problems: Problem[],
): CatalogueModel {
  const groups = new Map<string, GroupModel>();
  const products: ProductModel[] = [];
  const slugs = new Map<string, string>();
  const photoOf = (name: string) => (name ? photos.get(name) : undefined);

  for (const row of input.products) {
    const groupName = row.group || row.name;
    const key = groupName.toLowerCase();
    let group = groups.get(key);
    if (!group) {
      const slug = slugify(groupName);
      const other = slugs.get(slug);
      if (other !== undefined && other !== key) {
        problems.push({
          file: 'products.csv',
          row: row.row,
          column: 'group',
          message: `the group ${groupName} and the group ${other} make the same address (${slug}): rename one`,
        });
      }
      slugs.set(slug, key);
      group = {
        id: stableId('product_groups', slug),
        slug,
        name: groupName,
        description: row.description,
        basePriceInCents: row.priceInCents,
        showInStore: false,
        variationFields: [],
        position: groups.size,
        tags: [],
        photos: [],
      };
      groups.set(key, group);
    }
    group.description ||= row.description;
    group.basePriceInCents = Math.min(group.basePriceInCents, row.priceInCents);
    group.showInStore ||= row.showInStore;
    for (const tag of row.tags) if (!group.tags.includes(tag)) group.tags.push(tag);
    for (const [field] of row.variation) if (!group.variationFields.includes(field)) group.variationFields.push(field);
    const photo = photoOf(row.photo);
    if (photo && !group.photos.some((p) => p.hash === photo.hash)) group.photos.push(photo);
    products.push({
      id: stableId('products', row.sku),
      sku: row.sku,
      productGroupId: group.id,
      name: row.name,
      variationValues: [],
      basePriceInCents: row.priceInCents,
      showInStore: row.showInStore,
      stockCount: row.stock,
      turnaroundDays: row.turnaroundDays,
      position: products.filter((p) => p.productGroupId === group.id).length,
      photo: photo ?? null,
    });
  }
  // Values line up with the group's fields; a row without a key has an empty value for it.
  for (const [index, row] of input.products.entries()) {
    const product = products[index] as ProductModel;
    const group = [...groups.values()].find((g) => g.id === product.productGroupId) as GroupModel;
    product.variationValues = group.variationFields.map(
      (field) => row.variation.find(([key]) => key.toLowerCase() === field.toLowerCase())?.[1] ?? '',
    );
  }

  const bundleSlugs = new Map<string, string>();
  const bundles = input.bundles.map((bundle, position): BundleModel => {
    const slug = slugify(bundle.name);
    if (bundleSlugs.has(slug)) {
      problems.push({
        file: 'bundles.csv',
        row: bundle.row,
        column: 'name',
        message: `the bundle ${bundle.name} has the same address (${slug}) as bundle ${bundleSlugs.get(slug)}: rename one`,
      });
    }
    bundleSlugs.set(slug, bundle.sku);
    const id = stableId('bundles', bundle.sku);
    const photo = photoOf(bundle.photo);
    return {
      id,
      sku: bundle.sku,
      slug,
      name: bundle.name,
      description: bundle.description,
      showInStore: bundle.showInStore,
      position,
      tags: bundle.tags,
      photos: photo ? [photo] : [],
      items: bundle.items.map((item, itemPosition) => {
        const group = groups.get(item.group.toLowerCase());
        const product = item.sku ? products.find((p) => p.sku === item.sku) : undefined;
        return {
          id: stableId('bundle_items', `${bundle.sku}:${itemPosition}`),
          productGroupId: group?.id ?? '',
          productId: product?.id ?? null,
          quantity: item.quantity,
          name: product?.name ?? group?.name ?? item.group,
          discountPercentage: item.discountPercentage,
          position: itemPosition,
        };
      }),
    };
  });
  return { groups: [...groups.values()], products, bundles };
}
