import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogue } from '../../server/catalogue-io/import-catalogue';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { KOWHAI } from '../fixtures/businesses';
import { ROOT } from '../fixtures/test-db';
import { makeTestApp, orderAsNewCustomer, type TestApp } from './helpers';

/**
 * Issue 47: a business outside Australia. An Auckland business from its own folder: its currency on
 * every page and in its structured data, its country in its address, its phone in +64 form, its
 * region accepted; a country the shop does not support refused by name.
 */
const AUCKLAND = { ...KOWHAI, opening_hours: { monday: '9am-5pm', friday: '9am-5pm', saturday: '9am-12pm' } };

let t: TestApp;
let folder: string;
const run = () => importCatalogue(t.db, folder, { photosDir: t.config.photosDir });
const writeBusiness = (settings: unknown) =>
  writeFile(path.join(folder, 'business.json'), JSON.stringify(settings, null, 2));

beforeAll(async () => {
  t = await makeTestApp({ distDir: path.join(ROOT, 'dist'), publicUrl: 'https://kowhai.example' });
  folder = await mkdtemp(path.join(os.tmpdir(), 'storefront-kowhai-'));
  await writeFile(
    path.join(folder, 'products.csv'),
    [
      'sku,name,group,variation,description,price,stock,tags,photo,show_in_store',
      'KW-TBL-ROUND,Round Table,,,1.5 m round table.,40.00,10,tables,,yes',
      'KW-CHR-BENT,Bentwood Chair,,,Dark bentwood chair.,8.00,80,seating,,yes',
    ].join('\n'),
  );
  await mkdir(path.join(folder, 'photos'), { recursive: true });
  await writeBusiness(AUCKLAND);
  const report = await run();
  expect(report.problems).toEqual([]);
  await t.cache.version.refresh();
});
afterAll(async () => {
  await t?.close();
  await rm(folder, { recursive: true, force: true });
});

describe('a New Zealand business', () => {
  it('answers its country, its currency (NZD, from the country) and its phone in +64 form', async () => {
    const settings = (await t.json('/api/business')).body.data;
    expect(settings).toMatchObject({ country: 'NZ', currency: 'NZD', phoneHref: 'tel:+64215550142' });
    expect(settings.address.state).toBe('Auckland');
  });

  it('writes its currency, its GST wording and its country on the pages and in their structured data', async () => {
    const html = await (await t.request('/hire')).text();
    expect(html).toContain('Prices in New Zealand dollars. Prices include GST.');
    expect(html).not.toContain('Australian dollars');
    expect(html).toContain('href="tel:+64215550142"');
    const home = await (await t.request('/')).text();
    expect(home).toContain('"addressCountry":"NZ"');
    expect(home).not.toContain('"addressCountry":"AU"');
    const listing = await (await t.request('/search?q=chair')).text();
    expect(listing).toContain('"priceCurrency":"NZD"');
    expect(listing).not.toContain('"priceCurrency":"AUD"');
  });

  it('writes unit prices and line totals with GST in both emails, adding up to a total that includes it', async () => {
    const product = await t.db.$client.execute("SELECT id FROM products WHERE sku = 'KW-CHR-BENT'");
    // 13 chairs at $8.00 before GST: $9.20 each with 15% GST, $119.60 in all, GST $15.60.
    const order = await orderAsNewCustomer(t, String(product.rows[0]?.id), 13, addDays(await t.booking.today(), 30));
    expect(order.status).toBe(201);
    const emails = await t.db.$client.execute({
      sql: 'SELECT kind, text, html FROM email_outbox WHERE order_id = ? ORDER BY kind',
      args: [String(order.body.order.data.id)],
    });
    const byKind = Object.fromEntries(emails.rows.map((row) => [String(row.kind), row]));
    const customer = String(byKind.order_confirmation?.text);
    expect(customer).toContain('Bentwood Chair: 13 x $9.20 = $119.60');
    expect(customer).toContain('Total: $119.60\nTotal includes GST of $15.60.');
    expect(customer).not.toContain('$8.00');
    expect(String(byKind.order_confirmation?.html)).toContain('Total includes GST of $15.60');
    const team = String(byKind.order_team?.text);
    expect(team).toContain('Bentwood Chair: 13 x $9.20');
    expect(team).toContain('Total $119.60. Total includes GST of $15.60.');
    expect(team).not.toContain('Subtotal');
  });

  it('refuses a country the shop does not support, and an Australian state it does not know, by name', async () => {
    await writeBusiness({ ...AUCKLAND, country: 'US' });
    const us = await run();
    expect(us.applied).toBe(false);
    expect(us.problems.map((p) => `${p.column}: ${p.message}`).join('\n')).toMatch(
      /country: must be one of the countries the shop supports: "AU" \(Australia\) or "NZ" \(New Zealand\)/,
    );
    await writeBusiness({ ...AUCKLAND, country: 'AU', address: { ...AUCKLAND.address, state: 'Western Australia' } });
    const state = await run();
    expect(state.applied).toBe(false);
    expect(state.problems.map((p) => `${p.column}: ${p.message}`).join('\n')).toMatch(
      /address\.state: must be an Australian state or territory: NSW, VIC, QLD, WA, SA, TAS, ACT, NT/,
    );
    await writeBusiness(AUCKLAND);
  });
});
