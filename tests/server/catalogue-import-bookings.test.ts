import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { importCatalogue } from '../../server/catalogue-io/import-catalogue';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { nextSaturday, written } from '../fixtures/hire-dates';
import { orderAsNewCustomer, type TestApp } from './helpers';
import { freshImportFolder } from './import-folder';

/** Issue 33: an import that lowers stock below what requests hold goes ahead, and says so. */
const fixture = freshImportFolder();
let t: TestApp;
let photosDir: string;
let work: string;
beforeEach(() => {
  ({ t, photosDir, work } = fixture);
});

const run = () => importCatalogue(t.db, work, { photosDir });

describe('an import against bookings', () => {
  it('lists each product whose new stock is below what is promised, in the dry run and the import, and emails the team', async () => {
    expect((await run()).applied).toBe(true);
    // Ghost Plinth - 60 cm: 6 in stock. One request holds 4 for a Saturday; another 2 the Saturday after.
    const [row] = (await t.db.$client.execute("SELECT id FROM products WHERE sku = 'PL-GHO-60'")).rows;
    const productId = String(row?.id);
    const saturday = nextSaturday(0);
    await placeOrderOf(productId, 4, saturday);
    await placeOrderOf(productId, 2, addDays(saturday, 7));
    const csv = await readFile(path.join(work, 'products.csv'), 'utf8');
    await writeFile(path.join(work, 'products.csv'), csv.replace(/(PL-GHO-60,[^\n]*?,45\.00,)6,/, '$13,'));
    const expected = [
      {
        productId,
        name: 'Ghost Plinth - 60 cm',
        from: addDays(saturday, -1),
        to: addDays(saturday, 2),
        promised: 4,
        stock: 3,
      },
    ];
    const options = { booking: t.booking, teamEmail: t.config.businessEmail };
    const dry = await importCatalogue(t.db, work, { photosDir, dryRun: true, ...options });
    expect(dry.shortfalls).toEqual(expected);
    expect(await t.count("email_outbox WHERE kind = 'stock_shortfall'")).toBe(0);
    // Not refused: the import goes ahead, and the team hears of it.
    const done = await importCatalogue(t.db, work, { photosDir, ...options });
    expect(done.applied).toBe(true);
    expect(done.shortfalls).toEqual(expected);
    expect(
      Number(
        (await t.db.$client.execute({ sql: 'SELECT stock_count FROM products WHERE id = ?', args: [productId] }))
          .rows[0]?.stock_count,
      ),
    ).toBe(3);
    const [email] = (
      await t.db.$client.execute("SELECT to_address, subject, text FROM email_outbox WHERE kind = 'stock_shortfall'")
    ).rows;
    expect(email?.to_address).toBe(t.config.businessEmail);
    expect(String(email?.subject)).toBe('Catalogue import: 1 product now short of what is promised');
    expect(String(email?.text)).toContain(
      `- Ghost Plinth - 60 cm: 4 promised, new stock 3, ${written(addDays(saturday, -1))} to ${written(addDays(saturday, 2))}`,
    );
  });
});

/** A request for `quantity` of a product on `date`, through the API, that holds it. */
async function placeOrderOf(productId: string, quantity: number, date: string) {
  const answer = await orderAsNewCustomer(t, productId, quantity, date);
  expect(answer.body.order.data.attributes.status).toBe('reserved');
}
