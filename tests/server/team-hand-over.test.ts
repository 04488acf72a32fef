import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { SATURDAY, weekdayAhead } from '../fixtures/hire-dates';
import { makeTestApp, placeOrder, type TestApp } from './helpers';
import { addMember, getPage, postForm, signIn } from './team-helpers';

/** Issue 48: a booking handed over and returned in the workspace, from the request page and the day sheet. */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  await addMember(t, 'hana@example.com', 'staff');
});
afterAll(() => t?.close());

const at = (day: string) => t.setNow(new Date(`${day}T01:00:00Z`));
const rows = async (sql: string, args: string[] = []) => (await t.db.$client.execute({ sql, args })).rows;

/** A confirmed request, its window, and a staff member signed in at `day`. */
async function confirmedRequest(email: string, nth: number) {
  t.setNow(null);
  const id = await placeOrder(t, email, 'pickup', weekdayAhead(SATURDAY, nth));
  const window = t.booking.window(weekdayAhead(SATURDAY, nth), 'pickup');
  const me = await signIn(t, 'hana@example.com');
  expect((await postForm(t, `/team/requests/${id}/confirm`, { _csrf: me.csrf }, me.cookie)).status).toBe(303);
  return { id, window };
}

describe('hand-over and return in the workspace', () => {
  it('picked up on its first day, then back with one missing: the page says so, and the missing piece stays out', async () => {
    const { id, window } = await confirmedRequest('hand@example.com', 20);
    at(window.from);
    const me = await signIn(t, 'hana@example.com');
    const page = await (await getPage(t, `/team/requests/${id}`, me.cookie)).text();
    expect(page).toContain('<button type="submit">Picked up</button>');
    expect(page).toContain('Cancel request</button>');
    // A day still to come cannot be recorded.
    const future = await postForm(
      t,
      `/team/requests/${id}/hand-over`,
      { _csrf: me.csrf, day: addDays(window.from, 1) },
      me.cookie,
    );
    expect(future.headers.get('location')).toBe(`/team/requests/${id}?done=no_day`);
    const handed = await postForm(t, `/team/requests/${id}/hand-over`, { _csrf: me.csrf, day: window.from }, me.cookie);
    expect(handed.headers.get('location')).toBe(`/team/requests/${id}?done=handed_over`);
    const out = await (await getPage(t, `/team/requests/${id}?done=handed_over`, me.cookie)).text();
    expect(out).toContain('Hand-over recorded.');
    expect(out).not.toContain('Cancel request</button>');
    expect(out).toContain('<button type="submit">Returned</button>');
    const product = /name="missing:([^"]+)"/.exec(out)?.[1] ?? '';
    expect(product).not.toBe('');

    at(window.to);
    const again = await signIn(t, 'hana@example.com');
    // Missing and damaged together are at most what was booked (issue 63), and counts are digits only.
    const [{ booked } = { booked: 0 }] = (await rows(
      "SELECT SUM(quantity) AS booked FROM order_holds WHERE order_id = ? AND product_id = ? AND state = 'confirmed'",
      [id, product],
    )) as unknown as { booked: number }[];
    expect(Number(booked)).toBeGreaterThan(0);
    const tooMany = await postForm(
      t,
      `/team/requests/${id}/return`,
      { _csrf: again.csrf, day: window.to, [`missing:${product}`]: '1', [`damaged:${product}`]: String(booked) },
      again.cookie,
    );
    expect(tooMany.headers.get('location')).toBe(`/team/requests/${id}?done=too_many`);
    for (const typed of ['0x1', '1e0', '1.0', '-0']) {
      const loose = await postForm(
        t,
        `/team/requests/${id}/return`,
        { _csrf: again.csrf, day: window.to, [`missing:${product}`]: typed },
        again.cookie,
      );
      expect(loose.headers.get('location'), typed).toBe(`/team/requests/${id}?done=bad_count`);
    }
    const returned = await postForm(
      t,
      `/team/requests/${id}/return`,
      {
        _csrf: again.csrf,
        day: window.to,
        [`missing:${product}`]: '1',
        [`damaged:${product}`]: '0',
        note: 'One left at the venue',
      },
      again.cookie,
    );
    expect(returned.headers.get('location')).toBe(`/team/requests/${id}?done=returned_partly`);
    const partly = await (await getPage(t, `/team/requests/${id}`, again.cookie)).text();
    expect(partly).toContain('Pieces missing:');
    expect(partly).toMatch(/1 × [^<]+ missing/);
    expect(partly).toContain('One left at the venue');
    const holds = await rows(
      "SELECT quantity, hold_from, hold_to FROM order_holds WHERE order_id = ? AND still_out = 'missing' AND state = 'confirmed'",
      [id],
    );
    expect(holds).toMatchObject([{ quantity: 1, hold_from: addDays(window.to, 1), hold_to: '9999-12-31' }]);
    const list = await (await getPage(t, '/team/requests?state=late', again.cookie)).text();
    expect(list).toContain(`/team/requests/${id}`);
    expect(list).toContain('Pieces missing');
    const activity = await rows("SELECT summary FROM team_activity WHERE subject_id = ? AND kind LIKE 'returned%'", [
      id,
    ]);
    expect(activity.map((row) => row.summary)).toEqual([
      `Recorded request ${id} back on ${window.to}, with pieces missing`,
    ]);
  });

  it('a request not back after its return day is flagged late on the list and the day sheet, where Returned records it', async () => {
    const { id, window } = await confirmedRequest('late@example.com', 24);
    at(window.from);
    const me = await signIn(t, 'hana@example.com');
    await postForm(t, `/team/requests/${id}/hand-over`, { _csrf: me.csrf, day: window.from }, me.cookie);
    const dayAfter = addDays(window.to, 1);
    at(dayAfter);
    await t.sweep();
    const again = await signIn(t, 'hana@example.com');
    const list = await (await getPage(t, '/team/requests?state=late', again.cookie)).text();
    expect(list).toContain(`/team/requests/${id}`);
    expect(list).toMatch(/Late: due back [^<]+</);
    // Its own page says so at the top, where the team reads what it is now (issue 63).
    const own = await (await getPage(t, `/team/requests/${id}`, again.cookie)).text();
    expect(own).toContain('<h2>Now <span class="pill warn">Late</span></h2>');
    const sheet = await (await getPage(t, `/team/calendar/day/${dayAfter}`, again.cookie)).text();
    expect(sheet).toContain('Still out: late or missing');
    expect(sheet).toContain(`action="/team/requests/${id}/return"`);
    const back = await postForm(
      t,
      `/team/requests/${id}/return`,
      { _csrf: again.csrf, day: dayAfter, back: `/team/calendar/day/${dayAfter}` },
      again.cookie,
    );
    expect(back.headers.get('location')).toBe(`/team/calendar/day/${dayAfter}?done=returned`);
    const after = await (await getPage(t, `/team/calendar/day/${dayAfter}?done=returned`, again.cookie)).text();
    expect(after).toContain('Recorded back: its items are free again after the return day.');
    expect(after).not.toContain(`action="/team/requests/${id}/return"`);
    expect(await (await getPage(t, '/team/requests?state=late', again.cookie)).text()).not.toContain(
      `/team/requests/${id}"`,
    );
  });
});
