import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { centsToAmount } from '../../src/lib/api-contract/money';
import { decodeCsv, parseCsv } from './csv-text';

/** One thing wrong with the folder, where a person can find it: file, row (as a spreadsheet numbers it) and column. */
export interface Problem {
  file: string;
  row?: number;
  column?: string;
  message: string;
}

export const describeProblem = (p: Problem) =>
  `${p.file}${p.row ? `, row ${p.row}` : ''}${p.column ? `, column ${p.column}` : ''}: ${p.message}`;

export interface FoundSoFar {
  problems: Problem[];
  notes: Problem[];
}

export interface Table {
  file: string;
  /** False when the file could not be read at all (then its rows are not there to check against). */
  readable: boolean;
  rows: { row: number; get(column: string): string }[];
  /** Whether the file has this column (a missing one is reported once, not on every row). */
  has(column: string): boolean;
}

/** Why a required column is needed, said with its problem. */
const WHY_REQUIRED: Record<string, string> = {
  price: ': every product needs its hire price in dollars, such as 45.00 (0 for a free item)',
  stock: ': every product needs how many the shop has, a whole number (0 for none)',
};

export async function readTable(
  folder: string,
  file: string,
  columns: readonly string[],
  required: readonly string[],
  found: FoundSoFar,
  optional = false,
): Promise<Table> {
  const { problems, notes } = found;
  let bytes: Buffer;
  try {
    bytes = await readFile(path.join(folder, file));
  } catch {
    if (!optional) problems.push({ file, message: `${file} is missing from ${folder}` });
    return { file, readable: optional, rows: [], has: () => false };
  }
  const decoded = decodeCsv(bytes);
  if ('error' in decoded) {
    problems.push({ file, message: decoded.error });
    return { file, readable: false, rows: [], has: () => false };
  }
  const { text, encoding } = decoded;
  if (encoding !== 'utf-8') {
    notes.push({
      file,
      message: `read as ${encoding === 'windows-1252' ? "Windows-1252 (Excel's plain CSV)" : encoding.toUpperCase()}; CSV UTF-8 keeps every character as written`,
    });
  }
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    problems.push({ file, row: line, message: `not a readable CSV file: ${(error as Error).message}` });
    return { file, readable: false, rows: [], has: () => false };
  }
  // A heading is the column whose name it is, whatever its case, spaces or underscores ("Show In
  // Store" is show_in_store); one a single letter away from a column is refused with that column.
  const header = (records[0] ?? []).map((raw) => {
    const name = raw.trim();
    return columns.find((column) => columnKey(column) === columnKey(name)) ?? name.toLowerCase();
  });
  const suggested = new Set<string>();
  for (const [index, name] of header.entries()) {
    if (!name || columns.includes(name)) continue;
    const raw = (records[0]?.[index] ?? '').trim();
    const near = columns.find((column) => !header.includes(column) && oneEditApart(columnKey(column), columnKey(name)));
    if (near) {
      suggested.add(near);
      problems.push({ file, row: 1, column: raw, message: `not a column the shop reads: did you mean ${near}?` });
    } else notes.push({ file, row: 1, column: raw, message: `not a column the shop reads: ignored` });
  }
  for (const column of required) {
    if (!header.includes(column) && !suggested.has(column)) {
      problems.push({ file, row: 1, column, message: `the column ${column} is missing${WHY_REQUIRED[column] ?? ''}` });
    }
  }
  const rows = records.slice(1).map((cells, index) => ({
    row: index + 2,
    get: (column: string) => {
      const at = header.indexOf(column);
      return at < 0 ? '' : (cells[at] ?? '').trim();
    },
  }));
  return {
    file,
    readable: true,
    rows: rows.filter((r) => header.some((column) => r.get(column) !== '')),
    has: (column) => header.includes(column),
  };
}

/** Cents as the spreadsheet's price, e.g. 4500 -> "45.00". */
export const dollars = (cents: unknown) => centsToAmount(Number(cents));

/** "45.00", "45", "$1,200.50" as cents; null when it is not a price. */
export function parsePrice(text: string): number | null {
  const clean = text.replace(/^\$/, '').replace(/,(?=\d{3}\b)/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

/** "3", and "300.0" as a spreadsheet writes a whole number it has stored as a decimal. */
export function parseWhole(text: string): number | null {
  const whole = /^(\d+)(\.0+)?$/.exec(text);
  return whole ? Number(whole[1]) : null;
}

/** Yes or no as spreadsheets write it: yes/no, y/n, TRUE/FALSE (any case); blank is `blank`; else null. */
export function parseYesNo(text: string, blank: boolean): boolean | null {
  const value = text.trim().toLowerCase();
  if (value === '') return blank;
  if (value === 'yes' || value === 'y' || value === 'true') return true;
  if (value === 'no' || value === 'n' || value === 'false') return false;
  return null;
}

/** A column's name for matching: no case, spaces, underscores or hyphens. */
const columnKey = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');

/** Whether two names differ by one letter added, removed or changed ("stok" and "stock"). */
function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
