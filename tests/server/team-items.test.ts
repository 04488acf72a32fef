import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCatalogue } from '../../server/catalogue-io/export-catalogue';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { SATURDAY, weekdayAhead } from '../fixtures/hire-dates';
import { makeTestApp, orderAsNewCustomer, type TestApp } from './helpers';
import { addMember, getPage, postForm, signIn } from './team-helpers';

/** Issue 33: finding and editing an item; the shop and the export show it; two editors are told. */
let t: TestApp;
let me: { cookie: string; csrf: string };
beforeAll(async () => {
  t = await makeTestApp();
  await addMember(t, 'sam@example.com', 'staff');
  me = await signIn(t, 'sam@example.com');
});
afterAll(() => t?.close());

const rows = async (sql: string, args: (string | number)[] = []) => (await t.db.$client.execute({ sql, args })).rows;
const page = async (p: string) => {
  const response = await getPage(t, p, me.cookie);
  return { status: response.status, html: await response.text() };
};
const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** The group's form as its page draws it: every named field with its value (checkboxes when checked). */
async function formOf(groupPath: string): Promise<Record<string, string>> {
  const { html } = await page(groupPath);
  const form: Record<string, string> = {};
  for (const m of html.matchAll(/<input([^>]*)>/g)) {
    const attrs = m[1] ?? '';
    const name = /name="([^"]+)"/.exec(attrs)?.[1];
    if (!name) continue;
    if (attrs.includes('type="checkbox"')) {
      if (attrs.includes(' checked')) form[name] = 'on';
    } else form[name] = decode(/value="([^"]*)"/.exec(attrs)?.[1] ?? '');
  }
  for (const m of html.matchAll(/<textarea[^>]*name="([^"]+)"[^>]*>([^<]*)<\/textarea>/g))
    form[m[1] as string] = decode(m[2] ?? '');
  return form;
}

async function someGroup(minStock = 3) {
  const [row] = await rows(
    'SELECT p.id, p.product_group_id AS group_id, p.name, p.stock_count FROM products p JOIN product_groups g ON g.id = p.product_group_id WHERE p.archived = 0 AND p.show_in_store = 1 AND g.show_in_store = 1 AND p.stock_count >= ? ORDER BY p.id LIMIT 1 OFFSET ?',
    [minStock, Math.floor(Math.random() * 5)],
  );
  return {
    productId: String(row?.id),
    groupId: String(row?.group_id),
    name: String(row?.name),
    stock: Number(row?.stock_count),
  };
}

describe('items', () => {
  it('finds a product by name and opens its form', async () => {
    const item = await someGroup();
    const [group] = await rows('SELECT name FROM product_groups WHERE id = ?', [item.groupId]);
    const found = await page(`/team/items?q=${encodeURIComponent(String(group?.name).slice(0, 6))}`);
    expect(found.html).toContain(`href="/team/items/groups/${item.groupId}"`);
    const form = await page(`/team/items/groups/${item.groupId}`);
    expect(form.status).toBe(200);
    expect(form.html).toContain(`name="p.${item.productId}.price"`);
    expect((await page('/team/items/groups/nope')).status).toBe(404);
  });

  it('saves a price, stock and name; the shop shows it on its next read and the export has it; the log has before and after', async () => {
    const item = await someGroup();
    const form = await formOf(`/team/items/groups/${item.groupId}`);
    const saved = await postForm(
      t,
      `/team/items/groups/${item.groupId}`,
      {
        ...form,
        [`p.${item.productId}.price`]: '123.45',
        [`p.${item.productId}.stock`]: String(item.stock + 4),
        [`p.${item.productId}.name`]: 'Renamed By Team',
        description: 'Freshly written.',
      },
      me.cookie,
    );
    expect(saved.status).toBe(303);
    const shop = (await t.json(`/api/products/${item.productId}`)).body.data.attributes;
    expect(shop.base_price_in_cents).toBe(12345);
    expect(shop.name).toBe('Renamed By Team');
    expect(shop.inventory.available).toBe(item.stock + 4);
    expect((await t.json(`/api/product-groups/${item.groupId}`)).body.data.attributes.description).toBe(
      'Freshly written.',
    );

    const folder = await mkdtemp(path.join(tmpdir(), 'team-export-'));
    await exportCatalogue(t.db, folder, t.config.photosDir);
    expect(await readFile(path.join(folder, 'products.csv'), 'utf8')).toMatch(
      new RegExp(`,Renamed By Team,.*,123\\.45,${item.stock + 4},`),
    );

    const log = await page('/team/activity?kind=item_edit');
    const escaped = item.name.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;');
    expect(log.html).toContain(`${escaped} price (cents)`);
    expect(log.html).toContain(`${escaped} name: Renamed By Team`);
    expect(log.html).toContain('sam@example.com');
  });

  it('reads stock as typed digits only: empty, 0x10, 1e3 or 12.0 are refused and nothing is saved', async () => {
    const item = await someGroup();
    const form = await formOf(`/team/items/groups/${item.groupId}`);
    for (const typed of ['', '0x10', '1e3', '12.0', ' ']) {
      const refused = await postForm(
        t,
        `/team/items/groups/${item.groupId}`,
        { ...form, [`p.${item.productId}.stock`]: typed },
        me.cookie,
      );
      expect(refused.status, JSON.stringify(typed)).toBe(400);
      expect(await refused.text()).toContain('stock is a whole number from 0 to 100000, such as 12');
    }
    const [row] = await rows('SELECT stock_count FROM products WHERE id = ?', [item.productId]);
    expect(Number(row?.stock_count)).toBe(item.stock);
    // Spaces around digits are only spaces.
    const saved = await postForm(
      t,
      `/team/items/groups/${item.groupId}`,
      { ...form, [`p.${item.productId}.stock`]: ` ${item.stock + 1} ` },
      me.cookie,
    );
    expect(saved.status).toBe(303);
    const [after] = await rows('SELECT stock_count FROM products WHERE id = ?', [item.productId]);
    expect(Number(after?.stock_count)).toBe(item.stock + 1);
  });

  it('saves an item’s turnaround days, which the export writes and the log keeps', async () => {
    const item = await someGroup();
    const form = await formOf(`/team/items/groups/${item.groupId}`);
    expect(form[`p.${item.productId}.turnaroundDays`]).toBe('0');
    const saved = await postForm(
      t,
      `/team/items/groups/${item.groupId}`,
      { ...form, [`p.${item.productId}.turnaroundDays`]: '2' },
      me.cookie,
    );
    expect(saved.status).toBe(303);
    expect((await rows('SELECT turnaround_days AS days FROM products WHERE id = ?', [item.productId]))[0]?.days).toBe(
      2,
    );
    const folder = await mkdtemp(path.join(tmpdir(), 'team-export-'));
    await exportCatalogue(t.db, folder, t.config.photosDir);
    expect(await readFile(path.join(folder, 'products.csv'), 'utf8')).toMatch(/,yes,2\n|,no,2\n/);
    expect((await page('/team/activity?kind=item_edit')).html).toContain(
      `${item.name.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;')} turnaround days`,
    );
    const refused = await postForm(
      t,
      `/team/items/groups/${item.groupId}`,
      { ...(await formOf(`/team/items/groups/${item.groupId}`)), [`p.${item.productId}.turnaroundDays`]: '15' },
      me.cookie,
    );
    expect(refused.status).toBe(400);
  });

  it('refuses a longer turnaround that would leave promised stock short, naming the days', async () => {
    // Two bookings of every unit, the second picked up 3 days after the first comes back.
    const [free] = await rows(
      `SELECT p.id, p.product_group_id AS group_id FROM products p JOIN product_groups g ON g.id = p.product_group_id
       WHERE p.archived = 0 AND p.show_in_store = 1 AND g.show_in_store = 1
         AND NOT EXISTS (SELECT 1 FROM order_holds h WHERE h.product_id = p.id) ORDER BY p.id DESC LIMIT 1`,
    );
    const item = { productId: String(free?.id), groupId: String(free?.group_id) };
    await rows('UPDATE products SET stock_count = 2, turnaround_days = 0 WHERE id = ?', [item.productId]);
    const first = weekdayAhead(SATURDAY, 40);
    for (const date of [first, addDays(first, 7)]) {
      expect((await orderAsNewCustomer(t, item.productId, 2, date)).status).toBe(201);
    }
    const form = await formOf(`/team/items/groups/${item.groupId}`);
    const ok = await postForm(
      t,
      `/team/items/groups/${item.groupId}`,
      { ...form, [`p.${item.productId}.turnaroundDays`]: '2' },
      me.cookie,
    );
    expect(ok.status).toBe(303);
    const again = await formOf(`/team/items/groups/${item.groupId}`);
    const refused = await postForm(
      t,
      `/team/items/groups/${item.groupId}`,
      { ...again, [`p.${item.productId}.turnaroundDays`]: '5' },
      me.cookie,
    );
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(
      'Not saved: it would leave less than is promised (a lower stock, or a longer turnaround).',
    );
    expect((await rows('SELECT turnaround_days AS days FROM products WHERE id = ?', [item.productId]))[0]?.days).toBe(
      2,
    );
  });

  it('tells the second of two people editing one item, and keeps the first one’s save', async () => {
    const item = await someGroup();
    const first = await formOf(`/team/items/groups/${item.groupId}`);
    const second = { ...first };
    expect(
      (
        await postForm(
          t,
          `/team/items/groups/${item.groupId}`,
          { ...first, [`p.${item.productId}.price`]: '77.00' },
          me.cookie,
        )
      ).status,
    ).toBe(303);
    const late = await postForm(
      t,
      `/team/items/groups/${item.groupId}`,
      { ...second, [`p.${item.productId}.price`]: '88.00' },
      me.cookie,
    );
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('Not saved: someone else saved this item after you opened it.');
    expect(
      (await rows('SELECT base_price_in_cents FROM products WHERE id = ?', [item.productId]))[0]?.base_price_in_cents,
    ).toBe(7700);
  });

  it('refuses stock below what is promised, naming the days', async () => {
    const item = await someGroup(4);
    const date = weekdayAhead(SATURDAY, 20);
    const held = await orderAsNewCustomer(t, item.productId, 3, date);
    expect(held.status).toBe(201);
    const form = await formOf(`/team/items/groups/${item.groupId}`);
    const short = await postForm(
      t,
      `/team/items/groups/${item.groupId}`,
      { ...form, [`p.${item.productId}.stock`]: '2' },
      me.cookie,
    );
    expect(short.status).toBe(409);
    const html = await short.text();
    expect(html).toContain('Not saved: it would leave less than is promised (a lower stock, or a longer turnaround).');
    expect(html).toMatch(/3 promised .*stock would be 2/);
    expect((await rows('SELECT stock_count FROM products WHERE id = ?', [item.productId]))[0]?.stock_count).toBe(
      item.stock,
    );
  });

  it('answers bad input with 400 and a clear message, changing nothing', async () => {
    const item = await someGroup();
    const form = await formOf(`/team/items/groups/${item.groupId}`);
    const bad = await postForm(
      t,
      `/team/items/groups/${item.groupId}`,
      { ...form, [`p.${item.productId}.price`]: 'twelve' },
      me.cookie,
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('price: a price is dollars and cents, like 45 or 45.50');
    const tags = await postForm(t, `/team/items/groups/${item.groupId}`, { ...form, tags: 'decor, <b>' }, me.cookie);
    expect(tags.status).toBe(400);
  });

  it('archives a bundle and hides it from the shop', async () => {
    const [bundle] = await rows('SELECT id FROM bundles WHERE archived = 0 AND show_in_store = 1 LIMIT 1');
    const id = String(bundle?.id);
    const form = await formOf(`/team/items/bundles/${id}`);
    const { archived: _, ...rest } = form;
    expect((await postForm(t, `/team/items/bundles/${id}`, { ...rest, archived: 'on' }, me.cookie)).status).toBe(303);
    expect((await t.json(`/api/bundles/${id}`)).body.data.attributes.archived).toBe(true);
  });
});
