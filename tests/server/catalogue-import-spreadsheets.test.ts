import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { exportCatalogue } from '../../server/catalogue-io/export-catalogue';
import { importCatalogue } from '../../server/catalogue-io/import-catalogue';
import type { TestApp } from './helpers';
import { freshImportFolder } from './import-folder';

/**
 * Issue 32: an import that refuses what loses money (a missing price or stock column, a blank price)
 * and forgives what spreadsheets do (extra columns, UTF-16 and Windows-1252 files, a photo name in
 * the wrong case), says what changes field by field, and keeps what it was given.
 */
const fixture = freshImportFolder();
let t: TestApp;
let photosDir: string;
let work: string;
beforeEach(() => {
  ({ t, photosDir, work } = fixture);
});

const run = (extra: { dryRun?: boolean } = {}) => importCatalogue(t.db, work, { photosDir, ...extra });
const productsCsv = () => readFile(path.join(work, 'products.csv'), 'utf8');
const writeProducts = (text: string | Buffer) => writeFile(path.join(work, 'products.csv'), text);
const where = (report: Awaited<ReturnType<typeof run>>) =>
  report.problems.map((p) => `${p.file}:${p.row ?? ''}:${p.column ?? ''}: ${p.message}`);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const productRow = async (sku: string) =>
  (await t.db.$client.execute({ sql: 'SELECT * FROM products WHERE sku = ?', args: [sku] })).rows[0];

describe('an import that refuses what loses money', () => {
  it('refuses a file without a price or a stock column, naming the file, the row and the column', async () => {
    const csv = await productsCsv();
    const without = (column: string) => {
      const rows = csv.trimEnd().split('\n');
      const at = rows[0]?.split(',').indexOf(column) ?? -1;
      // The example's descriptions hold commas in quotes: drop the column by its cells from the end.
      return rows.map((row) => {
        const cells = row.match(/("([^"]|"")*"|[^,]*)(,|$)/g)?.filter((cell) => cell !== '') ?? [];
        cells.splice(at, 1);
        return cells.join('').replace(/,$/, '');
      });
    };
    await writeProducts(without('price').join('\n'));
    const noPrice = await run();
    expect(noPrice.applied).toBe(false);
    expect(where(noPrice)).toContain(
      'products.csv:1:price: the column price is missing: every product needs its hire price in dollars, such as 45.00 (0 for a free item)',
    );
    await writeProducts(without('stock').join('\n'));
    expect(where(await run())).toContain(
      'products.csv:1:stock: the column stock is missing: every product needs how many the shop has, a whole number (0 for none)',
    );
    expect(await t.count('products')).toBeGreaterThan(250);
    expect(await productRow('CH-GLD-S')).toBeUndefined();
  });

  it('refuses a blank price or stock cell instead of a free item or none in stock', async () => {
    const csv = await productsCsv();
    await writeProducts(
      csv
        .replace('Size: Medium,,10.00,18,', 'Size: Medium,,,18,')
        .replace('Height: 90 cm,,55.00,4,', 'Height: 90 cm,,55.00,,'),
    );
    const report = await run();
    expect(report.applied).toBe(false);
    expect(where(report)).toEqual([
      'products.csv:3:price: price is blank: write the hire price in dollars, such as 45.00 (0 for a free item)',
      'products.csv:6:stock: stock is blank: write how many the shop has (0 for none)',
    ]);
  });
});

describe('an import that forgives what spreadsheets do', () => {
  it('ignores a column it does not read, with a note, and imports the rest', async () => {
    const csv = await productsCsv();
    const rows = csv.trimEnd().split('\n');
    await writeProducts(rows.map((row, i) => `${row},${i === 0 ? 'Supplier' : 'Acme Props'}`).join('\n'));
    const report = await run();
    expect(report.problems).toEqual([]);
    expect(report.notes).toEqual([
      { file: 'products.csv', row: 1, column: 'Supplier', message: 'not a column the shop reads: ignored' },
    ]);
    expect(report.applied).toBe(true);
    expect(await productRow('CH-GLD-S')).toBeDefined();
  });

  it('reads a UTF-16 file (Excel’s Unicode text, tab separated) and a Windows-1252 one, with a note', async () => {
    const csv = (await productsCsv()).replace('Gold Taper Holder - Small', 'Crème Taper Holder - Small');
    const rows = csv
      .trimEnd()
      .split('\n')
      .map((row) => row.match(/("([^"]|"")*"|[^,]*)(,|$)/g)?.filter((cell) => cell !== '') ?? [])
      .map((cells) => cells.map((cell) => cell.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"')));
    const tabbed = rows.map((cells) => cells.join('\t')).join('\r\n');
    await writeProducts(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(tabbed, 'utf16le')]));
    const utf16 = await run();
    expect(utf16.problems).toEqual([]);
    expect(utf16.notes.map((note) => note.message)).toEqual([
      'read as UTF-16LE; CSV UTF-8 keeps every character as written',
    ]);
    expect((await productRow('CH-GLD-S'))?.name).toBe('Crème Taper Holder - Small');

    // Windows-1252: "è" is one byte, 0xE8.
    await writeProducts(Buffer.from(csv.replace('Crème', 'Crèmes'), 'latin1'));
    const western = await run();
    expect(western.problems).toEqual([]);
    expect(western.notes.map((note) => note.message)).toEqual([
      "read as Windows-1252 (Excel's plain CSV); CSV UTF-8 keeps every character as written",
    ]);
    expect(western.changes).toEqual([
      {
        item: 'product CH-GLD-S Crèmes Taper Holder - Small',
        fields: ['name "Crème Taper Holder - Small" -> "Crèmes Taper Holder - Small"'],
      },
    ]);
  });

  it('refuses a file in an encoding it cannot tell, saying to save it as CSV UTF-8', async () => {
    const csv = await productsCsv();
    // 0x81 is no character in Windows-1252, and the bytes are not UTF-8 either.
    await writeProducts(Buffer.concat([Buffer.from(csv.trimEnd(), 'latin1'), Buffer.from([0x81, 0x0a])]));
    const report = await run();
    expect(report.applied).toBe(false);
    expect(report.problems).toEqual([
      {
        file: 'products.csv',
        message:
          'the file is not in an encoding the shop reads: save it as CSV UTF-8 (in Excel: File, Save As, "CSV UTF-8 (Comma delimited)")',
      },
    ]);
  });

  it('hints at the photo meant when a name differs only in case or slashes', async () => {
    const csv = await productsCsv();
    await writeProducts(
      csv
        .replace('photos/gold-taper-holder.jpg', 'Photos/Gold-Taper-Holder.JPG')
        .replace('photos/stone-urn.jpg', 'photos\\stone-urn.jpg'),
    );
    const report = await run();
    // Photos are checked at the same time: their problems come in any order.
    expect(where(report).sort()).toEqual([
      "products.csv:2:photo: missing photo Photos/Gold-Taper-Holder.JPG: the folder has photos/gold-taper-holder.jpg (write the name exactly as the file's, with / between folders)",
      "products.csv:7:photo: missing photo photos\\stone-urn.jpg: the folder has photos/stone-urn.jpg (write the name exactly as the file's, with / between folders)",
    ]);
  });
});

describe('what an import says it changes', () => {
  it('lists field changes for the rows that changed and nothing for the rest, after rows removed or added above them', async () => {
    expect((await run()).applied).toBe(true);
    const csv = await productsCsv();
    const [header, ...rows] = csv.trimEnd().split('\n');
    // A new group on top moves every group after it down one, and the removed middle row of a group
    // moves the row after it up one: none of those changed.
    const edited = rows
      .filter((row) => !row.startsWith('CH-GLD-M,'))
      .map((row) =>
        row.startsWith('CH-GLD-L,')
          ? row.replace(',12.00,12,', ',12.50,3,')
          : row.startsWith('PL-GHO-60,')
            ? row.replace('acrylic_plinths|ghost_range', 'acrylic_plinths|ghost_range|wedding')
            : row,
      );
    await writeProducts([header, 'AR-1,Rose Arch,,,,150.00,2,ceremony_arches,,yes', ...edited].join('\n'));
    const dry = await run({ dryRun: true });
    expect(dry.changes).toEqual([
      { item: 'product group Ghost Plinth', fields: ['tags +wedding'] },
      { item: 'product CH-GLD-L Gold Taper Holder - Large', fields: ['price 12.00 -> 12.50', 'stock 12 -> 3'] },
    ]);
    expect(dry.changed).toEqual(['product group Ghost Plinth', 'product CH-GLD-L Gold Taper Holder - Large']);
    expect(dry.added).toEqual(['product group Rose Arch', 'product AR-1 Rose Arch']);
    expect(dry.archived).toEqual(['product Gold Taper Holder - Medium']);
  });

  it('keeps a product’s id when its group is renamed and its sku is the same', async () => {
    expect((await run()).applied).toBe(true);
    const before = await productRow('CH-GLD-M');
    await writeProducts((await productsCsv()).replaceAll(',Gold Taper Holder,', ',Brass Taper Holder,'));
    const bundles = await readFile(path.join(work, 'bundles.csv'), 'utf8');
    await writeFile(path.join(work, 'bundles.csv'), bundles.replaceAll(',Gold Taper Holder,', ',Brass Taper Holder,'));
    const report = await run();
    expect(report.added).toEqual(['product group Brass Taper Holder']);
    expect(report.archived).toEqual(['product group Gold Taper Holder']);
    expect(report.changes).toContainEqual({
      item: 'product CH-GLD-M Gold Taper Holder - Medium',
      fields: ['group Gold Taper Holder -> Brass Taper Holder'],
    });
    const after = await productRow('CH-GLD-M');
    expect(after?.id).toBe(before?.id);
    expect(after?.product_group_id).not.toBe(before?.product_group_id);
  });
});

describe('photos kept as imported', () => {
  it('exports the original file it was given, and removes a replaced photo’s old files', async () => {
    expect((await run()).applied).toBe(true);
    const original = await readFile(path.join(work, 'photos', 'stone-urn.jpg'));
    const out = await mkdtemp(path.join(os.tmpdir(), 'storefront-export-'));
    try {
      await exportCatalogue(t.db, out, photosDir);
      const exported = await readdir(path.join(out, 'photos'));
      const hashes = await Promise.all(
        exported.map(async (name) => sha(await readFile(path.join(out, 'photos', name)))),
      );
      expect(exported).toContain('stone-urn.jpg');
      expect(hashes).toContain(sha(original));
    } finally {
      await rm(out, { recursive: true, force: true });
    }

    const ownerOf = async () =>
      String(
        (
          await t.db.$client.execute(
            "SELECT p.owner_id FROM photos p JOIN product_groups g ON g.id = p.owner_id WHERE g.name = 'Stone Urn'",
          )
        ).rows[0]?.owner_id,
      );
    const owner = await ownerOf();
    const filesBefore = await readdir(path.join(photosDir, owner));
    expect(filesBefore.filter((name) => name.startsWith('original_'))).toHaveLength(1);
    // A new photo for the urn: its old variants and original go once the import has committed.
    await writeFile(
      path.join(work, 'photos', 'stone-urn.jpg'),
      await sharp({ create: { width: 800, height: 800, channels: 3, background: '#8a7a66' } })
        .jpeg()
        .toBuffer(),
    );
    const report = await run();
    expect(report.changes).toContainEqual({ item: 'product group Stone Urn', fields: ['photo changed'] });
    const filesAfter = await readdir(path.join(photosDir, owner));
    expect(filesAfter).toHaveLength(3);
    expect(filesAfter.filter((name) => filesBefore.includes(name))).toEqual([]);
  });
});

describe('an item’s turnaround days', () => {
  it('reads turnaround_days (days after a return before an item goes out again), and names a wrong one', async () => {
    await rm(path.join(work, 'bundles.csv'));
    await writeProducts('sku,name,price,stock,turnaround_days\nT-1,Trestle,40.00,2,3\nT-2,Bench,20.00,2,\n');
    expect((await run()).problems).toEqual([]);
    const turnaround = await t.db.$client.execute(
      "SELECT sku, turnaround_days AS days FROM products WHERE sku IN ('T-1', 'T-2') ORDER BY sku",
    );
    expect(turnaround.rows.map((row) => [row.sku, row.days])).toEqual([
      ['T-1', 3],
      ['T-2', 0],
    ]);
    await writeProducts('sku,name,price,stock,turnaround_days\nT-1,Trestle,40.00,2,a week\nT-2,Bench,20.00,2,15\n');
    expect((await run()).problems).toEqual([
      {
        file: 'products.csv',
        row: 2,
        column: 'turnaround_days',
        message: 'turnaround_days "a week" is not a whole number of days from 0 to 14 (blank for none)',
      },
      {
        file: 'products.csv',
        row: 3,
        column: 'turnaround_days',
        message: 'turnaround_days "15" is not a whole number of days from 0 to 14 (blank for none)',
      },
    ]);
  });
});
