import { MAX_TURNAROUND_DAYS } from '../../src/lib/api-contract/hold-window';
import { describeProblem, type Problem, parsePrice, parseWhole, parseYesNo, readTable } from './csv-table';
import { parseCsv } from './csv-text';
import { type CategoryInput, readCategories, type TaggedRow } from './read-categories';

export { describeProblem, type Problem, parseCsv, parsePrice };

/**
 * The catalogue folder format (README, "Bring your own catalogue"): products.csv, bundles.csv and the
 * photos they name. This module reads and checks the files; it touches neither disk nor database
 * beyond reading them.
 */
export const PRODUCT_COLUMNS = [
  'sku',
  'name',
  'group',
  'variation',
  'description',
  'price',
  'stock',
  'tags',
  'photo',
  'show_in_store',
  'turnaround_days',
] as const;
export const BUNDLE_COLUMNS = [
  'bundle_sku',
  'name',
  'description',
  'photo',
  'tags',
  'item_group',
  'item_sku',
  'quantity',
  'discount_percentage',
  'show_in_store',
] as const;

export interface ProductInput {
  row: number;
  sku: string;
  name: string;
  group: string;
  /** Variation keys and values in the order written, e.g. [['Colour', 'Gold'], ['Size', 'Large']]. */
  variation: [string, string][];
  description: string;
  priceInCents: number;
  stock: number;
  tags: string[];
  /** The photo's path inside the folder, or '' for none. */
  photo: string;
  showInStore: boolean;
  /** Days after a return before it can go out again (blank: none). */
  turnaroundDays: number;
}

export interface BundleItemInput {
  row: number;
  group: string;
  sku: string;
  quantity: number;
  discountPercentage: number;
}

export interface BundleInput {
  row: number;
  sku: string;
  name: string;
  description: string;
  photo: string;
  tags: string[];
  showInStore: boolean;
  items: BundleItemInput[];
}

export interface CatalogueInput {
  folder: string;
  products: ProductInput[];
  bundles: BundleInput[];
  categories: CategoryInput[];
}

/** What was read and checked: the rows, what stops the import (problems) and what it forgave (notes). */
export interface FolderReading {
  input: CatalogueInput;
  problems: Problem[];
  notes: Problem[];
}

/** "Colour: Gold; Size: Large" as key and value pairs. */
export function parseVariation(text: string): [string, string][] | string {
  if (!text) return [];
  const pairs: [string, string][] = [];
  for (const part of text.split(';')) {
    if (!part.trim()) continue;
    const at = part.indexOf(':');
    if (at < 0) return `"${part.trim()}" is not written Key: Value`;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (!key || !value) return `"${part.trim()}" needs both a key and a value`;
    if (pairs.some(([k]) => k.toLowerCase() === key.toLowerCase())) return `${key} is given twice`;
    pairs.push([key, value]);
  }
  return pairs;
}

/** "backdrops|wedding" as its tags; categories.csv (read-categories.ts) checks them. */
const parseTags = (text: string): string[] => [
  ...new Set(
    text
      .split('|')
      .map((tag) => tag.trim())
      .filter(Boolean),
  ),
];

/**
 * Reads and checks products.csv and bundles.csv. Every problem is collected (with its file, row and
 * column) rather than stopping at the first, so one run tells the business everything to fix.
 */
export async function readCatalogueFolder(folder: string): Promise<FolderReading> {
  const problems: Problem[] = [];
  const notes: Problem[] = [];
  const productTable = await readTable(folder, 'products.csv', PRODUCT_COLUMNS, ['sku', 'name', 'price', 'stock'], {
    problems,
    notes,
  });
  const bundleTable = await readTable(
    folder,
    'bundles.csv',
    BUNDLE_COLUMNS,
    ['bundle_sku', 'name', 'item_group'],
    { problems, notes },
    true,
  );

  const products: ProductInput[] = [];
  const skus = new Map<string, number>();
  for (const r of productTable.rows) {
    const at = (column: string) => (message: string) =>
      problems.push({ file: 'products.csv', row: r.row, column, message });
    const sku = r.get('sku');
    const name = r.get('name');
    if (!sku) at('sku')('sku is required');
    else if (skus.has(sku)) at('sku')(`duplicate sku ${sku} (also on row ${skus.get(sku)})`);
    else skus.set(sku, r.row);
    if (!name) at('name')('name is required');
    const variation = parseVariation(r.get('variation'));
    if (typeof variation === 'string') at('variation')(variation);
    // A blank price or stock cell is a mistake, not a free item or none in stock (issue 32).
    const priceText = r.get('price');
    const priceInCents = priceText ? parsePrice(priceText) : null;
    if (!priceText && productTable.has('price'))
      at('price')('price is blank: write the hire price in dollars, such as 45.00 (0 for a free item)');
    else if (priceInCents === null && priceText)
      at('price')(`price "${priceText}" is not a number of dollars such as 45.00`);
    const stockText = r.get('stock');
    const stock = stockText ? parseWhole(stockText) : null;
    if (!stockText && productTable.has('stock'))
      at('stock')('stock is blank: write how many the shop has (0 for none)');
    else if (stock === null && stockText) at('stock')(`stock "${stockText}" is not a whole number, 0 or more`);
    const turnaroundText = r.get('turnaround_days');
    const turnaround = turnaroundText ? parseWhole(turnaroundText) : 0;
    if (turnaround === null || turnaround > MAX_TURNAROUND_DAYS) {
      at('turnaround_days')(
        `turnaround_days "${turnaroundText}" is not a whole number of days from 0 to ${MAX_TURNAROUND_DAYS} (blank for none)`,
      );
    }
    const shown = parseYesNo(r.get('show_in_store'), true);
    if (shown === null) at('show_in_store')(`show_in_store is yes or no, not "${r.get('show_in_store')}"`);
    const tagText = r.get('tags');
    if (tagText.includes(',')) {
      at('tags')(
        `tags are separated by |, not commas: write ${tagText
          .split(',')
          .map((tag) => tag.trim())
          .filter(Boolean)
          .join('|')}`,
      );
    }
    products.push({
      row: r.row,
      sku,
      name,
      group: r.get('group'),
      variation: typeof variation === 'string' ? [] : variation,
      description: r.get('description'),
      priceInCents: priceInCents ?? 0,
      stock: stock ?? 0,
      tags: parseTags(r.get('tags')),
      photo: r.get('photo'),
      showInStore: shown !== false,
      turnaroundDays: turnaround !== null && turnaround <= MAX_TURNAROUND_DAYS ? turnaround : 0,
    });
  }
  // Two products with one name read as one on the shop's pages: a warning, naming both rows.
  const named = new Map<string, number>();
  for (const product of products) {
    const key = product.name.trim().toLowerCase();
    const first = named.get(key);
    if (!key) continue;
    if (first === undefined) named.set(key, product.row);
    else {
      notes.push({
        file: 'products.csv',
        row: product.row,
        column: 'name',
        message: `"${product.name}" is also the name on row ${first}: give each product a name of its own (a variation such as "${product.name} - Large")`,
      });
    }
  }
  if (productTable.rows.length === 0 && !problems.some((p) => p.file === 'products.csv')) {
    problems.push({ file: 'products.csv', message: 'no products: the file has a header and no rows' });
  }

  const groupNames = new Set(products.map((p) => p.group || p.name).map((g) => g.toLowerCase()));
  const bundles = new Map<string, BundleInput>();
  const tagRows = new Map<string, number>();
  for (const r of bundleTable.rows) {
    const at = (column: string) => (message: string) =>
      problems.push({ file: 'bundles.csv', row: r.row, column, message });
    const sku = r.get('bundle_sku');
    if (!sku) {
      at('bundle_sku')('bundle_sku is required');
      continue;
    }
    let bundle = bundles.get(sku);
    if (!bundle) {
      bundle = { row: r.row, sku, name: '', description: '', photo: '', tags: [], showInStore: true, items: [] };
      bundles.set(sku, bundle);
    }
    // A bundle's own fields may be written on its first row only, or repeated.
    bundle.name ||= r.get('name');
    bundle.description ||= r.get('description');
    bundle.photo ||= r.get('photo');
    if (bundle.tags.length === 0) {
      bundle.tags = parseTags(r.get('tags'));
      if (bundle.tags.length > 0) tagRows.set(sku, r.row);
    }
    const shown = parseYesNo(r.get('show_in_store'), true);
    if (shown === null) at('show_in_store')(`show_in_store is yes or no, not "${r.get('show_in_store')}"`);
    if (shown === false) bundle.showInStore = false;
    if (r.get('tags').includes(',')) at('tags')('tags are separated by |, not commas');
    const group = r.get('item_group');
    const itemSku = r.get('item_sku');
    if (!group) at('item_group')('item_group is required');
    else if (!productTable.readable) {
      // products.csv could not be read: its own problem says so, and its groups are not known.
    } else if (!groupNames.has(group.toLowerCase())) at('item_group')(`unknown group ${group}: not in products.csv`);
    if (itemSku && productTable.readable) {
      const product = products.find((p) => p.sku === itemSku);
      if (!product) at('item_sku')(`unknown sku ${itemSku}: not in products.csv`);
      else if ((product.group || product.name).toLowerCase() !== group.toLowerCase()) {
        at('item_sku')(`${itemSku} is not in the group ${group}`);
      }
    }
    const quantity = parseWhole(r.get('quantity') || '1');
    if (quantity === null || quantity < 1)
      at('quantity')(`quantity "${r.get('quantity')}" is not a whole number, 1 or more`);
    const discount = Number(r.get('discount_percentage') || '0');
    if (!Number.isFinite(discount) || discount < 0 || discount > 100) {
      at('discount_percentage')(`discount_percentage "${r.get('discount_percentage')}" is not between 0 and 100`);
    }
    bundle.items.push({
      row: r.row,
      group,
      sku: itemSku,
      quantity: quantity ?? 1,
      discountPercentage: Number.isFinite(discount) ? Math.round(discount) : 0,
    });
  }
  for (const bundle of bundles.values()) {
    if (!bundle.name) {
      problems.push({
        file: 'bundles.csv',
        row: bundle.row,
        column: 'name',
        message: `bundle ${bundle.sku} has no name`,
      });
    }
    if (skus.has(bundle.sku)) {
      problems.push({
        file: 'bundles.csv',
        row: bundle.row,
        column: 'bundle_sku',
        message: `duplicate sku ${bundle.sku}: products.csv row ${skus.get(bundle.sku)} has it too`,
      });
    }
  }
  const tagged: TaggedRow[] = [
    ...products.map((p) => ({ file: 'products.csv', row: p.row, tags: p.tags })),
    ...[...bundles.values()].map((b) => ({ file: 'bundles.csv', row: tagRows.get(b.sku) ?? b.row, tags: b.tags })),
  ];
  const categories = await readCategories(folder, tagged, { problems, notes });
  return { input: { folder, products, bundles: [...bundles.values()], categories }, problems, notes };
}
