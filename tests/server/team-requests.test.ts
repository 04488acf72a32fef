import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { daysFromToday, SATURDAY, weekdayAhead, written } from '../fixtures/hire-dates';
import { makeTestApp, orderAsNewCustomer, placeOrder, type TestApp } from './helpers';
import { addMember, getPage, postForm, signIn } from './team-helpers';

/** Issue 33: the team's requests, in the workspace: list, page and actions through the booking module. */
let t: TestApp;
let owner: { cookie: string; csrf: string };
let staff: { cookie: string; csrf: string };
beforeAll(async () => {
  t = await makeTestApp();
  await addMember(t, 'owner@example.com', 'owner', 'Olive Owner');
  await addMember(t, 'sam@example.com', 'staff', 'Sam Staff');
  owner = await signIn(t, 'owner@example.com');
  staff = await signIn(t, 'sam@example.com');
});
afterAll(() => t?.close());

const rows = async (sql: string, args: (string | number)[] = []) => (await t.db.$client.execute({ sql, args })).rows;
const page = async (path: string, who = staff) => {
  const response = await getPage(t, path, who.cookie);
  return { status: response.status, html: await response.text() };
};
const act = (path: string, form: Record<string, string> = {}, who = staff) =>
  postForm(t, path, { ...form, _csrf: who.csrf }, who.cookie);
const holdStates = async (orderId: string) => [
  ...new Set((await rows('SELECT state FROM order_holds WHERE order_id = ?', [orderId])).map((r) => String(r.state))),
];

describe('the request list', () => {
  it('lists requests that need an answer, soonest first, and finds them by number, name, email and hire date', async () => {
    const later = weekdayAhead(SATURDAY, 6);
    const sooner = weekdayAhead(SATURDAY, 5);
    const a = await placeOrder(t, 'list-later@example.com', 'pickup', later);
    const b = await placeOrder(t, 'list-sooner@example.com', 'delivery', sooner);
    const open = await page('/team/requests');
    expect(open.status).toBe(200);
    expect(open.html.indexOf(`Request ${b}:`)).toBeLessThan(open.html.indexOf(`Request ${a}:`));
    expect(open.html).toContain('aria-current="page">Needs an answer</a>');
    expect((await page(`/team/requests?q=${a}`)).html).toContain(`Request ${a}:`);
    expect((await page(`/team/requests?q=${a}`)).html).not.toContain(`Request ${b}:`);
    expect((await page('/team/requests?q=LIST-SOONER')).html).toContain(`Request ${b}:`);
    const dated = await page(`/team/requests?from=${later}&to=${later}`);
    expect(dated.html).toContain(`Request ${a}:`);
    expect(dated.html).not.toContain(`Request ${b}:`);
    // Anything typed is a search, never a crash or SQL.
    const odd = await page(`/team/requests?q=${encodeURIComponent("%' OR 1=1 --")}&from=soon&state=bogus&page=-3`);
    expect(odd.status).toBe(200);
    expect(odd.html).toContain('No requests match.');
  });

  it('files requests under their state: lapsing within 24 h, manual processing, confirmed, declined, cancelled', async () => {
    const date = weekdayAhead(SATURDAY, 7);
    const lapsing = await placeOrder(t, 'lapsing@example.com', 'pickup', date);
    // Its hold lapses within a day: 7 days from now, seen 6.5 days on.
    t.setNow(new Date(Date.now() + 6.5 * 86_400_000));
    try {
      // Days later: a new session (the last one went idle).
      const list = await page('/team/requests?state=lapsing', await signIn(t, 'sam@example.com'));
      expect(list.html).toContain(`Request ${lapsing}:`);
      expect(list.html).toContain('aria-current="page">Lapsing within 24 h</a>');
    } finally {
      t.setNow(null);
    }
    expect((await page('/team/requests?state=lapsing')).html).not.toContain(`Request ${lapsing}:`);

    const [product] = await rows(
      'SELECT id, stock_count FROM products WHERE archived = 0 AND show_in_store = 1 AND stock_count BETWEEN 1 AND 3 LIMIT 1',
    );
    const big = await orderAsNewCustomer(t, String(product?.id), Number(product?.stock_count) + 1, date);
    const manualId = String(big.body.order.data.id);
    expect((await page('/team/requests?state=manual')).html).toContain(`Request ${manualId}:`);
    expect((await page('/team/requests')).html).not.toContain(`Request ${manualId}:`);

    expect((await act(`/team/requests/${lapsing}/decline`)).status).toBe(303);
    expect((await page('/team/requests?state=declined')).html).toContain(`Request ${lapsing}:`);
    expect((await page('/team/requests')).html).not.toContain(`Request ${lapsing}:`);
  });
});

describe('a request’s page', () => {
  it('shows the customer, lines with photos, the window, totals with GST, what is free, its emails and history', async () => {
    const date = weekdayAhead(SATURDAY, 8);
    const id = await placeOrder(t, 'detail@example.com', 'pickup', date, { order_notes: 'Side gate, please' });
    const { status, html } = await page(`/team/requests/${id}`);
    expect(status).toBe(200);
    expect(html).toContain(`<h1>Request ${id}</h1>`);
    expect(html).toContain('Ava Chen');
    expect(html).toContain('detail@example.com');
    expect(html).toContain('Side gate, please');
    const [line] = await rows('SELECT title, quantity, price_in_cents FROM order_lines WHERE order_id = ?', [id]);
    expect(html).toContain(String(line?.title));
    expect(html).toMatch(/<img src="\/photos\/[^"]+"/);
    const subtotal = Number(line?.quantity) * Number(line?.price_in_cents);
    const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-AU', { minimumFractionDigits: 2 })}`;
    expect(html).toContain(`<dt>Subtotal</dt><dd>${dollars(subtotal)}</dd>`);
    expect(html).toContain(`<dt>GST (10%)</dt><dd>${dollars(Math.round(subtotal * 0.1))}</dd>`);
    expect(html).toContain(`<dd class="sum">${dollars(subtotal + Math.round(subtotal * 0.1))}</dd>`);
    const short = (d: string) =>
      new Date(`${d}T00:00:00Z`).toLocaleDateString('en-AU', {
        timeZone: 'UTC',
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      });
    expect(html).toContain(`Out ${short(addDays(date, -1))}, back ${short(addDays(date, 2))}`);
    expect(html).toMatch(/needs 2, \d+ of \d+ free/);
    expect(html).toContain('Request received (to the customer)');
    expect(html).toContain('New request (to the team)');
    expect(html).toContain('Waiting to send');
    expect(html).toContain('Requested by Ava Chen');
    expect(html).toContain(`Holding its items ${written(addDays(date, -1))} to ${written(addDays(date, 2))}`);
  });

  it('answers 404 for a request that does not exist, and never shows another page for an odd id', async () => {
    expect((await page('/team/requests/999999')).status).toBe(404);
    expect((await page('/team/requests/abc')).status).toBe(403); // not a number: read as an (invalid) email link
    expect((await act('/team/requests/999999/confirm')).status).toBe(404);
    expect((await act('/team/requests/999999/note', { text: 'x' })).status).toBe(404);
  });
});

describe('acting on a request at any time', () => {
  it('confirms through the booking module: holds confirmed, the customer emailed, the log says who', async () => {
    const id = await placeOrder(t, 'confirm-me@example.com', 'pickup', weekdayAhead(SATURDAY, 9));
    const done = await act(`/team/requests/${id}/confirm`);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/team/requests/${id}?done=confirmed`);
    expect(await holdStates(id)).toEqual(['confirmed']);
    const [mail] = await rows("SELECT to_address FROM email_outbox WHERE kind = 'order_confirmed' AND order_id = ?", [
      id,
    ]);
    expect(mail?.to_address).toBe('confirm-me@example.com');
    const after = await page(`/team/requests/${id}?done=confirmed`);
    expect(after.html).toContain('Confirmed: the customer has been emailed.');
    expect(after.html).toContain('Confirmed · sam@example.com');
    // Twice: nothing changes, and it says so.
    expect((await act(`/team/requests/${id}/confirm`)).headers.get('location')).toBe(
      `/team/requests/${id}?done=unchanged`,
    );
    expect(
      (await rows("SELECT COUNT(*) AS n FROM email_outbox WHERE kind = 'order_confirmed' AND order_id = ?", [id]))[0]
        ?.n,
    ).toBe(1);
    const log = await page(`/team/activity?kind=confirmed`, owner);
    expect(log.html).toContain(`Confirmed request ${id}`);
    expect(log.html).toContain('sam@example.com');
  });

  it('cancels a confirmed booking for an event months away, with a message to the customer', async () => {
    const far = daysFromToday(200);
    const id = await placeOrder(t, 'far-away@example.com', 'pickup', far);
    await act(`/team/requests/${id}/confirm`);
    const done = await act(`/team/requests/${id}/cancel`, { note: 'The marquee is booked out, sorry.' });
    expect(done.headers.get('location')).toBe(`/team/requests/${id}?done=cancelled`);
    expect(await holdStates(id)).toEqual(['released']);
    const [mail] = await rows("SELECT text FROM email_outbox WHERE kind = 'order_cancelled' AND order_id = ?", [id]);
    expect(String(mail?.text)).toContain('The marquee is booked out, sorry.');
    expect((await page(`/team/requests/${id}`)).html).toContain('“The marquee is booked out, sorry.”');
  });

  it('extends a hold, and holds a lapsed one again only while everything is still free', async () => {
    const id = await placeOrder(t, 'extend-me@example.com', 'pickup', weekdayAhead(SATURDAY, 10));
    const [before] = await rows('SELECT expires_at FROM order_holds WHERE order_id = ?', [id]);
    const done = await act(`/team/requests/${id}/extend`, { days: '3' });
    expect(done.headers.get('location')).toBe(`/team/requests/${id}?done=extended`);
    const [after] = await rows('SELECT expires_at FROM order_holds WHERE order_id = ?', [id]);
    expect(new Date(String(after?.expires_at)).getTime() - new Date(String(before?.expires_at)).getTime()).toBe(
      3 * 86_400_000,
    );
    expect((await act(`/team/requests/${id}/extend`, { days: '99' })).status).toBe(400);

    // Lapsed: the sweep lets it go; extending holds it again from now.
    t.setNow(new Date(Date.now() + 11 * 86_400_000));
    try {
      await t.sweep();
      expect(await holdStates(id)).toEqual(['lapsed']);
      const later = await signIn(t, 'sam@example.com');
      expect((await act(`/team/requests/${id}/extend`, { days: '2' }, later)).headers.get('location')).toBe(
        `/team/requests/${id}?done=extended`,
      );
      expect(await holdStates(id)).toEqual(['held']);
      const [held] = await rows('SELECT expires_at FROM order_holds WHERE order_id = ?', [id]);
      const lapsedAt = new Date(String(after?.expires_at)).getTime();
      expect(new Date(String(held?.expires_at)).getTime()).toBeGreaterThan(lapsedAt + 86_400_000);
      expect((await page('/team/activity?kind=extended', later)).html).toContain(
        `Extended the hold of request ${id} by 2 days`,
      );
    } finally {
      t.setNow(null);
    }
  });

  it('refuses to hold a lapsed request again when its stock went to another meanwhile', async () => {
    const date = weekdayAhead(SATURDAY, 11);
    const [product] = await rows(
      'SELECT id, stock_count FROM products WHERE archived = 0 AND show_in_store = 1 AND stock_count BETWEEN 2 AND 6 LIMIT 1',
    );
    const all = Number(product?.stock_count);
    const first = String((await orderAsNewCustomer(t, String(product?.id), all, date)).body.order.data.id);
    t.setNow(new Date(Date.now() + 8 * 86_400_000));
    try {
      await t.sweep();
      const second = await orderAsNewCustomer(t, String(product?.id), all, date);
      expect(second.status).toBe(201);
      const later = await signIn(t, 'sam@example.com');
      const refused = await act(`/team/requests/${first}/extend`, { days: '3' }, later);
      expect(refused.headers.get('location')).toBe(`/team/requests/${first}?done=extend_refused`);
      expect(await holdStates(first)).toEqual(['lapsed']);
      expect((await page(`/team/requests/${first}?done=extend_refused`, later)).html).toContain(
        'Not extended: it is short on its dates now.',
      );
    } finally {
      t.setNow(null);
    }
  });

  it('keeps private notes on the request and in the log, never in an email', async () => {
    const id = await placeOrder(t, 'noted@example.com', 'pickup', weekdayAhead(SATURDAY, 12));
    const mails = (await rows('SELECT COUNT(*) AS n FROM email_outbox WHERE order_id = ?', [id]))[0]?.n;
    expect((await act(`/team/requests/${id}/note`, { text: 'Called her: wants ivory, not white.' })).status).toBe(303);
    expect((await act(`/team/requests/${id}/note`, { text: '   ' })).headers.get('location')).toBe(
      `/team/requests/${id}?done=empty_note`,
    );
    const shown = await page(`/team/requests/${id}`);
    expect(shown.html).toContain('Called her: wants ivory, not white.');
    expect(shown.html).toContain('Private note · sam@example.com');
    expect((await rows('SELECT COUNT(*) AS n FROM email_outbox WHERE order_id = ?', [id]))[0]?.n).toBe(mails);
    expect((await page('/team/activity?kind=note', owner)).html).toContain(`Noted on request ${id}`);
  });

  it('logs an answer given through an email link as such (when the owner lets links act), and the link’s page leads to the workspace', async () => {
    const linksActAlone = async (on: boolean) => {
      await t.db.$client.execute(
        `UPDATE business_settings SET settings = json_set(settings, '$.email_links_act_without_sign_in', json('${on}')) WHERE id = 1`,
      );
      await t.cache.version.refresh();
      await t.services.settings.fresh();
    };
    await linksActAlone(true);
    onTestFinished(() => linksActAlone(false));
    const id = await placeOrder(t, 'by-link@example.com', 'pickup', weekdayAhead(SATURDAY, 13));
    const [team] = await rows("SELECT text, html FROM email_outbox WHERE kind = 'order_team' AND order_id = ?", [id]);
    const link = new URL(/^Decline: (\S+)$/m.exec(String(team?.text))?.[1] as string).pathname;
    // The email itself leads to the request's page in the workspace too.
    expect(String(team?.text)).toMatch(new RegExp(`^Workspace: http\\S+/team/requests/${id}$`, 'm'));
    expect(String(team?.html)).toMatch(
      new RegExp(`/team/requests/${id}" style="[^"]*">Open it in the team workspace</a>`),
    );
    const linkPage = await t.request(link);
    expect(await linkPage.text()).toContain(
      `<a href="/team/requests/${id}">Open this request in the team workspace</a>`,
    );
    const done = await t.request(link, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'note=',
    });
    expect(done.status).toBe(200);
    const log = await page('/team/activity?actor=email+link', owner);
    expect(log.html).toContain(`Declined request ${id} through an email link`);
    expect(log.html).toContain('An email link');
    expect((await page(`/team/requests/${id}`)).html).toContain('Declined · email link');
  });
});

describe('racing', () => {
  it('holds lapsed requests again, all at once, never past the stock', async () => {
    const date = weekdayAhead(SATURDAY, 15);
    const [product] = await rows(
      'SELECT id, stock_count FROM products WHERE archived = 0 AND show_in_store = 1 AND stock_count BETWEEN 2 AND 6 ORDER BY id DESC LIMIT 1',
    );
    const stock = Number(product?.stock_count);
    // Four requests that each want all of it: the first holds, the rest go to manual processing.
    const ids: string[] = [];
    for (let i = 0; i < 4; i++)
      ids.push(String((await orderAsNewCustomer(t, String(product?.id), stock, date)).body.order.data.id));
    t.setNow(new Date(Date.now() + 8 * 86_400_000));
    try {
      await t.sweep();
      const later = await signIn(t, 'sam@example.com');
      const outcomes = await Promise.all(
        ids.map((id) =>
          act(`/team/requests/${id}/extend`, { days: '2' }, later).then((r) => r.headers.get('location')),
        ),
      );
      expect(outcomes.filter((l) => l?.endsWith('done=extended'))).toHaveLength(1);
      expect(outcomes.filter((l) => l?.endsWith('done=extend_refused'))).toHaveLength(3);
      const held = await rows(
        "SELECT COALESCE(SUM(quantity), 0) AS n FROM order_holds WHERE product_id = ? AND state IN ('held', 'confirmed') AND hold_from <= ? AND hold_to >= ?",
        [String(product?.id), date, date],
      );
      expect(Number(held[0]?.n)).toBe(stock);
    } finally {
      t.setNow(null);
    }
  });
});
