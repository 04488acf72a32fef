import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { makeTestApp, type TestApp } from './helpers';
import { pdfText } from './pdf-text';
import { addMember, getPage, postForm, signIn } from './team-helpers';

/**
 * Issue 59: names print as typed on every PDF. The standard PDF fonts printed "Łukasz Żółć" as
 * garbage; the documents now embed Noto Sans (Latin with its diacritics, Vietnamese, Māori, Greek,
 * Cyrillic) and fall back to Noto Sans SC for Chinese and Japanese and Noto Sans KR for Korean. Read back with pdf.js.
 */
let t: TestApp;
let owner: { cookie: string; csrf: string };
let productId: string;
beforeAll(async () => {
  t = await makeTestApp();
  await addMember(t, 'olive@example.com', 'owner', 'Olive Owner');
  owner = await signIn(t, 'olive@example.com');
  const rows = await t.db.$client.execute(
    'SELECT id FROM products WHERE show_in_store = 1 AND archived = 0 AND stock_count > 20 ORDER BY id LIMIT 1',
  );
  productId = String(rows.rows[0]?.id);
});
afterAll(() => t?.close());

let made = 0;

/** A request by a customer of this name, confirmed: its tax invoice as a PDF. */
async function invoiceFor(name: string, index: number) {
  const customer = await t.post('/api/customers', {
    data: { type: 'customers', attributes: { name, email: `names-${index}@example.com`, phone: '0400 111 222' } },
  });
  expect(customer.status, JSON.stringify(customer.body)).toBe(201);
  const day = addDays(await t.booking.today(), 40 + index);
  const order = await t.post('/api/orders', {
    customer_id: customer.body.data.id,
    starts_at: day,
    stops_at: day,
    fulfillment_type: 'pickup',
    lines: [{ id: productId, quantity: 1, isBundle: false, bundleVariations: [] }],
  });
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  const id = String(order.body.order.data.id);
  await postForm(t, `/team/requests/${id}/confirm`, { _csrf: owner.csrf }, owner.cookie);
  const invoice = await t.db.$client.execute({
    sql: "SELECT number FROM documents WHERE order_id = ? AND kind = 'invoice'",
    args: [id],
  });
  const pdf = await getPage(t, `/team/requests/${id}/documents/${invoice.rows[0]?.number}`, owner.cookie);
  expect(pdf.status).toBe(200);
  return new Uint8Array(await pdf.arrayBuffer());
}

describe('names on documents', () => {
  it.each([
    ['Polish', 'Łukasz Żółć'],
    ['Greek', 'Γιάννης Παπαδόπουλος'],
    ['Chinese', '王小明'],
    ['Japanese', 'さくら 山田'],
    ['Korean', '김민준'],
    ['Vietnamese', 'Nguyễn Văn Đức'],
    ['Māori', 'Hēmi Tāwhiri'],
    ['Cyrillic', 'Дмитрий Иванов'],
  ])('prints a %s name as typed on the tax invoice', async (_script, name) => {
    made++;
    const bytes = await invoiceFor(name, made);
    expect(await pdfText(bytes)).toContain(name);
    // SAVE_PDFS=dir keeps each invoice, to look at as a picture.
    if (process.env.SAVE_PDFS) await writeFile(path.join(process.env.SAVE_PDFS, `invoice-${made}.pdf`), bytes);
  });

  it('keeps a document in Latin text alone under 40 KB', async () => {
    const bytes = await invoiceFor('Ava Chen', 99);
    expect(bytes.byteLength).toBeLessThan(40 * 1024);
  });

  it("prints the business's logo at the top of the tax invoice; one issued before the logo stays as it was", async () => {
    const before = await invoiceFor('Mia Logo', 100);
    // A business with a logo (the importer stores its file under photos/brand, named by its hash).
    const logo = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#1f4e5f' } })
      .png()
      .toBuffer();
    await mkdir(path.join(t.config.photosDir, 'brand'), { recursive: true });
    await writeFile(path.join(t.config.photosDir, 'brand', 'logo_00112233aabbccdd.png'), logo);
    await t.db.$client.execute("UPDATE business_settings SET logo = 'brand/logo_00112233aabbccdd.png' WHERE id = 1");
    await t.cache.version.refresh();
    await t.services.settings.fresh();
    const after = await invoiceFor('Noa Logo', 101);
    const images = (bytes: Uint8Array) =>
      (
        Buffer.from(bytes)
          .toString('latin1')
          .match(/\/Subtype \/Image/g) ?? []
      ).length;
    expect(images(before)).toBe(0);
    expect(images(after)).toBe(1);
    expect(await pdfText(after)).toContain('Noa Logo');
    expect(after.byteLength).toBeLessThan(40 * 1024);
    if (process.env.SAVE_PDFS) await writeFile(path.join(process.env.SAVE_PDFS, 'invoice-logo.pdf'), after);
  });
});
