import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { SATURDAY, weekdayAhead } from '../fixtures/hire-dates';
import { makeTestApp, placeOrder, type TestApp } from './helpers';
import { addMember, getPage, postForm, signIn } from './team-helpers';

/** Issue 33: the calendar of what is out, each product's bookings, and a day's sheet. */
let t: TestApp;
let me: { cookie: string; csrf: string };
beforeAll(async () => {
  t = await makeTestApp();
  await addMember(t, 'sam@example.com', 'staff');
  me = await signIn(t, 'sam@example.com');
});
afterAll(() => t?.close());

const page = async (path: string) => {
  const response = await getPage(t, path, me.cookie);
  return { status: response.status, html: await response.text() };
};
const rows = async (sql: string, args: (string | number)[] = []) => (await t.db.$client.execute({ sql, args })).rows;

describe('the calendar', () => {
  it('shows a booking on every day of its window, held until confirmed, by week, month and category', async () => {
    const saturday = weekdayAhead(SATURDAY, 3);
    const id = await placeOrder(t, 'calendar@example.com', 'pickup', saturday);
    const [hold] = await rows(
      'SELECT h.product_id, p.name, p.stock_count FROM order_holds h JOIN products p ON p.id = h.product_id WHERE order_id = ?',
      [id],
    );
    const name = String(hold?.name);
    const week = await page(`/team/calendar?view=week&day=${saturday}`);
    expect(week.status).toBe(200);
    const row = new RegExp(
      `<tr><th scope="row"><a href="/team/calendar/products/${hold?.product_id}">${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</a></th>(.*?)</tr>`,
    );
    const cells = [...(row.exec(week.html)?.[1] ?? '').matchAll(/<td class="(\w+)">(.*?)<\/td>/g)];
    expect(cells).toHaveLength(7); // Monday to Sunday
    // Out Friday (pickup) to Monday (return): Friday, Saturday and Sunday of this week.
    const out = cells.map((cell) => cell[1] !== 'free');
    expect(out).toEqual([false, false, false, false, true, true, true]);
    expect(cells[5]?.[2]).toBe(`2<span class="of">/${hold?.stock_count}</span><span class="held">2 held</span>`);

    await postForm(t, `/team/requests/${id}/confirm`, { _csrf: me.csrf }, me.cookie);
    const confirmed = await page(`/team/calendar?view=week&day=${saturday}`);
    const after = [...(row.exec(confirmed.html)?.[1] ?? '').matchAll(/<td class="(\w+)">(.*?)<\/td>/g)];
    expect(after[5]?.[2]).toBe(`2<span class="of">/${hold?.stock_count}</span>`);

    const month = await page(`/team/calendar?view=month&day=${saturday}`);
    expect(month.html).toMatch(row);
    const monthCells = [...(row.exec(month.html)?.[1] ?? '').matchAll(/<td /g)];
    expect(monthCells.length).toBeGreaterThanOrEqual(28);

    const [tag] = await rows(
      "SELECT t.tag FROM item_tags t JOIN products p ON p.product_group_id = t.owner_id WHERE p.id = ? AND t.owner_type = 'product_groups'",
      [String(hold?.product_id)],
    );
    expect((await page(`/team/calendar?view=week&day=${saturday}&category=${tag?.tag}`)).html).toMatch(row);
    const [other] = await rows(
      'SELECT key FROM categories WHERE key NOT IN (SELECT tag FROM item_tags t JOIN products p ON p.product_group_id = t.owner_id WHERE p.id = ?) AND parent IS NULL LIMIT 1',
      [String(hold?.product_id)],
    );
    expect((await page(`/team/calendar?view=week&day=${saturday}&category=${other?.key}`)).html).not.toMatch(row);
  });

  it('lists a product’s bookings by date, and a day’s sheet of what goes out and comes back', async () => {
    const saturday = weekdayAhead(SATURDAY, 4);
    const id = await placeOrder(t, 'sheet@example.com', 'pickup', saturday);
    const [hold] = await rows('SELECT product_id FROM order_holds WHERE order_id = ?', [id]);
    const bookings = await page(`/team/calendar/products/${hold?.product_id}`);
    expect(bookings.html).toContain(`<a href="/team/requests/${id}">Request ${id}: Ava Chen</a>`);
    expect(bookings.html).toContain('Held, waiting for an answer');

    const friday = await page(`/team/calendar/day/${addDays(saturday, -1)}`);
    const going = friday.html.slice(friday.html.indexOf('Going out'), friday.html.indexOf('Coming back'));
    expect(going).toContain(`Request ${id}</a>: Ava Chen`);
    expect(going).toMatch(/<strong>2 × [^<]+<\/strong>/);
    const monday = await page(`/team/calendar/day/${addDays(saturday, 2)}`);
    expect(monday.html.slice(monday.html.indexOf('Coming back'))).toContain(`Request ${id}</a>`);
    expect((await page(`/team/calendar/day/${saturday}`)).html).not.toContain(`Request ${id}</a>`);
  });

  it('answers 404 for an unknown product or a day that is not one, and takes any query without failing', async () => {
    expect((await page('/team/calendar/products/nope')).status).toBe(404);
    expect((await page('/team/calendar/day/2026-02-30')).status).toBe(404);
    const odd = await page('/team/calendar?view=year&day=tomorrow&category=%3Cscript%3E');
    expect(odd.status).toBe(200);
    expect(odd.html).not.toContain('<script>');
    expect((await getPage(t, '/team/calendar')).status).toBe(303);
  });
});
