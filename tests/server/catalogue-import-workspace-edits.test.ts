import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { exportCatalogue } from '../../server/catalogue-io/export-catalogue';
import { importCatalogue } from '../../server/catalogue-io/import-catalogue';
import type { TestApp } from './helpers';
import { freshImportFolder } from './import-folder';
import { addMember, formFields, getPage, postForm, signIn } from './team-helpers';

/**
 * Issue 47: one catalogue, two ways in. What the team edits in the workspace survives a re-import of
 * a folder that says otherwise, and the report names it with who edited it and when;
 * `overwriteEdits` takes the folder's. business.json changes are listed key by key.
 */
const fixture = freshImportFolder('harbour-lane');
let t: TestApp;
let photosDir: string;
let work: string;
beforeEach(() => {
  ({ t, photosDir, work } = fixture);
});

const run = (folder = work, overwriteEdits = false) =>
  importCatalogue(t.db, folder, { photosDir, overwriteEdits, clock: () => new Date() });
const one = async (sql: string, args: string[] = []) => (await t.db.$client.execute({ sql, args })).rows[0];

describe('a re-import after the team edited in the workspace', () => {
  it('keeps a price and a setting edited in the workspace, naming who and when, until told to overwrite them', async () => {
    expect((await run()).applied).toBe(true);
    const product = await one(
      'SELECT id, product_group_id AS g, sku, name, base_price_in_cents AS cents FROM products WHERE archived = 0 AND sku IS NOT NULL ORDER BY sku LIMIT 1',
    );
    await addMember(t, 'ana@harbourlane.example', 'owner');
    const me = await signIn(t, 'ana@harbourlane.example');
    // The owner raises the price by a dollar, and changes the phone number.
    const groupPage = `/team/items/groups/${product?.g}`;
    const item = formFields(await (await getPage(t, groupPage, me.cookie)).text());
    const price = (Number(product?.cents) + 100) / 100;
    const saved = await postForm(t, groupPage, { ...item, [`p.${product?.id}.price`]: price.toFixed(2) }, me.cookie);
    expect(saved.status).toBe(303);
    const settings = formFields(await (await getPage(t, '/team/settings', me.cookie)).text());
    expect((await postForm(t, '/team/settings', { ...settings, phone: '(02) 5550 9999' }, me.cookie)).status).toBe(303);

    // The unchanged folder again: both edits stay, and the report says so.
    const again = await run();
    expect(again.applied).toBe(true);
    expect(again.changes).toEqual([]);
    expect(again.business.changes).toEqual([]);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Australia/Sydney' });
    const was = (Number(product?.cents) / 100).toFixed(2);
    expect(again.kept).toEqual([
      `phone (02) 5550 9999, edited in the workspace by ana@harbourlane.example on ${today}: kept (the folder says (02) 5550 7731)`,
      `product ${product?.sku} ${product?.name}: price ${price.toFixed(2)}, edited in the workspace by ana@harbourlane.example on ${today}: kept (the folder says ${was})`,
    ]);
    expect(
      Number((await one('SELECT base_price_in_cents AS c FROM products WHERE id = ?', [String(product?.id)]))?.c),
    ).toBe(Number(product?.cents) + 100);
    expect(JSON.stringify((await one('SELECT settings FROM business_settings'))?.settings)).toContain('(02) 5550 9999');

    // A change to business.json is listed key by key, beside the kept phone.
    const file = path.join(work, 'business.json');
    const business = JSON.parse(await readFile(file, 'utf8'));
    await writeFile(file, JSON.stringify({ ...business, email_footer: 'Furniture, linen and lighting' }, null, 2));
    const changed = await run();
    expect(changed.business.changes).toEqual([
      'email_footer Furniture, linen & lighting -> Furniture, linen and lighting',
    ]);
    expect(changed.kept).toHaveLength(2);

    // Told to overwrite: the folder's values, named as written over, and the edits forgotten.
    const over = await run(work, true);
    expect(over.kept.map((line) => line.replace(/, edited .*: written over/, ': written over'))).toEqual([
      "phone (02) 5550 9999: written over with the folder's (02) 5550 7731",
      `product ${product?.sku} ${product?.name}: price ${price.toFixed(2)}: written over with the folder's ${was}`,
    ]);
    expect(
      Number((await one('SELECT base_price_in_cents AS c FROM products WHERE id = ?', [String(product?.id)]))?.c),
    ).toBe(Number(product?.cents));
    expect((await run()).kept).toEqual([]);
    expect(Number((await one('SELECT COUNT(*) AS n FROM workspace_edits'))?.n)).toBe(0);
  });

  it('changes nothing when a fresh export of the edited catalogue is imported', async () => {
    expect((await run()).applied).toBe(true);
    const product = await one(
      'SELECT id, product_group_id AS g, stock_count AS n FROM products WHERE archived = 0 ORDER BY sku LIMIT 1',
    );
    await addMember(t, 'ana@harbourlane.example', 'owner');
    const me = await signIn(t, 'ana@harbourlane.example');
    const groupPage = `/team/items/groups/${product?.g}`;
    const item = formFields(await (await getPage(t, groupPage, me.cookie)).text());
    const more = String(Number(product?.n) + 5);
    expect((await postForm(t, groupPage, { ...item, [`p.${product?.id}.stock`]: more }, me.cookie)).status).toBe(303);
    const exported = await mkdtemp(path.join(os.tmpdir(), 'storefront-edits-export-'));
    try {
      await exportCatalogue(t.db, exported, photosDir);
      const report = await run(exported);
      expect(report.problems).toEqual([]);
      expect(report.changes).toEqual([]);
      expect(report.added).toEqual([]);
      expect(report.kept).toEqual([]);
      // The folder now says what the workspace did: the edit is forgotten.
      expect(Number((await one('SELECT COUNT(*) AS n FROM workspace_edits'))?.n)).toBe(0);
    } finally {
      await rm(exported, { recursive: true, force: true });
    }
  });
});
