import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyOf } from '../../server/money';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { formatMoney } from '../../src/lib/api-contract/money';
import { makeTestApp, orderAsNewCustomer, type TestApp } from './helpers';
import { pdfText } from './pdf-text';
import { formFields, getPage, ownerAndProduct, postForm } from './team-helpers';

/**
 * Issue 49: cancelling a confirmed booking by the ladder of the terms. The team sees what the terms
 * refund before confirming; the customer's email says it and carries the credit note; what was paid
 * by bank is listed to pay back until the team records it.
 */
let t: TestApp;
let owner: { cookie: string; csrf: string };
let productId: string;
beforeAll(async () => {
  t = await makeTestApp();
  ({ owner, productId } = await ownerAndProduct(t));
});
afterAll(() => t?.close());

const settings = () => {
  const business = t.services.business();
  return { terms: business.payments, timeZone: business.timeZone, gstRate: business.gstRate };
};

async function confirmedAndPaid(daysOut: number, paidOverDepositCents: number) {
  const order = await orderAsNewCustomer(t, productId, 2, addDays(await t.booking.today(), daysOut));
  const id = String(order.body.order.data.id);
  await postForm(t, `/team/requests/${id}/confirm`, { _csrf: owner.csrf }, owner.cookie);
  const money = await moneyOf(t.db, id, settings());
  const paid = (money?.schedule.deposit.cents ?? 0) + paidOverDepositCents;
  const day = await t.booking.today();
  await postForm(
    t,
    `/team/requests/${id}/payments`,
    {
      _csrf: owner.csrf,
      kind: 'payment',
      towards: 'hire',
      method: 'bank_transfer',
      amount: (paid / 100).toFixed(2),
      day,
    },
    owner.cookie,
  );
  return { id, paid, deposit: money?.schedule.deposit.cents ?? 0, total: money?.totalCents ?? 0 };
}

const cancel = (id: string, refund?: string) =>
  postForm(
    t,
    `/team/requests/${id}/cancel`,
    { _csrf: owner.csrf, note: 'Wedding moved', ...(refund === undefined ? {} : { refund }) },
    owner.cookie,
  );

describe('cancelling a confirmed booking by the terms', () => {
  it('shows the ladder’s refund first, then refunds it, credits the invoice and lists the bank refund owed', async () => {
    const { id, paid, deposit, total } = await confirmedAndPaid(40, 5000);
    const page = await (await getPage(t, `/team/requests/${id}`, owner.cookie)).text();
    expect(page).toContain(
      'Cancelling 4 weeks or more before the hire date: the terms refund 100% of what was paid, less the non-refundable deposit.',
    );
    expect(page).toContain(
      `Paid towards the hire: ${formatMoney(paid)}, of it the non-refundable deposit ${formatMoney(deposit)}.`,
    );
    expect(formFields(page).refund).toBe('50.00');

    const answer = await cancel(id, '50.00');
    expect(answer.headers.get('location')).toBe(`/team/requests/${id}?done=cancelled`);
    expect((await t.booking.state(t.db, id))?.kind).toBe('cancelled');
    const email = await t.db.$client.execute({
      sql: "SELECT text, attachments FROM email_outbox WHERE order_id = ? AND kind = 'order_cancelled'",
      args: [id],
    });
    const text = String(email.rows[0]?.text);
    expect(text).toContain('Wedding moved');
    expect(text).toContain(
      `Of the ${formatMoney(paid)} paid towards the hire, we refund $50.00 and keep ${formatMoney(deposit)} under our cancellation terms.`,
    );
    const documents = await t.db.$client.execute({
      sql: 'SELECT id, kind, number, total_cents FROM documents WHERE order_id = ? ORDER BY issued_at, kind',
      args: [id],
    });
    const credit = documents.rows.find((row) => row.kind === 'credit_note');
    expect(JSON.parse(String(email.rows[0]?.attachments))).toEqual([credit?.id]);
    expect(Number(credit?.total_cents)).toBe(total - deposit);
    const pdf = await getPage(t, `/team/requests/${id}/documents/${credit?.number}`, owner.cookie);
    const pdfWords = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(pdfWords).toContain('Credit note');
    expect(pdfWords).toContain(`to ${formatMoney(deposit)}, what is kept.`);

    // The customer's booking page says it too.
    const confirmation = await t.db.$client.execute({
      sql: "SELECT text FROM email_outbox WHERE order_id = ? AND kind = 'order_confirmed'",
      args: [id],
    });
    const token = /\/booking\/([^\s/]+)/.exec(String(confirmation.rows[0]?.text))?.[1];
    const booking = (await (await t.request(`/api/bookings/${token}`)).json()) as { data: any };
    expect(booking.data.status).toBe('cancelled');
    expect(booking.data.settlement).toContain(
      `Of the ${formatMoney(paid)} paid towards the hire, we refund $50.00 and keep ${formatMoney(deposit)} under our cancellation terms.`,
    );
    const after = await (await getPage(t, `/team/requests/${id}`, owner.cookie)).text();
    expect(after).toContain('<strong>Still to pay back by bank: $50.00</strong>');
    await postForm(
      t,
      `/team/requests/${id}/payments`,
      {
        _csrf: owner.csrf,
        kind: 'refund',
        towards: 'hire',
        method: 'bank_transfer',
        amount: '50',
        day: await t.booking.today(),
      },
      owner.cookie,
    );
    const settled = await (await getPage(t, `/team/requests/${id}`, owner.cookie)).text();
    expect(settled).not.toContain('Still to pay back');
    // The refund is in the cancellation's credit note: no second one.
    const notes = await t.db.$client.execute({
      sql: "SELECT COUNT(*) AS n FROM documents WHERE order_id = ? AND kind = 'credit_note'",
      args: [id],
    });
    expect(Number(notes.rows[0]?.n)).toBe(1);
  });

  it('asks the team for the refund where the terms leave it to them, and refuses more than was paid', async () => {
    const { id, paid } = await confirmedAndPaid(20, 0);
    const page = await (await getPage(t, `/team/requests/${id}`, owner.cookie)).text();
    expect(page).toContain('Cancelling 15 days to 27 days before the hire date: the terms leave the refund to you.');
    expect(formFields(page).refund).toBe('');
    expect((await cancel(id, '')).headers.get('location')).toBe(`/team/requests/${id}?done=bad_refund`);
    expect((await cancel(id, ((paid + 1) / 100).toFixed(2))).headers.get('location')).toBe(
      `/team/requests/${id}?done=bad_refund`,
    );
    expect((await t.booking.state(t.db, id))?.kind).toBe('confirmed');
    expect((await cancel(id, '0')).headers.get('location')).toBe(`/team/requests/${id}?done=cancelled`);
    const record = await t.db.$client.execute({
      sql: 'SELECT refund_cents, kept_cents, days_before FROM cancellations WHERE order_id = ?',
      args: [id],
    });
    expect(record.rows[0]).toMatchObject({ refund_cents: 0, kept_cents: paid, days_before: 20 });
  });
});
