import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importCatalogue } from '../../server/catalogue-io/import-catalogue';
import { makeTestApp, type TestApp } from './helpers';

/** Export: the demo catalogue written as a folder, and that folder imported into an empty database. */
let t: TestApp;
let photosDir: string;
beforeEach(async () => {
  t = await makeTestApp();
  photosDir = await mkdtemp(path.join(os.tmpdir(), 'storefront-export-photos-'));
});
afterEach(async () => {
  await t.close();
  await rm(photosDir, { recursive: true, force: true });
});

describe('export', () => {
  /** The visible catalogue as a shopper meets it, by name: groups with their products, and bundles. */
  async function shopperView(app: TestApp) {
    const groups = (await app.json('/api/product_groups?per_page=100&page=1')).body;
    const more = (await app.json('/api/product_groups?per_page=100&page=2')).body;
    const view: Record<string, unknown> = {};
    for (const group of [...groups.data, ...more.data]) {
      const detail = (await app.json(`/api/product-groups/${group.id}`)).body;
      const photos = (await app.json(`/api/photos?owner_id=${group.id}`)).body.data;
      const { name, base_price_in_cents, price_varies, inventory, variation_fields, tags, description } =
        group.attributes;
      view[`group ${name}`] = {
        base_price_in_cents,
        price_varies,
        inventory,
        variation_fields,
        tags: [...tags].sort(),
        description,
        photos: photos.length,
        products: detail.included
          .filter((p: any) => !p.attributes.archived)
          .map((p: any) => [
            p.attributes.name,
            p.attributes.variation_values,
            p.attributes.base_price_in_cents,
            p.attributes.inventory,
          ]),
      };
    }
    for (const bundle of (await app.json('/api/bundles?per_page=100')).body.data) {
      const detail = (await app.json(`/api/bundles/${bundle.id}`)).body;
      const { name, base_price_in_cents, inventory, tags, description } = bundle.attributes;
      view[`bundle ${name}`] = {
        base_price_in_cents,
        inventory,
        tags: [...tags].sort(),
        description,
        items: detail.included
          .filter((i: any) => i.type === 'bundle_items')
          .map((i: any) => [
            i.attributes.name,
            i.attributes.quantity,
            i.attributes.discount_percentage,
            Boolean(i.attributes.product_id),
          ]),
      };
    }
    return view;
  }

  it('writes a folder that, imported into an empty database, gives the same catalogue', async () => {
    const { exportCatalogue } = await import('../../server/catalogue-io/export-catalogue');
    // Text a spreadsheet would run as a formula (issue 63): written defused, imported as it was.
    const [group] = (await t.db.$client.execute('SELECT id FROM product_groups ORDER BY id LIMIT 1')).rows;
    await t.db.$client.execute({
      sql: "UPDATE product_groups SET name = '=HYPERLINK(\"http://evil.example\",\"Chairs\")', description = '- first point' || char(10) || '- second' WHERE id = ?",
      args: [String(group?.id)],
    });
    await t.db.$client.execute(
      "UPDATE products SET name = '@SUM(1)' WHERE id = (SELECT id FROM products WHERE archived = 0 ORDER BY id LIMIT 1)",
    );
    await t.cache.version.refresh();
    const folder = await mkdtemp(path.join(os.tmpdir(), 'storefront-export-'));
    const summary = await exportCatalogue(t.db, folder, t.config.photosDir);
    const written = await readFile(path.join(folder, 'products.csv'), 'utf8');
    expect(written).toContain(`"'=HYPERLINK(""http://evil.example"",""Chairs"")"`);
    expect(written).toContain("'@SUM(1)");
    expect(written).toContain("'- first point");
    expect(written).not.toMatch(/(^|,)"?[=@]/m);
    expect(summary.products).toBeGreaterThan(250);
    expect(summary.bundles).toBeGreaterThan(15);
    const { openDb } = await import('../../server/upgrades/open-db');
    const { createApp } = await import('../../server/app');
    const { createServices } = await import('../../server/app-services');
    const emptyFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'storefront-empty-')), 'empty.db');
    const empty = await openDb({ url: emptyFile });
    try {
      const report = await importCatalogue(empty, folder, { photosDir });
      expect(report.problems).toEqual([]);
      expect(report.archived).toEqual([]);
      const app = createApp(createServices({ db: empty, config: { ...t.config, photosDir } }));
      const copy = {
        json: async (p: string) => {
          const response = await app.request(p);
          return { status: response.status, body: await response.json(), headers: response.headers };
        },
      } as unknown as TestApp;
      expect(await shopperView(copy)).toEqual(await shopperView(t));
      // The categories too (categories.csv): names, groups, order and counts.
      const categoriesOf = async (app: TestApp) =>
        (await app.json<{ data: { categories: unknown[] } }>('/api/business')).body.data.categories;
      expect(await categoriesOf(copy)).toEqual(await categoriesOf(t));
      expect((await categoriesOf(t)).length).toBe(44);
    } finally {
      empty.$client.close();
      await rm(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
