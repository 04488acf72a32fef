import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SATURDAY, weekdayAhead } from '../fixtures/hire-dates';
import { makeTestApp, placeOrder, type TestApp } from './helpers';
import { addMember, getPage, postForm, signIn } from './team-helpers';

/**
 * Issue 48: the time agreed for a hand-over (a delivery slot, a pickup time), set by the team on a
 * change or a new request, and shown where the day is run: the request, the day sheet, the feed,
 * the customer's email.
 */
let t: TestApp;
let me: { cookie: string; csrf: string };
beforeAll(async () => {
  t = await makeTestApp();
  await addMember(t, 'tomas@example.com', 'staff');
  me = await signIn(t, 'tomas@example.com');
});
afterAll(() => t?.close());

const rows = async (sql: string, args: string[] = []) => (await t.db.$client.execute({ sql, args })).rows;

async function changeForm(id: string) {
  const [order] = await rows('SELECT starts_at, fulfillment_type FROM orders WHERE id = ?', [id]);
  const lines = await rows('SELECT id, quantity FROM order_lines WHERE order_id = ?', [id]);
  return {
    _csrf: me.csrf,
    hireDate: String(order?.starts_at).slice(0, 10),
    fulfilment: 'delivery',
    deliveryAddress: '12 Wharf Road, Balmain NSW 2041',
    notes: '',
    addProduct: '',
    addQuantity: '1',
    ...Object.fromEntries(lines.map((line) => [`qty:${line.id}`, String(line.quantity)])),
  } as Record<string, string>;
}

describe('the time agreed for a hand-over', () => {
  it('is set on a change, emailed, and shown on the request, the day sheet and the feed', async () => {
    const date = weekdayAhead(SATURDAY, 44);
    const id = await placeOrder(t, 'slot@example.com', 'pickup', date);
    const form = await changeForm(id);

    const one = await postForm(t, `/team/requests/${id}/change`, { ...form, timeFrom: '09:00' }, me.cookie);
    expect(one.status).toBe(400);
    expect(await one.text()).toContain('Not changed: Give the time as two times of day (from and to), or neither.');
    const backwards = { ...form, timeFrom: '11:00', timeTo: '09:00' };
    const reversed = await postForm(t, `/team/requests/${id}/change`, backwards, me.cookie);
    expect(reversed.status).toBe(400);
    const page = await reversed.text();
    expect(page).toContain('Not changed: The time ends before it starts: check the two times.');
    expect(page).toContain('name="timeFrom" type="time" step="900" value="11:00"');
    expect((await rows('SELECT hand_over_from FROM orders WHERE id = ?', [id]))[0]?.hand_over_from).toBeNull();

    const set = await postForm(
      t,
      `/team/requests/${id}/change`,
      { ...form, timeFrom: '09:00', timeTo: '11:30' },
      me.cookie,
    );
    expect(set.headers.get('location')).toBe(`/team/requests/${id}?done=changed`);
    expect(await rows('SELECT hand_over_from, hand_over_to FROM orders WHERE id = ?', [id])).toEqual([
      { hand_over_from: '09:00', hand_over_to: '11:30' },
    ]);
    const [email] = await rows(
      "SELECT text FROM email_outbox WHERE kind = 'order_changed' AND order_id = ? ORDER BY rowid DESC LIMIT 1",
      [id],
    );
    expect(String(email?.text)).toContain('Time: none agreed, now between 9:00 am and 11:30 am');
    expect(String(email?.text)).toContain('Delivery to 12 Wharf Road, Balmain NSW 2041, between 9:00 am and 11:30 am');

    const window = t.booking.window(date, 'delivery');
    const request = await (await getPage(t, `/team/requests/${id}`, me.cookie)).text();
    expect(request).toMatch(/Out [^<]+? between 9:00 am and 11:30 am, back/);
    const sheet = await (await getPage(t, `/team/calendar/day/${window.from}`, me.cookie)).text();
    expect(sheet).toContain('Delivery to 12 Wharf Road, Balmain NSW 2041, between 9:00 am and 11:30 am');
    const calendar = await (await getPage(t, '/team/calendar', me.cookie)).text();
    const feed = new URL(/id="feed-url" type="url" readonly value="([^"]+)"/.exec(calendar)?.[1] ?? '').pathname;
    expect((await (await t.request(feed)).text()).replace(/\r\n /g, '')).toContain('between 9:00 am and 11:30 am');

    // Cleared: both times empty.
    const cleared = await postForm(t, `/team/requests/${id}/change`, { ...form, timeFrom: '', timeTo: '' }, me.cookie);
    expect(cleared.headers.get('location')).toBe(`/team/requests/${id}?done=changed`);
    expect((await rows('SELECT hand_over_to FROM orders WHERE id = ?', [id]))[0]?.hand_over_to).toBeNull();
  });

  it('is kept with a request taken by phone', async () => {
    const [product] = await rows(
      'SELECT id FROM products WHERE archived = 0 AND show_in_store = 1 AND stock_count > 5 ORDER BY id LIMIT 1',
    );
    const taken = await postForm(
      t,
      '/team/requests/new',
      {
        _csrf: me.csrf,
        name: 'Slot Caller',
        email: '',
        phone: '0400 999 000',
        hireDate: weekdayAhead(SATURDAY, 45),
        fulfilment: 'pickup',
        timeFrom: '14:00',
        timeTo: '15:00',
        'product:0': String(product?.id),
        'quantity:0': '1',
      },
      me.cookie,
    );
    expect(taken.status).toBe(303);
    const id = /\/team\/requests\/(\d+)/.exec(taken.headers.get('location') ?? '')?.[1] ?? '';
    const page = await (await getPage(t, `/team/requests/${id}`, me.cookie)).text();
    expect(page).toMatch(/Out [^<]+? between 2:00 pm and 3:00 pm, back/);
  });
});
