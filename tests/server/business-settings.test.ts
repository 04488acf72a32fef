import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogue } from '../../server/catalogue-io/import-catalogue';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { WEDNESDAY, weekdayAhead } from '../fixtures/hire-dates';
import { copyTestPhotos } from '../fixtures/test-db';
import { makeTestApp, orderAsNewCustomer, type TestApp } from './helpers';

/**
 * Issue 32: a second business's folder (its own business.json, logo and products) makes the shop its
 * own: the settings API, the manifest and its icons, both order emails and the booking days carry its
 * details and none of the demo's, and a change shows on the next read with no rebuild.
 */
const DEMO_WORDS = ['Tan & Tassel', 'Tan &amp; Tassel', 'Riverwood', '5550 2184', 'tanandtassel', 'Belmore'];

const HARBOUR = {
  name: 'Harbour Lane Hire',
  short_name: 'Harbour Lane',
  logo: 'brand/logo.svg',
  accent_colour: '#1F4E5F',
  email: 'bookings@harbourlane.example',
  phone: '(02) 5550 7731',
  address: { street: '8 Wharf Street', suburb: 'Balmain', state: 'NSW', postcode: '2041' },
  opening_hours: { tuesday: '9am-3pm', saturday: '8am-12pm', sunday: 'Closed' },
  hold_days: 3,
  delivery_minimum: { weekday: 150, weekend: 200 },
  email_footer: 'Furniture, linen and lighting for harbourside events',
  social: [{ name: 'Instagram', url: 'https://instagram.com/harbourlanehire' }],
};
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="#1f4e5f"/><circle cx="50" cy="50" r="30" fill="#f2e8d5"/></svg>`;

let t: TestApp;
let photosDir: string;
let folder: string;
const run = () => importCatalogue(t.db, folder, { photosDir });
async function writeBusiness(settings: unknown) {
  await writeFile(path.join(folder, 'business.json'), JSON.stringify(settings, null, 2));
}
/** The settings the running app answers with once the data version has moved. */
async function served() {
  await t.cache.version.refresh();
  return (await t.json('/api/business')).body.data;
}

beforeAll(async () => {
  // The app's own photo folder (the logo and its icons are served from it), a copy of the shared
  // one: importing this business's catalogue removes the demo's photos of the items it replaces
  // (its Crossback Chair), which every other test's database still shows.
  t = await makeTestApp({ photosDir: await copyTestPhotos() });
  photosDir = t.config.photosDir;
  folder = await mkdtemp(path.join(os.tmpdir(), 'storefront-harbour-'));
  await writeFile(
    path.join(folder, 'products.csv'),
    [
      'sku,name,group,variation,description,price,stock,tags,photo,show_in_store',
      'HL-CHR-CROSS,Crossback Chair,,,Oak crossback chair.,9.00,1,seating,,yes',
      'HL-TBL-TRES,Trestle Table,,,2.4 m trestle.,35.00,6,tables,,yes',
    ].join('\n'),
  );
  await mkdir(path.join(folder, 'brand'));
  await writeFile(path.join(folder, 'brand', 'logo.svg'), LOGO);
  await writeBusiness(HARBOUR);
  const report = await run();
  expect(report.problems).toEqual([]);
  expect(report.business.status).toBe('changed');
});
afterAll(async () => {
  await t?.close();
  await rm(folder, { recursive: true, force: true });
});

describe('a second business’s shop', () => {
  it('answers its settings, with its days, its hold days and its delivery minimums', async () => {
    const settings = await served();
    expect(settings).toMatchObject({
      name: 'Harbour Lane Hire',
      shortName: 'Harbour Lane',
      phone: '(02) 5550 7731',
      phoneHref: 'tel:+61255507731',
      locality: 'Balmain NSW 2041',
      accentColour: '#1f4e5f',
      pickupDays: [2, 6],
      returnDays: [2, 6],
      holdDays: 3,
      deliveryMinimumCents: { weekday: 15_000, weekend: 20_000 },
      priceDisplay: 'excluding_gst',
    });
    expect(settings.logoUrl).toMatch(/^\/brand\/logo_[0-9a-f]{16}\.svg$/);
    const logo = await t.request(settings.logoUrl);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    expect(await logo.text()).toBe(LOGO);
    expect(DEMO_WORDS.filter((word) => JSON.stringify(settings).includes(word))).toEqual([]);
  });

  it('serves a manifest with its name, colour and icons drawn from its logo', async () => {
    const manifest = await (await t.request('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({
      name: 'Harbour Lane Hire Furniture, linen and lighting for harbourside events',
      short_name: 'Harbour Lane',
      theme_color: '#1f4e5f',
    });
    const sizes = [];
    for (const icon of manifest.icons) {
      const response = await t.request(icon.src);
      expect(response.status).toBe(200);
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      sizes.push(`${meta.width}x${meta.height} ${meta.format}`);
    }
    expect(sizes).toEqual(['192x192 png', '512x512 png', '512x512 png']);
    expect(DEMO_WORDS.filter((word) => JSON.stringify(manifest).includes(word))).toEqual([]);
  });

  it('holds on its own days and sends both emails in its name, with none of the demo’s', async () => {
    await served();
    const chair = (await t.db.$client.execute("SELECT id FROM products WHERE sku = 'HL-CHR-CROSS'")).rows[0]?.id;
    // Open Tuesdays and Saturdays: a Wednesday event is collected the Tuesday before, back on Saturday.
    const wednesday = weekdayAhead(WEDNESDAY, 7);
    const answer = await orderAsNewCustomer(t, String(chair), 1, wednesday);
    expect(answer.body.order.data.attributes).toMatchObject({
      status: 'reserved',
      hold_from: addDays(wednesday, -1),
      hold_to: addDays(wednesday, 3),
    });
    const emails = (
      await t.db.$client.execute({
        sql: 'SELECT kind, subject, html, text FROM email_outbox WHERE order_id = ? ORDER BY kind',
        args: [answer.body.order.data.id],
      })
    ).rows;
    expect(emails.map((email) => email.kind)).toEqual(['order_confirmation', 'order_team']);
    for (const email of emails) {
      const all = `${email.subject}\n${email.html}\n${email.text}`;
      expect(all).toContain('Harbour Lane Hire');
      expect(DEMO_WORDS.filter((word) => all.includes(word))).toEqual([]);
    }
    const customer = String(emails[0]?.text);
    expect(customer).toContain('Harbour Lane Hire · Furniture, linen and lighting for harbourside events');
    expect(customer).toContain('8 Wharf Street, Balmain NSW 2041');
    expect(customer).toContain('(02) 5550 7731 · bookings@harbourlane.example');
    expect(customer).toContain('Tuesday: 9am-3pm\nSaturday: 8am-12pm\nSunday: Closed');
  });

  it('shows a changed setting on the next read, with no rebuild, and says which keys changed', async () => {
    await writeBusiness({ ...HARBOUR, phone: '(02) 5550 9911' });
    const report = await run();
    expect(report.business).toEqual({
      status: 'changed',
      keys: ['phone'],
      changes: ['phone (02) 5550 7731 -> (02) 5550 9911'],
    });
    expect((await served()).phone).toBe('(02) 5550 9911');
    const again = await run();
    expect(again.business).toEqual({ status: 'unchanged', keys: [], changes: [] });
  });
});

describe('a business.json with mistakes', () => {
  const problemsOf = async (settings: unknown) => {
    await writeBusiness(settings);
    const report = await run();
    expect(report.applied).toBe(false);
    return report.problems.map((p) => `${p.file}:${p.column ?? p.row}: ${p.message}`);
  };

  it('names each wrong key and what it takes, and changes nothing', async () => {
    const before = await served();
    expect(
      await problemsOf({
        ...HARBOUR,
        accent_colour: 'navy',
        hold_days: 0,
        opening_hours: { funday: '9-5' },
        price_display: 'with_gst',
        flavour: 'salty',
      }),
    ).toEqual([
      'business.json:accent_colour: must be a colour such as "#8a6a4a"',
      'business.json:opening_hours.funday: unknown setting opening_hours.funday',
      'business.json:hold_days: must be a whole number of days, 1 to 90',
      'business.json:price_display: must be "excluding_gst" or "including_gst"',
      'business.json:flavour: unknown setting flavour',
    ]);
    expect(await served()).toEqual(before);
  });

  it('names a wrong service or collage, and a photo it names that is not in the folder', async () => {
    expect(
      await problemsOf({
        ...HARBOUR,
        services: [{ slug: 'Delivery Setup', title: '' }],
        collage: [{ photo: 'photos/a.jpg', link: 'https://elsewhere.example' }],
      }),
    ).toEqual([
      'business.json:services.0.slug: must be lower case words joined by -, such as "event-styling"',
      'business.json:services.0.title: must not be empty',
      'business.json:collage.0.link: must be a page of the shop, such as "/hire/tableware" or "/search?q=urn"',
      'business.json:collage: must have 11 photos: the 10th is behind the logo',
    ]);
    const problems = await problemsOf({
      ...HARBOUR,
      services: [{ slug: 'delivery', title: 'Delivery', photos: ['photos/Van.JPG'] }],
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^business\.json:services\.0\.photos\.0: missing photo photos\/Van\.JPG/);
  });

  it('gives the line of a JSON mistake', async () => {
    await writeFile(path.join(folder, 'business.json'), '{\n  "name": "Harbour Lane Hire",\n  "phone": (02) 5550\n}');
    const report = await run();
    expect(report.problems).toEqual([
      expect.objectContaining({ file: 'business.json', row: 3, message: expect.stringContaining('not valid JSON') }),
    ]);
  });

  it('refuses a logo that runs script, or is not an SVG or PNG', async () => {
    await writeFile(
      path.join(folder, 'brand', 'bad.svg'),
      `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`,
    );
    expect(await problemsOf({ ...HARBOUR, logo: 'brand/bad.svg' })).toEqual([
      'business.json:logo: logo brand/bad.svg holds script, event handlers or links to other files: export it as a plain SVG',
    ]);
    expect(await problemsOf({ ...HARBOUR, logo: 'brand/logo.gif' })).toEqual([
      'business.json:logo: logo brand/logo.gif must be an SVG or PNG file',
    ]);
  });

  it('refuses settings that leave no day to collect or return on', async () => {
    expect(
      await problemsOf({
        ...HARBOUR,
        opening_hours: { monday: 'Closed' },
        pickup_days: undefined,
        return_days: ['friday'],
      }),
    ).toEqual(['business.json:pickup_days: no day to collect on: give opening_hours or pickup_days']);
  });
});
