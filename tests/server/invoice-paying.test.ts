import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longDate } from '../../src/lib/api-contract/dates';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { makeTestApp, orderAsNewCustomer, setBusinessSetting, type TestApp } from './helpers';
import { pdfText } from './pdf-text';
import { addMember, formFields, getPage, postForm, signIn } from './team-helpers';

/**
 * Issue 59: the tax invoice says what is paid when and how, and carries the business's legal name (a
 * setting beside its trading name, in business.json and the workspace). Read back with pdf.js.
 */
let t: TestApp;
let owner: { cookie: string; csrf: string };
let productId: string;
beforeAll(async () => {
  t = await makeTestApp();
  await addMember(t, 'olive@example.com', 'owner', 'Olive Owner');
  owner = await signIn(t, 'olive@example.com');
  const fields = formFields(await (await getPage(t, '/team/settings', owner.cookie)).text());
  expect(fields.legal_name).toBe('');
  const saved = await postForm(
    t,
    '/team/settings',
    { ...fields, tax_id: '51 824 753 556', legal_name: 'Tan & Tassel Pty Ltd' },
    owner.cookie,
  );
  expect(saved.headers.get('location')).toBe('/team/settings?done=saved');
  await setBusinessSetting(t, 'payments', {
    deposit_percent: 30,
    bank_transfer: { account_name: 'Tan & Tassel Pty Ltd', bsb: '062-000', account_number: '12345678' },
  });
  const rows = await t.db.$client.execute(
    'SELECT id FROM products WHERE show_in_store = 1 AND archived = 0 AND stock_count > 5 ORDER BY id LIMIT 1',
  );
  productId = String(rows.rows[0]?.id);
});
afterAll(() => t?.close());

describe('the tax invoice', () => {
  it('carries the legal name, the payment schedule with its days and how to pay with the reference', async () => {
    const hireDate = addDays(await t.booking.today(), 45);
    const order = await orderAsNewCustomer(t, productId, 2, hireDate);
    const id = String(order.body.order.data.id);
    await postForm(t, `/team/requests/${id}/confirm`, { _csrf: owner.csrf }, owner.cookie);
    const invoice = await t.db.$client.execute({
      sql: "SELECT number FROM documents WHERE order_id = ? AND kind = 'invoice'",
      args: [id],
    });
    const pdf = await getPage(t, `/team/requests/${id}/documents/${invoice.rows[0]?.number}`, owner.cookie);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    // SAVE_PDFS=dir keeps the invoice, to look at as a picture.
    if (process.env.SAVE_PDFS) await writeFile(path.join(process.env.SAVE_PDFS, 'invoice-paying.pdf'), bytes);
    const text = await pdfText(bytes);
    expect(text).toContain('Tan & Tassel Pty Ltd');
    expect(text).toContain('What you pay and when:');
    expect(text).toMatch(/• Deposit of \$[\d,.]+ \(30%\) to book your date/);
    expect(text).toContain(`due by ${longDate(addDays(hireDate, -3))}`);
    expect(text).toContain('How to pay:');
    expect(text).toContain('BSB 062-000, account 12345678, with the reference Request');
  });
});
