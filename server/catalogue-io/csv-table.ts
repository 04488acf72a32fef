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
    return { file, readable: optional, rows: [] };
  }
  const decoded = decodeCsv(bytes);
  if ('error' in decoded) {
    problems.push({ file, message: decoded.error });
    return { file, readable: false, rows: [] };
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
    return { file, readable: false, rows: [] };
  }
  const header = (records[0] ?? []).map((name) => name.trim().toLowerCase());
  for (const column of required) {
    if (!header.includes(column)) {
      problems.push({ file, row: 1, column, message: `the column ${column} is missing${WHY_REQUIRED[column] ?? ''}` });
    }
  }
  for (const name of header) {
    if (name && !columns.includes(name)) {
      notes.push({ file, row: 1, column: name, message: `not a column the shop reads: ignored` });
    }
  }
  const rows = records.slice(1).map((cells, index) => ({
    row: index + 2,
    get: (column: string) => {
      const at = header.indexOf(column);
      return at < 0 ? '' : (cells[at] ?? '').trim();
    },
  }));
  return { file, readable: true, rows: rows.filter((r) => header.some((column) => r.get(column) !== '')) };
}

/** Cents as the spreadsheet's price, e.g. 4500 -> "45.00". */
export const dollars = (cents: unknown) => centsToAmount(Number(cents));

/** "45.00", "45", "$1,200.50" as cents; null when it is not a price. */
export function parsePrice(text: string): number | null {
  const clean = text.replace(/^\$/, '').replace(/,(?=\d{3}\b)/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

export function parseWhole(text: string): number | null {
  return /^\d+$/.test(text) ? Number(text) : null;
}
