import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SATURDAY, weekdayAhead } from '../fixtures/hire-dates';
import { makeTestApp, placeOrder, type TestApp } from './helpers';
import { addMember, getPage, postForm, signIn } from './team-helpers';

/** Issue 48: the calendar as a list by day on a phone, and over-promised days and requests flagged. */
let t: TestApp;
let me: { cookie: string; csrf: string };
beforeAll(async () => {
  t = await makeTestApp();
  await addMember(t, 'pia@example.com', 'staff');
  me = await signIn(t, 'pia@example.com');
});
afterAll(() => t?.close());

const html = async (path: string) => (await getPage(t, path, me.cookie)).text();
const rows = async (sql: string, args: (string | number)[] = []) => (await t.db.$client.execute({ sql, args })).rows;

describe('the calendar on a phone, and over-promising', () => {
  it('lists by day what goes out and comes back, two weeks at a time from the day asked for', async () => {
    const saturday = weekdayAhead(SATURDAY, 30);
    const id = await placeOrder(t, 'list@example.com', 'pickup', saturday);
    const [order] = await rows('SELECT number FROM orders WHERE id = ?', [id]);
    const { from, to } = t.booking.window(saturday, 'pickup');
    const today = await html('/team/calendar');
    expect(today).toContain('<h2 id="list-title">From today to ');
    expect(today).not.toContain(`<a href="/team/requests/${id}">Request ${order?.number}</a>`);
    const list = await html(`/team/calendar?day=${from}`);
    const section = /<section class="phone-only"[\s\S]*?<\/section>/.exec(list)?.[0] ?? '';
    const dayOf = (day: string) =>
      new RegExp(
        `<a href="/team/calendar/day/${day}">[^<]+</a></h3>([\\s\\S]*?)</li></ol>|<a href="/team/calendar/day/${day}">[^<]+</a></h3>([\\s\\S]*?)</li><li`,
      );
    const out = dayOf(from).exec(section);
    expect(out?.[0]).toContain('<h4>Going out</h4>');
    expect(out?.[0]).toContain(`<a href="/team/requests/${id}">Request ${order?.number}</a>`);
    const back = dayOf(to).exec(section);
    expect(back?.[0]).toContain('<h4>Coming back</h4>');
    // The grid is there too, for wide screens.
    expect(list).toContain('<div class="wide-only">');
    expect(list).toContain('<table class="calendar">');
  });

  it('gives the day sheet each request’s lines as asked, with photos, and its notes', async () => {
    const saturday = weekdayAhead(SATURDAY, 32);
    const id = await placeOrder(t, 'sheet@example.com', 'pickup', saturday, { order_notes: 'Ring the side bell' });
    const [line] = await rows('SELECT title, quantity FROM order_lines WHERE order_id = ?', [id]);
    const { from } = t.booking.window(saturday, 'pickup');
    const sheet = await html(`/team/calendar/day/${from}`);
    const entry =
      new RegExp(`<a href="/team/requests/${id}">[\\s\\S]*?</li></ul>[\\s\\S]*?</li>`).exec(sheet)?.[0] ?? '';
    expect(entry).toContain(`<strong>${line?.quantity} × ${line?.title}</strong>`);
    expect(entry).toMatch(/<img src="\/[^"]+" alt="" width="56" height="42" loading="lazy">/);
    expect(entry).toContain('<p class="notes"><strong>Notes:</strong> Ring the side bell</p>');
  });

  it('flags an over-promised day in the grid and the list, and the confirmed request on its page and the list', async () => {
    const saturday = weekdayAhead(SATURDAY, 34);
    const id = await placeOrder(t, 'over@example.com', 'pickup', saturday);
    expect((await postForm(t, `/team/requests/${id}/confirm`, { _csrf: me.csrf }, me.cookie)).status).toBe(303);
    const [hold] = await rows('SELECT product_id, quantity FROM order_holds WHERE order_id = ?', [id]);
    const productId = String(hold?.product_id);
    const { from } = t.booking.window(saturday, 'pickup');
    const calm = await html(`/team/calendar?day=${from}`);
    expect(calm).not.toContain('Over-promised:');
    expect(calm).not.toContain('<td class="over">');
    // The business cuts its stock below what is promised (a table broke): 1 fewer than booked.
    await rows('UPDATE products SET stock_count = ? WHERE id = ?', [Number(hold?.quantity) - 1, productId]);
    const cut = await html(`/team/calendar?day=${from}`);
    expect(cut).toContain(`<td class="over"><a href="/team/calendar/products/${productId}">`);
    expect(cut).toContain('over by 1');
    expect(cut).toMatch(new RegExp(`<strong>Over-promised:</strong> <a href="/team/calendar/products/${productId}">`));
    const request = await html(`/team/requests/${id}`);
    expect(request).toContain('<strong>Over-promised:</strong>');
    const quantity = Number(hold?.quantity);
    expect(request).toContain(`needs ${quantity}, ${quantity - 1} of ${quantity - 1} free on the busiest day`);
    const list = await html('/team/requests?state=confirmed');
    const item = new RegExp(`href="/team/requests/${id}"[\\s\\S]*?</li>`).exec(list)?.[0] ?? '';
    expect(item).toContain('<span class="pill warn">Over-promised</span>');
  });
});
