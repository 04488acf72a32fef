import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SATURDAY, weekdayAhead } from '../fixtures/hire-dates';
import { makeTestApp, placeOrder, type TestApp } from './helpers';
import { addMember, csrfOf, formFields, getPage, postForm, signIn } from './team-helpers';

/** Issue 48: a read-only member sees requests, the calendar and day sheets, and changes nothing. */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t?.close());

const rows = async (sql: string, args: string[] = []) => (await t.db.$client.execute({ sql, args })).rows;

describe('a read-only member', () => {
  it('can be invited as such by an owner, and reads as “Read-only” on the team page', async () => {
    await addMember(t, 'olive@example.com', 'owner');
    const owner = await signIn(t, 'olive@example.com');
    const staffPage = await (await getPage(t, '/team/staff', owner.cookie)).text();
    expect(staffPage).toContain(
      '<option value="viewer">Read-only: sees requests, the calendar and day sheets; changes nothing</option>',
    );
    const invited = await postForm(
      t,
      '/team/staff',
      { _csrf: owner.csrf, email: 'rita@example.com', name: 'Rita', role: 'viewer' },
      owner.cookie,
    );
    expect(invited.headers.get('location')).toBe('/team/staff?done=invited');
    expect((await rows("SELECT role FROM team_members WHERE email = 'rita@example.com'"))[0]?.role).toBe('viewer');
    expect(await (await getPage(t, '/team/staff', owner.cookie)).text()).toContain('rita@example.com · Read-only');
  });

  it('made an owner by inviting the address again as one: said, and logged with before and after (issue 63)', async () => {
    await addMember(t, 'vera@example.com', 'viewer');
    const owner = await signIn(t, 'olive@example.com');
    const again = await postForm(
      t,
      '/team/staff',
      { _csrf: owner.csrf, email: 'vera@example.com', name: 'Vera', role: 'owner' },
      owner.cookie,
    );
    expect(again.headers.get('location')).toBe('/team/staff?done=promoted');
    expect(await (await getPage(t, '/team/staff?done=promoted', owner.cookie)).text()).toContain(
      'That address was on the team already: it is now an owner (the activity log has the change).',
    );
    expect((await rows("SELECT role FROM team_members WHERE email = 'vera@example.com'"))[0]?.role).toBe('owner');
    const logged = await rows("SELECT summary, before, after FROM team_activity WHERE kind = 'role_change'");
    expect(logged.map((row) => [row.summary, JSON.parse(String(row.before)), JSON.parse(String(row.after))])).toEqual([
      ['Made vera@example.com an owner (was viewer)', { role: 'viewer' }, { role: 'owner' }],
    ]);
    // The same again changes nothing, and says so.
    const same = await postForm(
      t,
      '/team/staff',
      { _csrf: owner.csrf, email: 'vera@example.com', name: 'Vera', role: 'owner' },
      owner.cookie,
    );
    expect(same.headers.get('location')).toBe('/team/staff?done=exists');
    expect(await rows("SELECT id FROM team_activity WHERE kind = 'role_change'")).toHaveLength(1);
  });

  it('sees requests, the calendar, a day sheet and items, with no action offered', async () => {
    const id = await placeOrder(t, 'seen@example.com', 'pickup', weekdayAhead(SATURDAY, 9));
    await addMember(t, 'vic@example.com', 'viewer');
    const me = await signIn(t, 'vic@example.com');
    for (const path of ['/team/requests', '/team/calendar', `/team/requests/${id}`, '/team/items']) {
      expect((await getPage(t, path, me.cookie)).status, path).toBe(200);
    }
    const request = await (await getPage(t, `/team/requests/${id}?act=confirm`, me.cookie)).text();
    expect(request).toContain('Your role is read-only: you can see this request; staff and owners answer it.');
    expect(request).not.toContain('Confirm request</button>');
    expect(request).not.toContain('Cancel request</button>');
    const [group] = await rows('SELECT id FROM product_groups ORDER BY id LIMIT 1');
    const item = await (await getPage(t, `/team/items/groups/${group?.id}`, me.cookie)).text();
    expect(item).toContain('Your role is read-only: you can see this item');
    expect(item).not.toContain('<button type="submit">Save</button>');
  });

  it('is refused every write, changing nothing; signing out still works', async () => {
    const id = await placeOrder(t, 'kept@example.com', 'pickup', weekdayAhead(SATURDAY, 10));
    await addMember(t, 'val@example.com', 'viewer');
    const me = await signIn(t, 'val@example.com');
    const events = await rows('SELECT COUNT(*) AS n FROM order_events WHERE order_id = ?', [id]);
    const [group] = await rows('SELECT id, name FROM product_groups ORDER BY id LIMIT 1');
    const writes: [string, Record<string, string>][] = [
      [`/team/requests/${id}/confirm`, {}],
      [`/team/requests/${id}/decline`, { note: 'no' }],
      [`/team/requests/${id}/cancel`, {}],
      [`/team/requests/${id}/extend`, { days: '3' }],
      [`/team/requests/${id}/note`, { text: 'hello' }],
      [`/team/requests/${id}/hand-over`, { day: '2026-01-01' }],
      [`/team/requests/${id}/return`, { day: '2026-01-01' }],
      [`/team/requests/${id}/change`, { hireDate: '2030-01-05', fulfilment: 'pickup' }],
      ['/team/requests/new', { name: 'Phone Order', hireDate: '2030-01-05', fulfilment: 'pickup' }],
      [`/team/items/groups/${group?.id}`, { name: 'Renamed' }],
      ['/team/settings', { name: 'Taken Over' }],
      ['/team/staff', { email: 'friend@example.com', role: 'owner' }],
    ];
    for (const [path, form] of writes) {
      const answer = await postForm(t, path, { _csrf: me.csrf, ...form }, me.cookie);
      expect(answer.status, path).toBe(403);
      expect(await answer.text(), path).toContain('your role is read-only');
    }
    expect((await rows('SELECT decision FROM orders WHERE id = ?', [id]))[0]?.decision).toBeNull();
    expect(await rows('SELECT COUNT(*) AS n FROM order_events WHERE order_id = ?', [id])).toEqual(events);
    expect((await rows('SELECT name FROM product_groups WHERE id = ?', [String(group?.id)]))[0]?.name).toBe(
      group?.name,
    );
    expect(await rows("SELECT id FROM team_members WHERE email = 'friend@example.com'")).toHaveLength(0);
    const out = await postForm(
      t,
      '/team/sign-out',
      { _csrf: csrfOf(await (await getPage(t, '/team/account', me.cookie)).text()) },
      me.cookie,
    );
    expect(out.status).toBe(303);
    expect((await getPage(t, '/team/requests', me.cookie)).status).toBe(303);
  });
});

describe('what the owner lets staff do', () => {
  /** The owner's two switches, as the workspace's settings save them. */
  async function staffLimits(prices: boolean, cancel: boolean) {
    await t.db.$client.execute({
      sql: "UPDATE business_settings SET settings = json_set(settings, '$.staff_may_change_prices', json(?), '$.staff_may_cancel_confirmed', json(?)) WHERE id = 1",
      args: [String(prices), String(cancel)],
    });
    await t.cache.version.refresh();
    await t.services.settings.fresh();
  }

  it('keeps prices to owners when the owner says so; stock and names stay open to staff', async () => {
    await staffLimits(false, true);
    await addMember(t, 'sal@example.com', 'staff');
    const staff = await signIn(t, 'sal@example.com');
    const [product] = await rows(
      'SELECT p.id, p.product_group_id AS g, p.base_price_in_cents AS price, p.stock_count AS stock FROM products p WHERE p.archived = 0 ORDER BY p.id LIMIT 1',
    );
    const path = `/team/items/groups/${product?.g}`;
    const form = formFields(await (await getPage(t, path, staff.cookie)).text());
    const repriced = await postForm(t, path, { ...form, [`p.${product?.id}.price`]: '999.00' }, staff.cookie);
    expect(repriced.status).toBe(403);
    expect(await repriced.text()).toContain('Not saved: only an owner can change prices here');
    expect(
      (await rows('SELECT base_price_in_cents AS price FROM products WHERE id = ?', [String(product?.id)]))[0]?.price,
    ).toBe(product?.price);
    const restocked = await postForm(
      t,
      path,
      { ...form, [`p.${product?.id}.stock`]: String(Number(product?.stock) + 1) },
      staff.cookie,
    );
    expect(restocked.status).toBe(303);
    // An owner still changes prices.
    await addMember(t, 'oona@example.com', 'owner');
    const owner = await signIn(t, 'oona@example.com');
    const ownerForm = formFields(await (await getPage(t, path, owner.cookie)).text());
    expect((await postForm(t, path, { ...ownerForm, [`p.${product?.id}.price`]: '999.00' }, owner.cookie)).status).toBe(
      303,
    );
    await staffLimits(true, true);
  });

  it('keeps cancelling a confirmed booking to owners when the owner says so; staff still cancel open requests', async () => {
    await staffLimits(true, false);
    await addMember(t, 'stu@example.com', 'staff');
    const staff = await signIn(t, 'stu@example.com');
    const confirmed = await placeOrder(t, 'held-fast@example.com', 'pickup', weekdayAhead(SATURDAY, 11));
    await postForm(t, `/team/requests/${confirmed}/confirm`, { _csrf: staff.csrf }, staff.cookie);
    const refused = await postForm(t, `/team/requests/${confirmed}/cancel`, { _csrf: staff.csrf }, staff.cookie);
    expect(refused.headers.get('location')).toBe(`/team/requests/${confirmed}?done=not_allowed`);
    expect((await rows('SELECT decision FROM orders WHERE id = ?', [confirmed]))[0]?.decision).toBe('confirmed');
    expect(await (await getPage(t, `/team/requests/${confirmed}?done=not_allowed`, staff.cookie)).text()).toContain(
      'Not cancelled: only an owner can cancel a confirmed booking here',
    );
    const open = await placeOrder(t, 'still-open@example.com', 'pickup', weekdayAhead(SATURDAY, 12));
    const cancelled = await postForm(t, `/team/requests/${open}/cancel`, { _csrf: staff.csrf }, staff.cookie);
    expect(cancelled.headers.get('location')).toBe(`/team/requests/${open}?done=cancelled`);
    await staffLimits(true, true);
  });
});
