import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { dayIn, longDate, minuteOfDayIn } from '../../src/lib/api-contract/dates';
import { addDays, weekdayOf } from '../../src/lib/api-contract/hold-window';
import { MONDAY, weekdayAhead } from '../fixtures/hire-dates';
import { makeTestApp, type TestApp } from './helpers';
import { pdfText } from './pdf-text';
import { addMember, getPage, postForm, signIn } from './team-helpers';

/**
 * Issue 60: a hire with a first and a last day of use, through the public API. The whole window is
 * held (pickup as for its first day, return as for its last), priced by the business's rule (the
 * demo's: each extra day it is open adds 25% of the event price), and what cannot be held is refused
 * naming `stops_at`. Runs on the embedded file and on sqld.
 */
let t: TestApp;
let customerId: string;
beforeAll(async () => {
  t = await makeTestApp();
  const created = await t.post('/api/customers', {
    data: {
      type: 'customers',
      attributes: { name: 'Mere Tane', email: 'mere-range@example.com', phone: '0400 111 333' },
    },
  });
  customerId = created.body.data.id;
});
afterAll(() => t?.close());

const rows = async (sql: string, args: (string | number)[] = []) => (await t.db.$client.execute({ sql, args })).rows;

/** A visible product of its own for each test (skipping those used), with its stock set to `stock`. */
const used: string[] = [];
async function product(stock: number) {
  const [row] = await rows(
    `SELECT p.id, p.base_price_in_cents AS price FROM products p JOIN product_groups g ON g.id = p.product_group_id
     WHERE p.archived = 0 AND p.show_in_store = 1 AND g.archived = 0 AND g.show_in_store = 1 AND p.base_price_in_cents > 0
     AND p.id NOT IN (${used.map(() => '?').join(',') || "''"}) ORDER BY p.id LIMIT 1`,
    used,
  );
  const id = String(row?.id);
  used.push(id);
  await rows('UPDATE products SET stock_count = ?, turnaround_days = 0 WHERE id = ?', [stock, id]);
  await t.cache.version.refresh();
  return { id, price: Number(row?.price) };
}

const order = (productId: string, quantity: number, first: string, last: string) =>
  t.post('/api/orders', {
    customer_id: customerId,
    starts_at: first,
    stops_at: last,
    fulfillment_type: 'pickup',
    lines: [{ id: productId, quantity, isBundle: false, bundleVariations: [] }],
  });
const freeOn = async (productId: string, date: string) =>
  (await t.json(`/api/products/${productId}?date=${date}`)).body.data.attributes.inventory.available;

/** The demo's open weekdays (Monday, Wednesday to Friday) less its closed dates: the days a hire pays for. */
function openDaysAfter(first: string, last: string): number {
  const closed = new Set(t.services.business().closedDays.map((day) => day.date));
  let count = 0;
  for (let day = addDays(first, 1); day <= last; day = addDays(day, 1))
    if ([1, 3, 4, 5].includes(weekdayOf(day)) && !closed.has(day)) count++;
  return count;
}

describe('a hire of several days', () => {
  it('holds every day of its window, and prices its extra open days at 25% each', async () => {
    const p = await product(10);
    const first = weekdayAhead(MONDAY, 6);
    const last = addDays(first, 6);
    const created = await order(p.id, 10, first, last);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const attributes = created.body.order.data.attributes;
    expect(attributes.status).toBe('reserved');
    expect(attributes.starts_at).toBe(first);
    expect(attributes.stops_at).toBe(last);
    // Picked up for its first day, returned after its last (the demo's return days are its open days).
    expect(attributes.hold_from <= first).toBe(true);
    expect(attributes.hold_to > last).toBe(true);
    await t.cache.version.refresh();
    for (let day = attributes.hold_from; day <= attributes.hold_to; day = addDays(day, 1))
      expect(await freeOn(p.id, day), day).toBe(0);
    expect(await freeOn(p.id, addDays(attributes.hold_to, 1))).toBe(10);
    // Today's code held only around the first day: the middle of the hire was free to others.
    const middle = await order(p.id, 1, addDays(first, 3), addDays(first, 3));
    expect(middle.body.order.data.attributes.status).toBe('manual_review');
    // Priced: the event price, and 25% of it for each extra day the business is open.
    const extra = openDaysAfter(first, last);
    expect(extra).toBeGreaterThan(0);
    const [line] = await rows('SELECT price_in_cents FROM order_lines WHERE order_id = ?', [
      created.body.order.data.id,
    ]);
    const unit = p.price + Math.floor((p.price * extra * 2_500 + 5_000) / 10_000);
    expect(Number(line?.price_in_cents)).toBe(unit);
    expect(
      Number(
        (await rows('SELECT subtotal_in_cents AS s FROM orders WHERE id = ?', [created.body.order.data.id]))[0]?.s,
      ),
    ).toBe(unit * 10);
    // The customer's email says both days, and the pickup and return of the whole hire.
    const [email] = await rows("SELECT text FROM email_outbox WHERE order_id = ? AND kind = 'order_confirmation'", [
      created.body.order.data.id,
    ]);
    expect(String(email?.text)).toContain(`Hire dates: ${longDate(first)} to ${longDate(last)}`);
    expect(String(email?.text)).toContain(`return ${longDate(attributes.hold_to)}`);
  });

  it('costs the event price for one day, as before', async () => {
    const p = await product(2);
    const day = weekdayAhead(MONDAY, 8);
    const created = await order(p.id, 1, day, day);
    expect(created.status).toBe(201);
    const [line] = await rows('SELECT price_in_cents FROM order_lines WHERE order_id = ?', [
      created.body.order.data.id,
    ]);
    expect(Number(line?.price_in_cents)).toBe(p.price);
  });

  it('never promises more than the stock when requests for overlapping hires race', async () => {
    const p = await product(3);
    const first = weekdayAhead(MONDAY, 10);
    // Ten requests for all three units, each over a different stretch of one fortnight: every pair overlaps.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => order(p.id, 3, addDays(first, i % 4), addDays(first, 6 + (i % 5)))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    const statuses = answers.map((answer) => answer.body.order.data.attributes.status);
    expect(statuses.filter((status) => status === 'reserved')).toHaveLength(1);
    const peak = await rows(
      "SELECT SUM(quantity) AS n FROM order_holds WHERE product_id = ? AND state = 'held' AND hold_from <= ? AND hold_to >= ?",
      [p.id, addDays(first, 6), addDays(first, 6)],
    );
    expect(Number(peak[0]?.n)).toBe(3);
  });

  it('refuses a last day before the first, past the longest hire, or closed all round, naming stops_at, and stores nothing', async () => {
    const p = await product(2);
    const first = weekdayAhead(MONDAY, 12);
    const before = Number((await rows('SELECT COUNT(*) AS n FROM orders'))[0]?.n);
    const backwards = await order(p.id, 1, first, addDays(first, -1));
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain('stops_at');
    const long = await order(p.id, 1, first, addDays(first, 90));
    expect(long.status).toBe(400);
    expect(long.body.error).toContain(
      `a hire runs at most 90 days: write a last day on or before ${addDays(first, 89)}`,
    );
    expect(long.body.issues.map((issue: { path: string }) => issue.path)).toContain('stops_at');
    expect(Number((await rows('SELECT COUNT(*) AS n FROM orders'))[0]?.n)).toBe(before);
    // Ninety days is the longest, and taken.
    expect((await order(p.id, 1, first, addDays(first, 89))).status).toBe(201);
  });

  it("reads a date-time with an offset on the business's clock, and stores the days", async () => {
    const p = await product(2);
    const day = weekdayAhead(MONDAY, 14);
    // 2 pm UTC on the day before is midnight (AEST, +10) or 1 am (AEDT, +11) in Sydney: the Monday
    // itself, whichever side of a daylight-saving change the day falls (1 pm is still Sunday in April).
    const created = await order(p.id, 1, `${addDays(day, -1)}T14:00:00Z`, `${addDays(day, 2)}T14:00:00Z`);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [stored] = await rows('SELECT starts_at, stops_at FROM orders WHERE id = ?', [created.body.order.data.id]);
    expect([stored?.starts_at, stored?.stops_at]).toEqual([day, addDays(day, 3)]);
  });

  it('keeps its length when the team moves it, and prices an added item for the whole hire', async () => {
    const p = await product(6);
    const other = await product(6);
    const first = weekdayAhead(MONDAY, 16);
    const last = addDays(first, 6);
    const created = await order(p.id, 2, first, last);
    const id = String(created.body.order.data.id);
    await addMember(t, 'tama@example.com', 'owner');
    const me = await signIn(t, 'tama@example.com');
    expect((await postForm(t, `/team/requests/${id}/confirm`, { _csrf: me.csrf }, me.cookie)).status).toBe(303);
    const [line] = await rows('SELECT id, price_in_cents FROM order_lines WHERE order_id = ?', [id]);
    const moved = addDays(first, 7);
    const changed = await postForm(
      t,
      `/team/requests/${id}/change`,
      {
        _csrf: me.csrf,
        hireDate: moved,
        fulfilment: 'pickup',
        deliveryAddress: '',
        notes: '',
        addProduct: other.id,
        addQuantity: '1',
        [`qty:${line?.id}`]: '2',
      },
      me.cookie,
    );
    expect(changed.status, await changed.text()).toBe(303);
    const [stored] = await rows('SELECT starts_at, stops_at FROM orders WHERE id = ?', [id]);
    expect([String(stored?.starts_at).slice(0, 10), String(stored?.stops_at).slice(0, 10)]).toEqual([
      moved,
      addDays(moved, 6),
    ]);
    const lines = await rows('SELECT item_id, price_in_cents FROM order_lines WHERE order_id = ? ORDER BY position', [
      id,
    ]);
    // The line it had keeps the price agreed; the added one is priced for the same seven days.
    expect(Number(lines[0]?.price_in_cents)).toBe(Number(line?.price_in_cents));
    const extra = openDaysAfter(moved, addDays(moved, 6));
    expect(Number(lines[1]?.price_in_cents)).toBe(
      other.price + Math.floor((other.price * extra * 2_500 + 5_000) / 10_000),
    );
    // And it holds the whole new window.
    const holds = await rows(
      "SELECT MIN(hold_from) AS f, MAX(hold_to) AS t FROM order_holds WHERE order_id = ? AND state = 'confirmed'",
      [id],
    );
    expect(String(holds[0]?.t) > addDays(moved, 6)).toBe(true);
    expect(String(holds[0]?.f) <= moved).toBe(true);
  });

  it('says the whole hire on its tax invoice and on the customer’s booking page', async () => {
    const p = await product(6);
    const first = weekdayAhead(MONDAY, 18);
    const last = addDays(first, 3);
    const created = await order(p.id, 1, first, last);
    const id = String(created.body.order.data.id);
    await addMember(t, 'ana@example.com', 'owner');
    const me = await signIn(t, 'ana@example.com');
    expect((await postForm(t, `/team/requests/${id}/confirm`, { _csrf: me.csrf }, me.cookie)).status).toBe(303);
    const [invoice] = await rows("SELECT number FROM documents WHERE order_id = ? AND kind = 'invoice'", [id]);
    const pdf = await getPage(t, `/team/requests/${id}/documents/${String(invoice?.number)}`, me.cookie);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    if (process.env.KEEP_PDF) (await import('node:fs')).writeFileSync(process.env.KEEP_PDF, bytes);
    const text = await pdfText(bytes);
    expect(text.replace(/\s+/g, ' ')).toContain(`Request ${id}, hire dates ${longDate(first)} to ${longDate(last)}`);
    const [email] = await rows("SELECT text FROM email_outbox WHERE order_id = ? AND kind = 'order_confirmed'", [id]);
    const token = /\/booking\/([^\s/]+)/.exec(String(email?.text))?.[1];
    const booking = (await (await t.request(`/api/bookings/${token}`)).json()) as {
      data: { hireDate: string; lastDay: string };
    };
    expect([booking.data.hireDate, booking.data.lastDay]).toEqual([first, last]);
  });

  it('refuses a hire date whose hand-over has passed (today after closing), naming the first still possible', async () => {
    const p = await product(10);
    const business = t.services.business();
    const closed = new Set(business.closedDays.map((day) => day.date));
    // A Monday with its week open to Thursday (no closed date), as "today".
    let monday = weekdayAhead(MONDAY, 8);
    while ([0, 1, 2, 3].some((n) => closed.has(addDays(monday, n)))) monday = addDays(monday, 7);
    const at = (hours: number, minutes: number) => localInstant(monday, hours, minutes, business.timeZone);
    onTestFinished(() => t.setNow(null));
    const sent = (first: string, fulfilment: 'pickup' | 'delivery') =>
      t.post('/api/orders', {
        customer_id: customerId,
        starts_at: first,
        stops_at: first,
        fulfillment_type: fulfilment,
        ...(fulfilment === 'delivery' ? { delivery_address: '4 Wharf Street, Sydney NSW 2000' } : {}),
        lines: [{ id: p.id, quantity: 1, isBundle: false, bundleVariations: [] }],
      });
    // 11:44 pm: today's pickup is past closing (4 pm), and so is Tuesday's (picked up on the Monday).
    t.setNow(at(23, 44));
    for (const first of [monday, addDays(monday, 1)]) {
      const refused = await sent(first, 'pickup');
      expect(refused.status).toBe(400);
      expect(refused.body.error).toContain('starts_at');
      expect(refused.body.error).toContain(
        `It is too late to hand your items over for ${longDate(first)}: the first hire date we can still do is ${longDate(addDays(monday, 2))}.`,
      );
    }
    // A delivery is the working day before: Wednesday's was due on the Monday, so Thursday is the first.
    const delivery = await sent(addDays(monday, 2), 'delivery');
    expect(delivery.status).toBe(400);
    expect(delivery.body.error).toContain(`the first hire date we can still do is ${longDate(addDays(monday, 3))}.`);
    expect((await sent(addDays(monday, 2), 'pickup')).status).toBe(201);
    // The same Monday at 9 am: today is still on.
    t.setNow(at(9, 0));
    expect((await sent(monday, 'pickup')).status).toBe(201);
  });
});

/** The instant it is `hours`:`minutes` on `day` on the clock of `timeZone`. */
function localInstant(day: string, hours: number, minutes: number, timeZone: string): Date {
  let instant = new Date(`${day}T${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:00Z`);
  for (let i = 0; i < 3; i++) {
    const wall =
      new Date(`${dayIn(instant, timeZone)}T00:00:00Z`).getTime() + minuteOfDayIn(instant, timeZone) * 60_000;
    const wanted = new Date(`${day}T00:00:00Z`).getTime() + (hours * 60 + minutes) * 60_000;
    instant = new Date(instant.getTime() + wanted - wall);
  }
  return instant;
}
