import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailSender } from '../../server/mail/sender';
import { folderTransport } from '../../server/mail/transport';
import { documentAttachments } from '../../server/services/documents';
import { longDate } from '../../src/lib/api-contract/dates';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { formatMoney } from '../../src/lib/api-contract/money';
import { makeTestApp, orderAsNewCustomer, type TestApp } from './helpers';
import { pdfText } from './pdf-text';
import { addMember, formFields, getPage, postForm, signIn } from './team-helpers';

/**
 * Issue 49: a confirmed request's tax invoice, a receipt for each payment and a credit note for a
 * refund, as PDFs read back with a PDF reader; numbered from gap-free sequences, even under confirms
 * racing each other; the same document on every download; the invoice sent with the confirmation.
 */
let t: TestApp;
let owner: { cookie: string; csrf: string };
let product: { id: string; name: string; priceCents: number };
beforeAll(async () => {
  t = await makeTestApp();
  await addMember(t, 'olive@example.com', 'owner', 'Olive Owner');
  owner = await signIn(t, 'olive@example.com');
  const fields = formFields(await (await getPage(t, '/team/settings', owner.cookie)).text());
  const saved = await postForm(t, '/team/settings', { ...fields, tax_id: '51 824 753 556' }, owner.cookie);
  expect(saved.status).toBe(303);
  await t.cache.version.refresh();
  const rows = await t.db.$client.execute(
    'SELECT id, name, base_price_in_cents AS price FROM products WHERE show_in_store = 1 AND archived = 0 AND stock_count > 20 ORDER BY base_price_in_cents DESC LIMIT 1',
  );
  product = { id: String(rows.rows[0]?.id), name: String(rows.rows[0]?.name), priceCents: Number(rows.rows[0]?.price) };
});
afterAll(() => t?.close());

const newRequest = async (quantity = 2) => {
  const order = await orderAsNewCustomer(t, product.id, quantity, addDays(await t.booking.today(), 45));
  expect(order.status).toBe(201);
  return String(order.body.order.data.id);
};
const confirm = (id: string) => postForm(t, `/team/requests/${id}/confirm`, { _csrf: owner.csrf }, owner.cookie);
const documentsOf = async (id: string) =>
  (
    await t.db.$client.execute({
      sql: 'SELECT id, kind, number, seq FROM documents WHERE order_id = ? ORDER BY issued_at, seq',
      args: [id],
    })
  ).rows.map((row) => ({
    id: String(row.id),
    kind: String(row.kind),
    number: String(row.number),
    seq: Number(row.seq),
  }));
const download = (id: string, number: string, cookie = owner.cookie) =>
  getPage(t, `/team/requests/${id}/documents/${number}`, cookie);

describe('documents', () => {
  it('issues a tax invoice on confirm, with every field, sent with the confirmation and the same on each download', async () => {
    const id = await newRequest(3);
    expect((await confirm(id)).status).toBe(303);
    const [invoice, ...more] = await documentsOf(id);
    expect(more).toEqual([]);
    expect(invoice?.kind).toBe('invoice');
    expect(invoice?.number).toMatch(/^INV-\d{4}$/);
    const email = await t.db.$client.execute({
      sql: "SELECT attachments FROM email_outbox WHERE order_id = ? AND kind = 'order_confirmed'",
      args: [id],
    });
    expect(JSON.parse(String(email.rows[0]?.attachments))).toEqual([invoice?.id]);

    const first = await download(id, invoice?.number ?? '');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    const bytes = new Uint8Array(await first.arrayBuffer());
    const again = new Uint8Array(await (await download(id, invoice?.number ?? '')).arrayBuffer());
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);

    const text = await pdfText(bytes);
    const business = t.services.business();
    const subtotal = product.priceCents * 3;
    const gst = Math.round(subtotal * business.gstRate);
    expect(text).toContain('Tax invoice');
    expect(text).toContain(business.name);
    expect(text).toContain('ABN 51 824 753 556');
    expect(text).toContain(invoice?.number);
    expect(text).toContain(longDate(await t.booking.today()));
    expect(text).toMatch(/Customer \d+/);
    expect(text).toContain(`Request ${id}, hire date`);
    expect(text).toContain('Description | Qty | Unit price | GST (10%) | Amount');
    expect(text).toContain(
      `${product.name} | 3 | ${formatMoney(product.priceCents)} | ${formatMoney(gst)} | ${formatMoney(subtotal + gst)}`,
    );
    expect(text).toContain(`Total | ${formatMoney(subtotal + gst)}`);
    expect(text).toContain(`Total includes GST of ${formatMoney(gst)}`);

    const page = await (await getPage(t, `/team/requests/${id}`, owner.cookie)).text();
    expect(page).toContain(`Tax invoice ${invoice?.number}</a>`);
  });

  it('sends the confirmation with the tax invoice attached as a PDF', async () => {
    const id = await newRequest(1);
    await confirm(id);
    const [invoice] = await documentsOf(id);
    const dir = path.join(t.config.dataDir, 'mail-with-documents');
    const sender = startMailSender({
      db: t.db,
      transport: folderTransport(dir),
      from: t.config.mailFrom,
      attachments: (ids) => documentAttachments(t.db, ids, t.config.photosDir),
      log: { info() {}, warn() {}, error() {} },
    });
    await sender.drained();
    await sender.stop();
    const confirmations = (await readdir(dir)).filter((name) => name.includes('-order_confirmed-'));
    const emls = await Promise.all(confirmations.map((name) => readFile(path.join(dir, name), 'utf8')));
    const eml = emls.find((text) => text.includes(`request ${id} `)) ?? '';
    expect(eml).toMatch(/^Content-Type: multipart\/mixed/m);
    expect(eml).toContain(`Content-Type: application/pdf; name=tax-invoice-${invoice?.number}.pdf`);
    expect(eml).toContain(`Content-Disposition: attachment; filename=tax-invoice-${invoice?.number}.pdf`);
  });

  it('gives a receipt for a payment and a credit note for hire money paid back', async () => {
    const id = await newRequest();
    await confirm(id);
    const day = await t.booking.today();
    const pay = (kind: string, amount: string) =>
      postForm(
        t,
        `/team/requests/${id}/payments`,
        { _csrf: owner.csrf, kind, towards: 'hire', method: 'bank_transfer', amount, day, note: 'Ref 77' },
        owner.cookie,
      );
    expect((await pay('payment', '20.00')).headers.get('location')).toBe(`/team/requests/${id}?done=paid`);
    expect((await pay('refund', '11.00')).headers.get('location')).toBe(`/team/requests/${id}?done=refunded`);
    const [invoice, receipt, credit] = await documentsOf(id);
    expect([invoice?.kind, receipt?.kind, credit?.kind]).toEqual(['invoice', 'receipt', 'credit_note']);
    const receiptText = await pdfText(new Uint8Array(await (await download(id, receipt?.number ?? '')).arrayBuffer()));
    expect(receiptText).toContain('Receipt');
    expect(receiptText).toContain(receipt?.number);
    expect(receiptText).toContain('Payment towards the hire');
    expect(receiptText).toContain('Amount received | $20.00');
    expect(receiptText).toContain(`Received ${longDate(day)} by bank transfer.`);
    expect(receiptText).toContain(`Against tax invoice ${invoice?.number}.`);
    const creditText = await pdfText(new Uint8Array(await (await download(id, credit?.number ?? '')).arrayBuffer()));
    expect(creditText).toContain('Credit note');
    expect(creditText).toContain(`Adjusts tax invoice ${invoice?.number}.`);
    // $11.00 with 10% GST inside it: $1.00.
    expect(creditText).toContain('Hire refunded | 1 | $10.00 | $1.00 | $11.00');
    expect(creditText).toContain('Total includes GST of $1.00');
    expect(creditText).toContain('Reason: Ref 77');
  });

  it('replaces the invoice when an invoiced booking changes, with a credit note for the old one', async () => {
    const id = await newRequest(2);
    await confirm(id);
    const [order] = (
      await t.db.$client.execute({ sql: 'SELECT starts_at, fulfillment_type FROM orders WHERE id = ?', args: [id] })
    ).rows;
    const [line] = (await t.db.$client.execute({ sql: 'SELECT id FROM order_lines WHERE order_id = ?', args: [id] }))
      .rows;
    const change = (quantity: string, notes: string) =>
      postForm(
        t,
        `/team/requests/${id}/change`,
        {
          _csrf: owner.csrf,
          hireDate: String(order?.starts_at).slice(0, 10),
          fulfilment: String(order?.fulfillment_type),
          deliveryAddress: '',
          notes,
          [`qty:${line?.id}`]: quantity,
        },
        owner.cookie,
      );
    // A change the invoice does not print (the notes): the invoice stands.
    expect((await change('2', 'Side gate')).status).toBe(303);
    expect((await documentsOf(id)).map((doc) => doc.kind)).toEqual(['invoice']);
    expect((await change('3', 'Side gate')).status).toBe(303);
    const [first, ...after] = await documentsOf(id);
    expect(after.map((doc) => doc.kind).sort()).toEqual(['credit_note', 'invoice']);
    const replacement = after.find((doc) => doc.kind === 'invoice');
    const credit = after.find((doc) => doc.kind === 'credit_note');
    const creditText = await pdfText(new Uint8Array(await (await download(id, credit?.number ?? '')).arrayBuffer()));
    expect(creditText).toContain(`Cancels tax invoice ${first?.number} in full`);
    expect(creditText).toContain(`${product.name} | 2 |`);
    const invoiceText = await pdfText(
      new Uint8Array(await (await download(id, replacement?.number ?? '')).arrayBuffer()),
    );
    expect(invoiceText).toContain(`${product.name} | 3 |`);
    expect(invoiceText).toContain(`Replaces tax invoice ${first?.number}`);
    // The request page says which invoice stands: the old one is replaced, by the new one.
    const page = await (await getPage(t, `/team/requests/${id}`, owner.cookie)).text();
    const documentsPart = page.slice(page.indexOf('<h3>Documents</h3>'));
    expect(documentsPart).toContain(`${first?.number}</a>`);
    expect(documentsPart).toContain(`<span class="pill">Replaced by ${replacement?.number}</span>`);
    expect(documentsPart.match(/class="pill">Replaced/g)).toHaveLength(1);
    const email = await t.db.$client.execute({
      sql: "SELECT attachments, text FROM email_outbox WHERE order_id = ? AND kind = 'order_changed' ORDER BY rowid DESC LIMIT 1",
      args: [id],
    });
    expect(JSON.parse(String(email.rows[0]?.attachments))).toEqual([replacement?.id, credit?.id]);
  });

  it('keeps documents to signed-in members, and answers 404 for one that is not the request’s', async () => {
    const id = await newRequest();
    await confirm(id);
    const [invoice] = await documentsOf(id);
    const stranger = await download(id, invoice?.number ?? '', '');
    expect(stranger.status).not.toBe(200);
    expect(await stranger.text()).not.toContain('%PDF');
    expect((await download(String(Number(id) + 1000), invoice?.number ?? '')).status).toBe(404);
    expect((await download(id, 'INV-9999')).status).toBe(404);
  });

  it('numbers invoices without a gap or a repeat when confirms race', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => newRequest(1)));
    const before = await t.db.$client.execute(
      "SELECT COALESCE(MAX(seq), 0) AS last FROM documents WHERE kind = 'invoice'",
    );
    const answers = await Promise.all([...ids, ...ids].map((id) => confirm(id)));
    expect(answers.every((answer) => answer.status === 303)).toBe(true);
    const rows = await t.db.$client.execute("SELECT seq, order_id FROM documents WHERE kind = 'invoice' ORDER BY seq");
    const seqs = rows.rows.map((row) => Number(row.seq));
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    const mine = rows.rows.filter((row) => ids.includes(String(row.order_id)));
    expect(mine.length).toBe(6);
    expect(Math.min(...mine.map((row) => Number(row.seq)))).toBe(Number(before.rows[0]?.last) + 1);
  });
});
