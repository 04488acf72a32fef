import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyOf, moneyOfMany, moneySettingsOf } from '../../server/money';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { formatMoney } from '../../src/lib/api-contract/money';
import { makeTestApp, orderAsNewCustomer, type TestApp } from './helpers';
import { getPage, ownerAndProduct, postForm } from './team-helpers';

/**
 * Issue 49: the workspace's Money page, what is outstanding soonest due first (deposits, balances,
 * refunds to pay back), and the accountant's export in Xero's import formats.
 */
let t: TestApp;
let owner: { cookie: string; csrf: string };
let productId: string;
beforeAll(async () => {
  t = await makeTestApp();
  ({ owner, productId } = await ownerAndProduct(t));
});
afterAll(() => t?.close());

const confirmed = async (daysOut: number) => {
  const order = await orderAsNewCustomer(t, productId, 1, addDays(await t.booking.today(), daysOut));
  const id = String(order.body.order.data.id);
  await postForm(t, `/team/requests/${id}/confirm`, { _csrf: owner.csrf }, owner.cookie);
  return id;
};
const settings = () => {
  const business = t.services.business();
  return { terms: business.payments, timeZone: business.timeZone, gstRate: business.gstRate };
};

describe('money in the workspace', () => {
  it('lists what is owed soonest due first, and what is to pay back', async () => {
    const later = await confirmed(60);
    const sooner = await confirmed(30);
    const paid = await confirmed(45);
    const money = await moneyOf(t.db, paid, settings());
    await postForm(
      t,
      `/team/requests/${paid}/payments`,
      {
        _csrf: owner.csrf,
        kind: 'payment',
        towards: 'hire',
        method: 'cash',
        amount: ((money?.schedule.deposit.cents ?? 0) / 100).toFixed(2),
        day: await t.booking.today(),
      },
      owner.cookie,
    );
    const page = await (await getPage(t, '/team/money', owner.cookie)).text();
    expect(page).toContain('<a href="/team/money" aria-current="page">Money</a>');
    const owedTo = page.slice(page.indexOf('Owed to you'), page.indexOf('To pay back'));
    const order = [...owedTo.matchAll(/<a href="\/team\/requests\/(\d+)">/g)].map((match) => match[1]);
    // Deposits fall due on confirming (today), balances days before their hire: the paid one owes its balance only.
    expect(order.filter((id) => [later, sooner, paid].includes(id as string))).toEqual([
      later,
      sooner,
      sooner,
      paid,
      later,
    ]);
    expect(owedTo).toContain(`${formatMoney(money?.balanceOwedCents ?? 0)}`);
    expect(page).toContain('No bond or refund is waiting to be paid back.');
  });

  it('shows each list 50 rows a page, soonest due first, with its count and sum over all of it', async () => {
    for (let i = 0; i < 26; i++) await confirmed(70 + i);
    const owedTo = async (query: string) => {
      const page = await (await getPage(t, `/team/money${query}`, owner.cookie)).text();
      const part = page.slice(page.indexOf('Owed to you'), page.indexOf('To pay back'));
      const amounts = [...part.matchAll(/<td class="num">\$([\d,]+\.\d\d)<\/td>/g)].map((m) =>
        Math.round(Number(m[1]?.replaceAll(',', '')) * 100),
      );
      return { part, amounts, caption: /<caption class="muted">([^<]+)<\/caption>/.exec(part)?.[1] ?? '' };
    };
    const first = await owedTo('');
    const items = Number(/^([\d,]+) items/.exec(first.caption)?.[1]?.replaceAll(',', ''));
    expect(items).toBeGreaterThan(50);
    expect(first.amounts).toHaveLength(50);
    expect(first.caption).toMatch(/, showing 1 to 50$/);
    expect(first.part).toContain('href="/team/money?in=2#money-in">Next</a>');
    expect(first.part).toContain(`Page 1 of ${Math.ceil(items / 50)}`);
    const second = await owedTo('?in=2');
    expect(second.amounts).toHaveLength(Math.min(50, items - 50));
    expect(second.caption).toMatch(new RegExp(`, showing 51 to ${Math.min(100, items)}$`));
    expect(second.part).toContain('href="/team/money#money-in">Previous</a>');
    // The pages together are the whole list: its sum, in one order.
    const pages = [first];
    for (let n = 2; n <= Math.ceil(items / 50); n++) pages.push(await owedTo(`?in=${n}`));
    const all = pages.flatMap((page) => page.amounts);
    expect(all).toHaveLength(items);
    expect(first.caption).toContain(`${formatMoney(all.reduce((sum, cents) => sum + cents, 0))} in all`);
    // Anything but a page number is the first page; past the last, the last.
    expect((await owedTo('?in=abc')).amounts).toEqual(first.amounts);
    expect((await owedTo('?in=999')).amounts).toEqual(pages.at(-1)?.amounts);
  });

  it('exports invoices and credit notes, and payments and refunds, in Xero’s CSV import formats', async () => {
    const id = await confirmed(40);
    const today = await t.booking.today();
    const pay = (kind: string, amount: string) =>
      postForm(
        t,
        `/team/requests/${id}/payments`,
        {
          _csrf: owner.csrf,
          kind,
          towards: 'hire',
          method: 'bank_transfer',
          amount,
          day: today,
          note: '=HYPERLINK("x")',
        },
        owner.cookie,
      );
    await pay('payment', '110.00');
    await pay('refund', '11.00');
    const invoices = await getPage(
      t,
      `/team/money/export?from=${today}&to=${today}&what=invoices&account=200`,
      owner.cookie,
    );
    expect(invoices.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(invoices.headers.get('content-disposition')).toBe(
      `attachment; filename="xero-invoices-${today}-to-${today}.csv"`,
    );
    const csv = await invoices.text();
    const [head, ...rows] = csv.trimEnd().split('\r\n');
    expect(head?.split(',').slice(0, 1)).toEqual(['*ContactName']);
    expect(head).toContain(
      '*InvoiceNumber,Reference,*InvoiceDate,*DueDate,InventoryItemCode,*Description,*Quantity,*UnitAmount,Discount,*AccountCode,*TaxType,TaxAmount',
    );
    const xeroDay = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;
    const credit = rows.find((row) => row.includes(',CN-') && row.includes(`Request ${id},`));
    expect(credit).toContain(`,${xeroDay},${xeroDay},,Hire refunded,1,-10.00,,200,GST on Income,-1.00,`);
    expect(rows.some((row) => /,INV-\d{4},/.test(row) && row.includes(`Request ${id},`))).toBe(true);
    // An invoice is due on the terms' balance day (issue 59), not on the day it was issued.
    const balanceDue = (await moneyOf(t.db, id, moneySettingsOf(t.services.business())))?.schedule.balance?.due ?? '';
    const invoiceRow = rows.find((row) => /,INV-\d{4},/.test(row) && row.includes(`Request ${id},`)) ?? '';
    expect(balanceDue > today).toBe(true);
    expect(invoiceRow).toContain(
      `,${xeroDay},${balanceDue.slice(8, 10)}/${balanceDue.slice(5, 7)}/${balanceDue.slice(0, 4)},`,
    );

    const payments = await (
      await getPage(t, `/team/money/export?from=${today}&to=${today}&what=payments&account=200`, owner.cookie)
    ).text();
    const lines = payments.trimEnd().split('\r\n');
    expect(lines[0]).toBe('*Date,*Amount,Payee,Description,Reference');
    expect(lines.filter((line) => line.endsWith(`,Request ${id}`))).toEqual([
      `${xeroDay},110.00,${lines.find((l) => l.endsWith(`Request ${id}`))?.split(',')[2]},"Payment towards the hire, Bank transfer",Request ${id}`,
      `${xeroDay},-11.00,${lines.find((l) => l.endsWith(`Request ${id}`))?.split(',')[2]},"Refund towards the hire, Bank transfer",Request ${id}`,
    ]);
    expect(
      (await getPage(t, `/team/money/export?from=${today}&to=2000-01-01&what=payments&account=200`, owner.cookie))
        .status,
    ).toBe(400);
    expect((await getPage(t, '/team/money/export?from=x&to=y&what=payments&account=200', '')).status).not.toBe(200);
  });

  it('works out many bookings’ money at once exactly as one at a time (the Money page’s reads)', async () => {
    const ids = (await t.db.$client.execute('SELECT id FROM orders ORDER BY id')).rows.map((row) => String(row.id));
    expect(ids.length).toBeGreaterThan(2);
    const settings = moneySettingsOf(t.services.business());
    const many = await moneyOfMany(t.db, ids, settings);
    // Many bookings' entries carry what the sums read (the whole rows are for one booking's page).
    const summary = (money: Awaited<ReturnType<typeof moneyOf>>) =>
      money && {
        ...money,
        entries: money.entries.map(({ orderId, kind, towards, amountCents, recordedAt }) => ({
          orderId,
          kind,
          towards,
          amountCents,
          recordedAt,
        })),
      };
    for (const id of ids) expect(many.get(id)).toEqual(summary(await moneyOf(t.db, id, settings)));
  });
});
