import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONDAY, weekdayAhead } from '../fixtures/hire-dates';
import { makeTestApp, type TestApp } from './helpers';
import { pdfText } from './pdf-text';
import { addMember, confirmForToken, getPage, postForm, pricedShop, signIn } from './team-helpers';

/**
 * Issue 61: lines of the team's own on a request (a charge, an amount or a percentage off the hire,
 * taxed or GST-free). They reach the subtotal and GST, the request page, the customer's email and
 * booking page, the tax invoice and the Xero export; a change after invoicing issues a credit note and
 * a new invoice; bad input is refused beside its field with nothing saved. On the file and on sqld.
 */
let t: TestApp;
let owner: { cookie: string; csrf: string };
let place: (quantity: number, day: string, extra?: Record<string, unknown>) => Promise<string>;
beforeAll(async () => {
  t = await makeTestApp();
  // $20.00 a piece: ten come to $200.00.
  ({ owner, request: place } = await pricedShop(t, { owner: 'otto@example.com', customer: 'Mere Lines' }));
});
afterAll(() => t?.close());

const rows = async (sql: string, args: (string | number)[] = []) => (await t.db.$client.execute({ sql, args })).rows;

let week = 5;
/** A pickup request of `quantity` pieces at $20.00, held; its id. */
const request = (quantity = 10) => place(quantity, weekdayAhead(MONDAY, week++));

type Line = {
  description: string;
  quantity?: string;
  amount: string;
  kind?: string;
  gstFree?: boolean;
  save?: boolean;
};
const addLine = (id: string, line: Line, who = owner) =>
  postForm(
    t,
    `/team/requests/${id}/lines`,
    {
      _csrf: who.csrf,
      description: line.description,
      quantity: line.quantity ?? '1',
      amount: line.amount,
      kind: line.kind ?? 'charge',
      ...(line.gstFree ? { gstFree: '1' } : {}),
      ...(line.save ? { save: '1' } : {}),
    },
    who.cookie,
  );

const stored = async (id: string) => {
  const [order] = await rows('SELECT subtotal_in_cents AS s, gst_free_in_cents AS f FROM orders WHERE id = ?', [id]);
  return { subtotal: Number(order?.s), gstFree: Number(order?.f) };
};
const latestEmail = async (id: string, kind = 'order_changed') =>
  String(
    (
      await rows('SELECT text FROM email_outbox WHERE order_id = ? AND kind = ? ORDER BY rowid DESC LIMIT 1', [
        id,
        kind,
      ])
    )[0]?.text ?? '',
  );

describe('lines of the team’s own', () => {
  it('adds a charge, a GST-free charge and a percentage discount to the subtotal, GST only on what is taxed', async () => {
    const id = await request(10);
    expect((await addLine(id, { description: 'Setup labour', quantity: '3', amount: '45' })).status).toBe(303);
    expect((await addLine(id, { description: 'Council permit', amount: '$120.00', gstFree: true })).status).toBe(303);
    expect((await addLine(id, { description: 'Early-bird discount', amount: '10%', kind: 'discount' })).status).toBe(
      303,
    );
    // $200.00 hire + $135.00 labour + $120.00 permit - $20.00 (10% of the hire) = $435.00; GST 10% of $315.00.
    expect(await stored(id)).toEqual({ subtotal: 43_500, gstFree: 12_000 });
    const page = await (await getPage(t, `/team/requests/${id}`, owner.cookie)).text();
    expect(page).toContain('Setup labour');
    expect(page).toContain('Council permit');
    expect(page).toContain('Early-bird discount (10% off the hire)');
    expect(page).toContain('-$20.00');
    expect(page).toMatch(
      /<dt>GST \(10%\)<\/dt><dd>\$31\.50<\/dd><dt class="sum">Total<\/dt><dd class="sum">\$466\.50<\/dd>/,
    );
    // The customer is emailed each change with the new totals.
    const email = await latestEmail(id);
    expect(email).toContain('Early-bird discount (10% off the hire): -$20.00');
    expect(email).toContain('Council permit (GST-free): $120.00');
    expect(email).toContain('Setup labour, 3 × $45.00: $135.00');
    expect(email).toContain('Total (incl. GST): $466.50');
  });

  it('after invoicing, issues a credit note and a new tax invoice that prints the line, GST-free marked, and exports it', async () => {
    const id = await request(10);
    const token = await confirmForToken(t, id, owner);
    const invoices = async () =>
      (await rows("SELECT number FROM documents WHERE order_id = ? AND kind = 'invoice' ORDER BY seq", [id])).map((r) =>
        String(r.number),
      );
    const before = await invoices();
    expect(before).toHaveLength(1);
    expect((await addLine(id, { description: 'Travel to Queenstown', amount: '80', gstFree: true })).status).toBe(303);
    const after = await invoices();
    expect(after).toHaveLength(2);
    const [credit] = await rows("SELECT number FROM documents WHERE order_id = ? AND kind = 'credit_note'", [id]);
    expect(String(credit?.number)).toMatch(/^CN-\d{4}$/);
    const pdf = await getPage(t, `/team/requests/${id}/documents/${after[1]}`, owner.cookie);
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).replace(/\s+/g, ' ');
    expect(text).toContain('Travel to Queenstown');
    expect(text).toContain('GST-free');
    // $200.00 + $20.00 GST + $80.00 GST-free.
    expect(text).toContain('$300.00');
    const email = await latestEmail(id);
    expect(email).toContain(`Tax invoice ${after[1]} replaces the earlier one (credit note ${String(credit?.number)})`);
    // What the customer owes follows: the booking page totals and schedule.
    const booking = await t.request(`/api/bookings/${token}`);
    const { data } = (await booking.json()) as { data: any };
    expect(data.ownLines).toEqual([{ label: 'Travel to Queenstown', quantity: 1, unitCents: 8_000, gstFree: true }]);
    expect({ subtotal: data.subtotalCents, gst: data.gstCents, total: data.totalCents }).toEqual({
      subtotal: 28_000,
      gst: 2_000,
      total: 30_000,
    });
    expect(data.money.deposit.cents + (data.money.balance?.cents ?? 0)).toBe(30_000);
    // Xero: the line with Xero's GST-free rate and no GST.
    const today = String(
      (await rows('SELECT issued_on FROM documents WHERE number = ?', [after[1] ?? '']))[0]?.issued_on,
    );
    const csv = await (
      await getPage(t, `/team/money/export?from=${today}&to=${today}&what=invoices&account=200`, owner.cookie)
    ).text();
    const line = csv.split('\r\n').find((l) => l.includes(`,${after[1]},`) && l.includes('Travel to Queenstown'));
    expect(line).toContain(',Travel to Queenstown,1,80.00,,200,GST Free Income,0.00,');
  });

  it('removes a line, re-prices a percentage discount when the items change, and refuses a change that leaves discounts above the hire', async () => {
    const id = await request(10);
    await addLine(id, { description: 'Loyalty', amount: '25%', kind: 'discount' });
    await addLine(id, { description: 'Agreed price', amount: '140', kind: 'discount' });
    expect(await stored(id)).toEqual({ subtotal: 1_000, gstFree: 0 });
    const [line] = await rows('SELECT id FROM order_lines WHERE order_id = ?', [id]);
    const change = (quantity: number) =>
      postForm(
        t,
        `/team/requests/${id}/change`,
        {
          _csrf: owner.csrf,
          hireDate: weekdayAhead(MONDAY, week - 1),
          fulfilment: 'pickup',
          [`qty:${String(line?.id)}`]: String(quantity),
        },
        owner.cookie,
      );
    // Eight pieces ($160.00): 25% is $40.00, with $140.00 more that is $180.00 off. Refused.
    const refused = await change(8);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('The discounts would come to more than the hire');
    expect(await stored(id)).toEqual({ subtotal: 1_000, gstFree: 0 });
    // Twenty pieces ($400.00): 25% is now $100.00.
    expect((await change(20)).status).toBe(303);
    expect(await stored(id)).toEqual({ subtotal: 16_000, gstFree: 0 });
    const [agreed] = await rows("SELECT id FROM order_own_lines WHERE order_id = ? AND description = 'Agreed price'", [
      id,
    ]);
    const removed = await postForm(
      t,
      `/team/requests/${id}/lines/${String(agreed?.id)}/remove`,
      { _csrf: owner.csrf },
      owner.cookie,
    );
    expect(removed.status).toBe(303);
    expect(await stored(id)).toEqual({ subtotal: 30_000, gstFree: 0 });
    expect(await latestEmail(id)).toContain('Removed: Agreed price: -$140.00');
  });

  it('refuses bad lines beside their field, keeps what was typed, and saves nothing', async () => {
    const id = await request(10);
    const cases: [Line, string, string][] = [
      [{ description: '  ', amount: '10' }, 'description', 'Write what the line is for.'],
      [
        { description: 'Refund', amount: '-10' },
        'amount',
        'Write the amount without a minus sign: choose Discount to take it off the hire.',
      ],
      [
        { description: 'Huge discount', amount: '250', kind: 'discount' },
        'amount',
        'A discount cannot be more than the hire: at most $200.00 is left to take off.',
      ],
      [
        { description: 'Too much', amount: '120%', kind: 'discount' },
        'amount',
        'A discount is at most 100% of the hire.',
      ],
      [
        { description: 'Percent charge', amount: '10%' },
        'amount',
        'A percentage is a discount of the hire: choose Discount.',
      ],
      [
        { description: 'Free discount', amount: '5', kind: 'discount', gstFree: true },
        'gstFree',
        'A discount comes off the hire, which is taxed: untick GST-free.',
      ],
      [{ description: 'Many', amount: '5', quantity: '0' }, 'quantity', 'Write a whole number from 1 to 10000.'],
      [{ description: 'Words', amount: 'forty' }, 'amount', 'Write an amount in dollars, such as 45 or 45.50.'],
    ];
    for (const [line, field, message] of cases) {
      const answer = await addLine(id, line);
      expect(answer.status, line.description).toBe(400);
      const page = await answer.text();
      const fieldId = field === 'gstFree' ? 'own-gst' : `own-${field}`;
      expect(page).toContain(`<p class="field-problem" id="${fieldId}-problem">${message}</p>`);
      expect(page).toMatch(new RegExp(`aria-invalid="true" aria-describedby="${fieldId}-problem`));
      // The form comes back open with what was typed.
      expect(page).toContain(`value="${line.description.trim() ? line.description : ''}"`);
    }
    expect(Number((await rows('SELECT COUNT(*) AS n FROM order_own_lines WHERE order_id = ?', [id]))[0]?.n)).toBe(0);
    expect(await stored(id)).toEqual({ subtotal: 20_000, gstFree: 0 });
  });

  it('saves a line to use again, adds it from the list, and an owner removes it in Settings', async () => {
    const id = await request(10);
    expect((await addLine(id, { description: 'Delivery run, Frankton', amount: '65', save: true })).status).toBe(303);
    // Saved again as it is: listed once.
    expect((await addLine(id, { description: 'Delivery run, Frankton', amount: '65', save: true })).status).toBe(303);
    const [saved, twice] = await rows("SELECT id FROM saved_own_lines WHERE description = 'Delivery run, Frankton'");
    expect(twice).toBeUndefined();
    const other = await request(5);
    const page = await (await getPage(t, `/team/requests/${other}`, owner.cookie)).text();
    expect(page).toContain('Delivery run, Frankton, 1 × $65.00');
    const added = await postForm(
      t,
      `/team/requests/${other}/lines/saved`,
      { _csrf: owner.csrf, saved: String(saved?.id) },
      owner.cookie,
    );
    expect(added.status).toBe(303);
    expect(await stored(other)).toEqual({ subtotal: 16_500, gstFree: 0 });
    const settings = await (await getPage(t, '/team/settings', owner.cookie)).text();
    expect(settings).toContain('Delivery run, Frankton, 1 × $65.00');
    const removed = await postForm(
      t,
      `/team/settings/saved-lines/${String(saved?.id)}/remove`,
      { _csrf: owner.csrf },
      owner.cookie,
    );
    expect(removed.headers.get('location')).toBe('/team/settings?done=line_forgotten#saved-lines');
    expect(await rows("SELECT id FROM saved_own_lines WHERE description = 'Delivery run, Frankton'")).toHaveLength(0);
    // The request keeps its line.
    expect(await stored(other)).toEqual({ subtotal: 16_500, gstFree: 0 });
  });

  it('lets staff add lines only where the owner lets them set prices, and a viewer never', async () => {
    const id = await request(10);
    await addMember(t, 'sasha-lines@example.com', 'staff');
    await addMember(t, 'vic-lines@example.com', 'viewer');
    const staff = await signIn(t, 'sasha-lines@example.com');
    const viewer = await signIn(t, 'vic-lines@example.com');
    await rows(
      "UPDATE business_settings SET settings = json_set(settings, '$.staff_may_change_prices', json('false')) WHERE id = 1",
    );
    await t.cache.version.refresh();
    const refused = await addLine(id, { description: 'Styling', amount: '300' }, staff);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Your role on the team does not let you change prices.');
    const asViewer = await addLine(id, { description: 'Styling', amount: '300' }, viewer);
    expect([400, 403]).toContain(asViewer.status);
    expect(await stored(id)).toEqual({ subtotal: 20_000, gstFree: 0 });
    await rows(
      "UPDATE business_settings SET settings = json_set(settings, '$.staff_may_change_prices', json('true')) WHERE id = 1",
    );
    await t.cache.version.refresh();
    expect((await addLine(id, { description: 'Styling', amount: '300' }, staff)).status).toBe(303);
    expect(await stored(id)).toEqual({ subtotal: 50_000, gstFree: 0 });
  });
});
