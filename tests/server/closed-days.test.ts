import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogue } from '../../server/catalogue-io/import-catalogue';
import { SALTBUSH } from '../fixtures/businesses';
import { makeTestApp, orderAsNewCustomer, type TestApp } from './helpers';
import { addMember, formFields, getPage, postForm, signIn } from './team-helpers';

/**
 * Issue 47: closed days. A Perth business from its own folder collects on Thursdays and Fridays and
 * takes returns on Mondays, closes on Western Australia's public holidays and for a winter break: no
 * pickup or return is ever set on a closed day, a date with no open day near it is refused, and the
 * owner adds a closed day in the workspace.
 */
const PERTH = { ...SALTBUSH, closed_dates: [{ from: '2027-06-01', to: '2027-07-15', name: 'Winter break' }] };

let t: TestApp;
let folder: string;
let productId: string;
let owner: { cookie: string; csrf: string };

beforeAll(async () => {
  t = await makeTestApp();
  // Early December 2026 on the business's clock: every date below is ahead, on any day the suite runs.
  t.setNow(new Date('2026-12-01T02:00:00Z'));
  folder = await mkdtemp(path.join(os.tmpdir(), 'storefront-saltbush-'));
  await writeFile(
    path.join(folder, 'products.csv'),
    [
      'sku,name,group,variation,description,price,stock,tags,photo,show_in_store',
      'SB-TBL-TRESTLE,Trestle Table,,,1.8 m trestle table.,18.00,30,tables,,yes',
    ].join('\n'),
  );
  await mkdir(path.join(folder, 'photos'), { recursive: true });
  await writeFile(path.join(folder, 'business.json'), JSON.stringify(PERTH, null, 2));
  const report = await importCatalogue(t.db, folder, { photosDir: t.config.photosDir });
  expect(report.problems).toEqual([]);
  await t.cache.version.refresh();
  const product = await t.db.$client.execute("SELECT id FROM products WHERE sku = 'SB-TBL-TRESTLE'");
  productId = String(product.rows[0]?.id);
  await addMember(t, 'ruby@saltbush.example', 'owner', 'Ruby Owner');
  owner = await signIn(t, 'ruby@saltbush.example');
});
afterAll(async () => {
  t?.setNow(null);
  await t?.close();
  await rm(folder, { recursive: true, force: true });
});

const holdOf = async (orderId: string) =>
  (
    await t.db.$client.execute({
      sql: 'SELECT hold_from, hold_to FROM order_holds WHERE order_id = ? LIMIT 1',
      args: [orderId],
    })
  ).rows[0];

const emailOf = async (orderId: string, kind: string) =>
  String(
    (
      await t.db.$client.execute({
        sql: 'SELECT text FROM email_outbox WHERE order_id = ? AND kind = ?',
        args: [orderId, kind],
      })
    ).rows[0]?.text,
  );

describe('a business’s closed days', () => {
  it('are its public holidays and closed dates, named, in the settings pages read', async () => {
    const { closedDays } = (await t.json('/api/business')).body.data as {
      closedDays: { date: string; name: string }[];
    };
    expect(closedDays).toContainEqual({ date: '2027-01-01', name: "New Year's Day" });
    expect(closedDays).toContainEqual({ date: '2026-06-01', name: 'Western Australia Day' });
    // A closed date's own name comes first: Western Australia Day 2027 falls in the winter break.
    expect(closedDays).toContainEqual({ date: '2027-06-07', name: 'Winter break' });
    expect(closedDays).toContainEqual({ date: '2027-07-15', name: 'Winter break' });
    expect(closedDays.map((day) => day.date)).toEqual([...closedDays.map((day) => day.date)].sort());
  });

  it('move a pickup off New Year’s Day, a Friday, to the Thursday before', async () => {
    const order = await orderAsNewCustomer(t, productId, 2, '2027-01-02');
    expect(order.status).toBe(201);
    const id = String(order.body.order.data.id);
    expect(await holdOf(id)).toMatchObject({ hold_from: '2026-12-31', hold_to: '2027-01-04' });
    expect(await emailOf(id, 'order_confirmation')).toContain(
      'pick up Thursday 31 December 2026, return Monday 4 January 2027',
    );
  });

  it('refuse a date with no open day to hand over on within three weeks, saying why', async () => {
    const order = await orderAsNewCustomer(t, productId, 1, '2027-06-26');
    expect(order.status).toBe(400);
    expect(order.body.error).toBe(
      'Invalid body: starts_at: We are closed around Saturday 26 June 2027, with no day to hand your items over: please choose another date.',
    );
  });

  it('take a closed day the owner adds in the workspace, for the next request', async () => {
    const fields = formFields(await (await getPage(t, '/team/settings', owner.cookie)).text());
    expect(fields.public_holidays).toBe('AU-WA');
    expect(fields.closed_dates).toBe('2027-06-01 to 2027-07-15 Winter break');
    const saved = await postForm(
      t,
      '/team/settings',
      { ...fields, closed_dates: `${fields.closed_dates}\n2027-03-05 Stocktake` },
      owner.cookie,
    );
    expect(saved.status).toBe(303);
    const { closedDays } = (await t.json('/api/business')).body.data as { closedDays: unknown[] };
    expect(closedDays).toContainEqual({ date: '2027-03-05', name: 'Stocktake' });
    const order = await orderAsNewCustomer(t, productId, 1, '2027-03-06');
    expect(order.status).toBe(201);
    expect(await holdOf(String(order.body.order.data.id))).toMatchObject({
      hold_from: '2027-03-04',
      hold_to: '2027-03-08',
    });
    const now = formFields(await (await getPage(t, '/team/settings', owner.cookie)).text());
    expect(now.closed_dates).toBe('2027-06-01 to 2027-07-15 Winter break\n2027-03-05 Stocktake');
    const bad = await postForm(t, '/team/settings', { ...now, closed_dates: '5 March' }, owner.cookie);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/closed_dates\.0: must be a date \(.{1,8}2026-12-25/);
  });
});
