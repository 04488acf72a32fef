import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { importCatalogue } from '../../server/catalogue-io/import-catalogue';
import type { TestApp } from './helpers';
import { freshImportFolder } from './import-folder';

/**
 * Issue 47: a forgiving spreadsheet, never a silent one. Headings match whatever their case, spaces
 * or underscores; a heading one letter off is refused with the column meant; yes/no is written any
 * of the ways spreadsheets write it; 300.0 is 300; a comma list of tags and two products with one
 * name are named.
 */
const fixture = freshImportFolder();
let t: TestApp;
let photosDir: string;
let work: string;
beforeEach(() => {
  ({ t, photosDir, work } = fixture);
});

const run = () => importCatalogue(t.db, work, { photosDir });
const say = (found: { file: string; row?: number; column?: string; message: string }[]) =>
  found.map((p) => `${p.file}:${p.row ?? ''}:${p.column ?? ''}: ${p.message}`);
const product = async (sku: string) =>
  (
    await t.db.$client.execute({
      sql: 'SELECT name, stock_count, show_in_store FROM products WHERE sku = ?',
      args: [sku],
    })
  ).rows[0];

/** products.csv rewritten: its heading line replaced, and each row passed through `row`. */
async function rewrite(header: string, row: (cells: string) => string = (cells) => cells) {
  const [, ...rows] = (await readFile(path.join(work, 'products.csv'), 'utf8')).trimEnd().split('\n');
  await writeFile(path.join(work, 'products.csv'), [header, ...rows.map(row)].join('\n'));
}

describe('a forgiving spreadsheet', () => {
  it('reads headings whatever their case, spaces or underscores, and yes/no, Y/N, TRUE/FALSE and 300.0', async () => {
    await rewrite('SKU,Name,Group,Variation,Description,Price,Stock,Tags,Photo,Show In Store', (cells) =>
      cells.startsWith('CH-GLD-S,')
        ? cells.replace(/,24,/, ',300.0,').replace(/,yes$/, ',FALSE')
        : cells.startsWith('CH-GLD-M,')
          ? cells.replace(/,yes$/, ',N')
          : cells.replace(/,yes$/, ',TRUE'),
    );
    const report = await run();
    expect(say(report.problems)).toEqual([]);
    expect(report.notes.filter((n) => n.row === 1)).toEqual([]);
    expect(report.applied).toBe(true);
    expect(await product('CH-GLD-S')).toMatchObject({ stock_count: 300, show_in_store: 0 });
    expect(await product('CH-GLD-M')).toMatchObject({ show_in_store: 0 });
    const shown = await t.db.$client.execute(
      "SELECT COUNT(*) AS n FROM products WHERE show_in_store = 1 AND sku NOT LIKE 'CH-GLD-%'",
    );
    expect(Number(shown.rows[0]?.n)).toBeGreaterThan(0);
  });

  it('refuses a heading one letter away from a column, naming the column meant, and imports nothing', async () => {
    await rewrite('sku,name,group,variation,description,price,stok,tags,photo,show_in_store');
    const report = await run();
    expect(report.applied).toBe(false);
    // Not also "the column stock is missing": one mistake, one message.
    expect(say(report.problems)).toEqual(['products.csv:1:stok: not a column the shop reads: did you mean stock?']);
  });

  it('refuses a comma list of tags with the | to use, and an unknown yes/no with what it takes', async () => {
    await rewrite('sku,name,group,variation,description,price,stock,tags,photo,show_in_store', (cells) =>
      cells.startsWith('CH-GLD-S,')
        ? cells.replace('candle_holders|decor', '"candle_holders, decor"')
        : cells.startsWith('CH-GLD-M,')
          ? cells.replace(/,yes$/, ',maybe')
          : cells,
    );
    const report = await run();
    expect(report.applied).toBe(false);
    expect(say(report.problems)).toEqual(
      expect.arrayContaining([
        'products.csv:2:tags: tags are separated by |, not commas: write candle_holders|decor',
        'products.csv:3:show_in_store: show_in_store is yes or no, not "maybe"',
      ]),
    );
  });

  it('warns of two products with one name, naming both rows, and imports them', async () => {
    await rewrite('sku,name,group,variation,description,price,stock,tags,photo,show_in_store', (cells) =>
      cells.startsWith('CH-GLD-M,') ? cells.replace('Gold Taper Holder - Medium', 'Gold Taper Holder - Small') : cells,
    );
    const report = await run();
    expect(report.applied).toBe(true);
    expect(say(report.notes)).toContain(
      'products.csv:3:name: "Gold Taper Holder - Small" is also the name on row 2: give each product a name of its own (a variation such as "Gold Taper Holder - Small - Large")',
    );
  });
});
