import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hireExtraDays } from '../../src/lib/api-contract/business-settings';
import { hireUnitCents } from '../../src/lib/api-contract/hire-pricing';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { MONDAY, SATURDAY, weekdayAhead } from '../fixtures/hire-dates';
import { makeTestApp, type TestApp } from './helpers';
import { addMember, getPage, postForm, signIn } from './team-helpers';

/** Issue 48: a request taken by the team (a phone call, a walk-in) through the shop's own booking path. */
let t: TestApp;
let me: { cookie: string; csrf: string };
beforeAll(async () => {
  t = await makeTestApp();
  await addMember(t, 'nina@example.com', 'staff');
  me = await signIn(t, 'nina@example.com');
});
afterAll(() => t?.close());

const rows = async (sql: string, args: (string | number)[] = []) => (await t.db.$client.execute({ sql, args })).rows;
async function someProduct(offset: number) {
  const [row] = await rows(
    `SELECT p.id, p.name, p.stock_count FROM products p JOIN product_groups g ON g.id = p.product_group_id
     WHERE p.archived = 0 AND p.show_in_store = 1 AND g.archived = 0 AND p.stock_count >= 4 ORDER BY p.id LIMIT 1 OFFSET ?`,
    [offset],
  );
  return { id: String(row?.id), name: String(row?.name), stock: Number(row?.stock_count) };
}

describe('a new request from the workspace', () => {
  it('takes a phone order with no email address: held, marked as taken by the member, only the team emailed', async () => {
    const product = await someProduct(3);
    const page = await (await getPage(t, '/team/requests/new', me.cookie)).text();
    expect(page).toContain('<h1>New request</h1>');
    expect(page).toContain(`<option value="${product.id}">`);
    const date = weekdayAhead(SATURDAY, 22);
    const taken = await postForm(
      t,
      '/team/requests/new',
      {
        _csrf: me.csrf,
        name: 'Walter Phone',
        email: '',
        phone: '0400 555 111',
        hireDate: date,
        fulfilment: 'pickup',
        notes: 'Called on Tuesday',
        'product:0': product.id,
        'quantity:0': '2',
      },
      me.cookie,
    );
    expect(taken.status).toBe(303);
    const location = taken.headers.get('location') ?? '';
    expect(location).toMatch(/^\/team\/requests\/\d+\?done=entered$/);
    const id = /requests\/(\d+)/.exec(location)?.[1] ?? '';
    const [customer] = await rows(
      'SELECT c.name, c.email, c.phone FROM customers c JOIN orders o ON o.customer_id = c.id WHERE o.id = ?',
      [id],
    );
    expect(customer).toMatchObject({ name: 'Walter Phone', email: null, phone: '0400 555 111' });
    const holds = await rows('SELECT product_id, quantity, state FROM order_holds WHERE order_id = ?', [id]);
    expect(holds).toMatchObject([{ product_id: product.id, quantity: 2, state: 'held' }]);
    const emails = await rows('SELECT kind, to_address, text FROM email_outbox WHERE order_id = ?', [id]);
    expect(emails.map((e) => e.kind)).toEqual(['order_team']);
    expect(String(emails[0]?.text)).toContain('Email: none (taken by phone)');
    const [event] = await rows("SELECT actor FROM order_events WHERE order_id = ? AND kind = 'entered'", [id]);
    expect(event?.actor).toMatch(/^team:/);
    const request = await (await getPage(t, `/team/requests/${id}?done=entered`, me.cookie)).text();
    expect(request).toContain('Request taken and held');
    expect(request).toContain('Taken by the team · nina@example.com');
    // Confirming it emails no one: there is no address.
    await postForm(t, `/team/requests/${id}/confirm`, { _csrf: me.csrf }, me.cookie);
    expect(
      (await rows("SELECT COUNT(*) AS n FROM email_outbox WHERE order_id = ? AND kind = 'order_confirmed'", [id]))[0]
        ?.n,
    ).toBe(0);
  });

  it('finds a customer the shop knows by email, and emails them as a shop order would', async () => {
    const product = await someProduct(5);
    await t.post('/api/customers', {
      data: {
        type: 'customers',
        attributes: { name: 'Rosa Repeat', email: 'rosa@example.com', phone: '0400 222 333' },
      },
    });
    const taken = await postForm(
      t,
      '/team/requests/new',
      {
        _csrf: me.csrf,
        name: 'Rosa',
        email: 'ROSA@example.com',
        phone: '',
        hireDate: weekdayAhead(SATURDAY, 23),
        fulfilment: 'delivery',
        deliveryAddress: '12 Harbour St, Sydney',
        'product:0': product.id,
        'quantity:0': '1',
      },
      me.cookie,
    );
    const id = /requests\/(\d+)/.exec(taken.headers.get('location') ?? '')?.[1] ?? '';
    const [customer] = await rows(
      'SELECT c.name, c.email FROM customers c JOIN orders o ON o.customer_id = c.id WHERE o.id = ?',
      [id],
    );
    expect(customer).toMatchObject({ name: 'Rosa Repeat', email: 'rosa@example.com' });
    expect((await rows('SELECT COUNT(*) AS n FROM customers WHERE lower(email) = ?', ['rosa@example.com']))[0]?.n).toBe(
      1,
    );
    const kinds = (await rows('SELECT kind FROM email_outbox WHERE order_id = ? ORDER BY kind', [id])).map(
      (e) => e.kind,
    );
    expect(kinds).toEqual(['order_confirmation', 'order_team']);
  });

  it('answers a form it cannot take with 400, keeping what was typed', async () => {
    const product = await someProduct(6);
    const base = {
      _csrf: me.csrf,
      name: 'Kept Name',
      phone: '0400 999 000',
      fulfilment: 'pickup',
      'product:0': product.id,
      'quantity:0': '1',
    };
    const past = await postForm(t, '/team/requests/new', { ...base, email: '', hireDate: '2020-01-04' }, me.cookie);
    expect(past.status).toBe(400);
    const page = await past.text();
    expect(page).toContain('Not taken: The hire date 2020-01-04 is in the past.');
    expect(page).toContain('value="Kept Name"');
    expect(page).toContain(`<option value="${product.id}" selected>`);
    const noItems = await postForm(
      t,
      '/team/requests/new',
      { ...base, email: '', hireDate: weekdayAhead(SATURDAY, 24), 'product:0': '' },
      me.cookie,
    );
    expect(await noItems.text()).toContain('Not taken: Add at least one item.');
    const badEmail = await postForm(
      t,
      '/team/requests/new',
      { ...base, email: 'not-an-address', hireDate: weekdayAhead(SATURDAY, 24) },
      me.cookie,
    );
    expect(await badEmail.text()).toContain('Not taken: That email address does not look right.');
  });

  it('takes a hire of several days, priced by the rule, and changes its last day (issue 60)', async () => {
    const product = await someProduct(7);
    const [priced] = await rows('SELECT base_price_in_cents AS price FROM products WHERE id = ?', [product.id]);
    const price = Number(priced?.price);
    const page = await (await getPage(t, '/team/requests/new', me.cookie)).text();
    expect(page).toContain('<label for="new-last">Last day of use (optional)</label>');
    const first = weekdayAhead(MONDAY, 24);
    const last = addDays(first, 4);
    const taken = await postForm(
      t,
      '/team/requests/new',
      {
        _csrf: me.csrf,
        name: 'Wiremu Week',
        email: '',
        phone: '0400 555 222',
        hireDate: first,
        lastDay: last,
        fulfilment: 'pickup',
        'product:0': product.id,
        'quantity:0': '1',
      },
      me.cookie,
    );
    expect(taken.status).toBe(303);
    const id = /requests\/(\d+)/.exec(taken.headers.get('location') ?? '')?.[1] ?? '';
    const stored = async () =>
      (await rows('SELECT starts_at AS f, stops_at AS l, subtotal_in_cents AS s FROM orders WHERE id = ?', [id]))[0];
    const business = t.services.business();
    const unit = (to: string) => hireUnitCents(price, hireExtraDays(business, first, to), business.hirePricing);
    expect(await stored()).toMatchObject({ f: first, l: last, s: unit(last) });
    expect(unit(last)).toBeGreaterThan(price);
    // The change form shows the last day; a later one is taken and priced.
    const request = await (await getPage(t, `/team/requests/${id}`, me.cookie)).text();
    expect(request).toContain(`name="lastDay" type="date" value="${last}"`);
    const change = (fields: Record<string, string>) =>
      postForm(
        t,
        `/team/requests/${id}/change`,
        { _csrf: me.csrf, hireDate: first, fulfilment: 'pickup', deliveryAddress: '', notes: '', ...fields },
        me.cookie,
      );
    const later = addDays(first, 7);
    const moved = await change({ lastDay: later });
    expect(moved.status, await moved.clone().text()).toBe(303);
    expect(await stored()).toMatchObject({ f: first, l: later, s: unit(later) });
    // Before the hire date: refused by name, nothing changed.
    const refused = await change({ lastDay: addDays(first, -1) });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('The last day of use is before the hire date');
    expect(await stored()).toMatchObject({ l: later });
    // Emptied: one event day at the event price.
    expect((await change({ lastDay: '' })).status).toBe(303);
    expect(await stored()).toMatchObject({ f: first, l: first, s: price });
  });
});
