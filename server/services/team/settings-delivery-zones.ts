/**
 * The "Delivery zones" block of the owner's settings form (issue 60): business.json's `delivery_zones`
 * as the lines of a textarea, one zone a line, its columns split by "|":
 *   Riverwood and nearby | 2196, 2208-2212 | 45 | 0 | 35
 * (name, postcodes, fee, minimum order, after-hours surcharge; the last two may be left off). Each
 * line becomes the zone business.json writes; a column that does not read is kept as typed, so the
 * file's rules name its row and column, and nothing is saved.
 */

type Form = Record<string, unknown>;

const COLUMNS = ['name', 'postcodes', 'fee', 'minimum_order', 'after_hours_surcharge'] as const;

/** Dollars as typed ("45", "$45.50") to a number, or the text as typed for the file's rules to name. */
function amount(value: string): number | string {
  const plain = value.replace(/^\$/, '').replace(/,/g, '');
  return /^\d+(\.\d{1,2})?$/.test(plain) ? Number(plain) : value;
}

/** The form's zones as business.json writes them, or the stored ones when the form has no such block. */
export function deliveryZonesFromForm(current: unknown, form: Form): unknown {
  if (typeof form.delivery_zones !== 'string') return current;
  return form.delivery_zones
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const cells = line.split('|').map((cell) => cell.trim());
      const zone: Record<string, unknown> = {};
      for (const [index, key] of COLUMNS.entries()) {
        const cell = cells[index] ?? '';
        if (index < 2) zone[key] = cell;
        else if (cell !== '' || index === 2) zone[key] = amount(cell);
      }
      // A line with more columns than a zone has: named by the file's rules as an unknown column.
      if (cells.length > COLUMNS.length) zone.extra_column = cells.slice(COLUMNS.length).join(' | ');
      return zone;
    });
}

/** The stored zones as the form's lines: "Riverwood and nearby | 2196, 2208-2212 | 45 | 0 | 35". */
export function deliveryZonesText(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value
    .map((zone) => {
      if (!zone || typeof zone !== 'object') return String(zone);
      const entry = zone as Record<string, unknown>;
      // A column left out is 0 (no minimum, no surcharge); trailing zeros are left off.
      const cells = COLUMNS.map((key) => (entry[key] === undefined ? '0' : String(entry[key])));
      while (cells.length > 3 && cells.at(-1) === '0') cells.pop();
      return cells.join(' | ');
    })
    .join('\n');
}
