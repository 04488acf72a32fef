import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { createClient } from '@libsql/client';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { daysFromToday } from '../fixtures/hire-dates';
import { freePort, GENEROUS_LIMITS, type ServerProcess, startServerProcess } from '../fixtures/server-process';
import { copyTemplateDb, copyTestPhotos } from '../fixtures/test-db';
import { sharedBrowser } from './browser';

const browser = sharedBrowser();
let shop: ServerProcess;
let mailView: Server;
let mailViewUrl = '';
let databaseFile = '';
let products: string[] = [];

/** Posts JSON to the shop's API. */
async function post(url: string, body: unknown) {
  const response = await fetch(`${shop.url}/api${url}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as any;
}

// A shop of its own whose first item's photo is 4:3 (500x375), as a real catalogue's photos are, at a
// public address of its own; and a mail view on another origin, as a browser-based mail program is.
beforeAll(async () => {
  databaseFile = await copyTemplateDb(inject('templateDb'));
  const photosDir = await copyTestPhotos();
  const db = createClient({ url: `file:${databaseFile}` });
  const rows = (
    await db.execute(`SELECT p.id, g.photo_url FROM products p JOIN product_groups g ON g.id = p.product_group_id
                      WHERE p.archived = 0 AND p.show_in_store = 1 AND p.stock_count > 5 AND g.photo_url LIKE '/photos/%'
                      GROUP BY g.id ORDER BY p.id LIMIT 2`)
  ).rows;
  db.close();
  products = rows.map((row) => String(row.id));
  const wide = path.join(photosDir, String(rows[0]?.photo_url).slice('/photos/'.length));
  await sharp({ create: { width: 500, height: 375, channels: 3, background: '#b88a5a' } })
    .webp()
    .toFile(wide);
  const port = await freePort();
  shop = await startServerProcess({
    DATABASE_URL: databaseFile,
    PHOTOS_DIR: photosDir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...GENEROUS_LIMITS,
  });
  let html = '';
  mailView = createServer((request, response) => {
    if (request.method === 'PUT') {
      html = '';
      request.on('data', (chunk) => (html += chunk));
      request.on('end', () => response.end());
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => mailView.listen(0, '127.0.0.1', resolve));
  const address = mailView.address();
  mailViewUrl = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await shop?.stop();
  await new Promise((resolve) => mailView?.close(resolve));
});

describe('photos in email', () => {
  it('load in the customer email opened on another origin, as JPEG, each in its own aspect ratio', async () => {
    const email = `photos-${Date.now()}@example.com`;
    const customer = await post('/customers', {
      data: { type: 'customers', attributes: { name: 'Ava Chen', email, phone: '0400 111 222' } },
    });
    const date = daysFromToday(30);
    const order = await post('/orders', {
      customer_id: customer.data.id,
      starts_at: date,
      stops_at: date,
      fulfillment_type: 'pickup',
      lines: products.map((id) => ({ id, quantity: 1, isBundle: false, bundleVariations: [] })),
    });
    const db = createClient({ url: `file:${databaseFile}` });
    const row = (
      await db.execute({
        sql: 'SELECT html FROM email_outbox WHERE order_id = ? AND to_address = ?',
        args: [String(order.order.data.id), email],
      })
    ).rows[0];
    db.close();
    await fetch(mailViewUrl, { method: 'PUT', body: String(row?.html) });

    for (const width of [390, 1440]) {
      const context = await browser().newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const types: string[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'image') types.push(response.headers()['content-type'] ?? '');
      });
      await page.goto(mailViewUrl);
      const images = await page.locator('img').evaluateAll((list) =>
        Promise.all(
          (list as HTMLImageElement[]).map(async (image) => {
            const decoded = await image.decode().then(
              () => true,
              () => false,
            );
            const box = image.getBoundingClientRect();
            return {
              src: image.src,
              decoded,
              natural: image.naturalWidth / Math.max(1, image.naturalHeight),
              shown: box.width / Math.max(1, box.height),
            };
          }),
        ),
      );
      expect(images).toHaveLength(products.length);
      for (const image of images) {
        expect(image.src.startsWith(shop.url)).toBe(true);
        expect(image.decoded, image.src).toBe(true);
        expect(image.shown).toBeCloseTo(image.natural, 1);
      }
      // The 4:3 photo is shown 4:3, not squashed into a square.
      expect(images.map((image) => Math.round(image.natural * 100) / 100).sort()).toEqual([1, 1.33]);
      expect(types).toEqual(images.map(() => 'image/jpeg'));
      await context.close();
    }
  });
});
