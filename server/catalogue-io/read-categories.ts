import { access } from 'node:fs/promises';
import path from 'node:path';
import { CATEGORY_KEY, titleOfKey } from '../../src/lib/api-contract/categories';
import { type FoundSoFar, parseWhole, readTable } from './csv-table';

export const CATEGORY_COLUMNS = ['key', 'name', 'parent', 'position', 'description', 'photo', 'old_keys'] as const;

export interface CategoryInput {
  row: number;
  key: string;
  name: string;
  /** '' for a top-level category. */
  parent: string;
  position: number;
  description: string;
  /** The photo's path inside the folder, or ''. */
  photo: string;
  oldKeys: string[];
}

/** Where an item's tags were written, to check them against the categories. */
export interface TaggedRow {
  file: string;
  row: number;
  tags: string[];
}

const FILE = 'categories.csv';

/**
 * Reads and checks categories.csv: keys in URL form and unique, a parent that is a top-level
 * category of the file (the menu has two levels), old keys that no category has now. Without the
 * file, each tag the items use becomes a top-level category named after it, with a note.
 */
export async function readCategories(folder: string, tagged: TaggedRow[], found: FoundSoFar) {
  const { problems, notes } = found;
  const present = await access(path.join(folder, FILE)).then(
    () => true,
    () => false,
  );
  if (!present) {
    const used = [...new Set(tagged.flatMap((r) => r.tags))];
    for (const r of tagged) {
      for (const tag of r.tags) {
        if (!CATEGORY_KEY.test(tag)) {
          problems.push({
            file: r.file,
            row: r.row,
            column: 'tags',
            message: `tag "${tag}" is not a category key: use lower case letters, digits, _ and -`,
          });
        }
      }
    }
    if (used.length > 0) {
      notes.push({
        file: FILE,
        message: `no ${FILE}: each tag becomes a category named after it (${used.length}); add the file to name, order and group them`,
      });
    }
    return used.map((key, index) => ({
      row: 0,
      key,
      name: titleOfKey(key),
      parent: '',
      position: index + 1,
      description: '',
      photo: '',
      oldKeys: [],
    }));
  }
  const categories: CategoryInput[] = [];
  const table = await readTable(folder, FILE, CATEGORY_COLUMNS, ['key', 'name'], found);
  if (table.readable && table.rows.length === 0) {
    problems.push({ file: FILE, message: `no categories: the file has a header and no rows` });
  }
  const rowOfKey = new Map<string, number>();
  for (const r of table.rows) {
    const at = (column: string) => (message: string) => problems.push({ file: FILE, row: r.row, column, message });
    const key = r.get('key');
    if (!key) at('key')('key is required');
    else if (!CATEGORY_KEY.test(key)) {
      at('key')(`key "${key}" is not in URL form: lower case letters, digits, _ and -, such as table_linen`);
    } else if (rowOfKey.has(key)) at('key')(`duplicate key ${key} (also on row ${rowOfKey.get(key)})`);
    else rowOfKey.set(key, r.row);
    const name = r.get('name');
    if (!name) at('name')('name is required: the category as the menu shows it');
    const positionText = r.get('position');
    const position = positionText ? parseWhole(positionText) : r.row;
    if (position === null) at('position')(`position "${positionText}" is not a whole number, 0 or more`);
    const oldKeys = r
      .get('old_keys')
      .split(/[|,;\s]+/)
      .filter(Boolean);
    for (const old of oldKeys) {
      if (!CATEGORY_KEY.test(old)) at('old_keys')(`old key "${old}" is not in URL form`);
    }
    categories.push({
      row: r.row,
      key,
      name,
      parent: r.get('parent'),
      position: position ?? r.row,
      description: r.get('description'),
      photo: r.get('photo'),
      oldKeys,
    });
  }
  const byKey = new Map(categories.map((c) => [c.key, c]));
  const oldRow = new Map<string, number>();
  for (const c of categories) {
    const at = (column: string) => (message: string) => problems.push({ file: FILE, row: c.row, column, message });
    if (c.parent) {
      const parent = byKey.get(c.parent);
      if (c.parent === c.key) at('parent')(`${c.key} cannot be its own parent`);
      else if (!parent) at('parent')(`unknown parent ${c.parent}: not a key of ${FILE}`);
      else if (parent.parent) {
        at('parent')(`${c.parent} is itself under ${parent.parent}: a parent must be a top-level category`);
      }
    }
    for (const old of c.oldKeys) {
      if (byKey.has(old)) at('old_keys')(`old key ${old} is a category's key now: a link cannot lead to both`);
      else if (oldRow.has(old)) at('old_keys')(`old key ${old} is also on row ${oldRow.get(old)}`);
      else oldRow.set(old, c.row);
    }
  }
  if (table.readable && categories.length > 0) {
    for (const r of tagged) {
      for (const tag of r.tags) {
        if (byKey.has(tag)) continue;
        const renamed = categories.find((c) => c.oldKeys.includes(tag));
        problems.push({
          file: r.file,
          row: r.row,
          column: 'tags',
          message: renamed
            ? `tag ${tag} was renamed ${renamed.key} in ${FILE}: use the new key`
            : `unknown tag ${tag}: not a key of ${FILE}`,
        });
      }
    }
  }
  return categories;
}
