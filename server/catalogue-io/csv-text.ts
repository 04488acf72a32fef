import { parse } from 'csv-parse/sync';

/** How a file's bytes were read. */
export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export type Decoded = { text: string; encoding: CsvEncoding } | { error: string };

const SAVE_AS_UTF8 = 'save it as CSV UTF-8 (in Excel: File, Save As, "CSV UTF-8 (Comma delimited)")';

/**
 * A spreadsheet's export as text: UTF-8 (with or without a byte-order mark), UTF-16 with its
 * byte-order mark (Excel's "Unicode Text"), or, when the bytes are not UTF-8, Windows-1252 (Excel's
 * plain "CSV" on Windows). A file that is none of these is refused with what to do instead.
 */
export function decodeCsv(bytes: Uint8Array): Decoded {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  }
  // UTF-16 without its mark: every other byte of plain text is zero.
  const sample = bytes.subarray(0, 400);
  const zeros = sample.filter((byte) => byte === 0).length;
  if (sample.length > 0 && zeros > sample.length / 4) {
    return { error: `the file looks like UTF-16 without a byte-order mark: ${SAVE_AS_UTF8}` };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    const text = new TextDecoder('windows-1252').decode(bytes);
    // Bytes Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) decode as C1 controls: then
    // the file is in some other encoding, and guessing would change its words.
    if (/[\u0080-\u009f]/.test(text))
      return { error: `the file is not in an encoding the shop reads: ${SAVE_AS_UTF8}` };
    return { text, encoding: 'windows-1252' };
  }
}

/**
 * Reads a CSV as a spreadsheet exports it: comma, semicolon or tab separated (the separator the
 * header line uses most), quoted fields with line breaks, a byte-order mark or none.
 */
export function parseCsv(text: string): string[][] {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const count = (separator: string) => firstLine.split(separator).length - 1;
  const delimiter = [',', ';', '\t'].reduce((best, separator) => (count(separator) > count(best) ? separator : best));
  const rows = parse(text, { bom: true, delimiter, relax_column_count: true, skip_empty_lines: true }) as string[][];
  return rows.map((row) => row.map(undefusedCell));
}

/** A cell a spreadsheet would run as a formula: a leading =, +, -, @, tab or return, and not a plain number. */
const FORMULA = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A cell as the export writes it: one a spreadsheet would take for a formula (a name beginning "=",
 * a description beginning "- ") gets a leading apostrophe, which spreadsheets show as text and the
 * importer takes off again (undefusedCell), so an exported folder imports unchanged.
 */
export function defusedCell(value: string): string {
  return FORMULA.test(value) && !NUMBER.test(value) ? `'${value}` : value;
}

/** A cell as the importer reads it: the export's apostrophe before a formula character taken off. */
export function undefusedCell(value: string): string {
  return value.startsWith("'") && FORMULA.test(value.slice(1)) ? value.slice(1) : value;
}
