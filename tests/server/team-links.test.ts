import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailSender } from '../../server/mail/sender';
import { folderTransport } from '../../server/mail/transport';
import { signAction, verifyAction } from '../../server/services/action-tokens';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { nextSaturday, written } from '../fixtures/hire-dates';
import { makeTestApp, placeOrder, type TestApp } from './helpers';
import { addMember, getPage, postForm, signIn } from './team-helpers';

/** Issue 24: the team's own email and its Confirm, Decline and Cancel links. */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t?.close());

/** The owner's choice in the workspace's settings: whether a team email's links act without signing in. */
async function linksActAlone(on: boolean) {
  await t.db.$client.execute({
    sql: "UPDATE business_settings SET settings = json_set(settings, '$.email_links_act_without_sign_in', json(?)) WHERE id = 1",
    args: [on ? 'true' : 'false'],
  });
  await t.cache.version.refresh();
  await t.services.settings.fresh();
  expect(t.services.business().emailLinksActWithoutSignIn).toBe(on);
}

const rows = async (sql: string, args: (string | number)[] = []) => (await t.db.$client.execute({ sql, args })).rows;

const saturday = nextSaturday();

/** Places an order (its team email is queued with it) and returns its id and the team email's links. */
async function requestWithLinks(email: string, hireDate = saturday) {
  const orderId = await placeOrder(t, email, 'pickup', hireDate);
  const [team] = await rows("SELECT * FROM email_outbox WHERE kind = 'order_team' AND order_id = ?", [orderId]);
  const text = String(team?.text);
  const link = (action: string) => {
    const match = new RegExp(`^${action}: (\\S+)$`, 'm').exec(text);
    if (!match?.[1]) throw new Error(`No ${action} link in ${text}`);
    return new URL(match[1]).pathname;
  };
  return { orderId, team, links: { confirm: link('Confirm'), decline: link('Decline'), cancel: link('Cancel') } };
}
const holds = (orderId: string) => rows('SELECT state, expires_at FROM order_holds WHERE order_id = ?', [orderId]);
const post = (link: string, form: Record<string, string> = {}) =>
  t.request(link, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });

describe('the team email’s links, by default: the workspace, signed in', () => {
  it('refuses a POST of a link with no session, changing nothing and emailing no one', async () => {
    const { orderId, links } = await requestWithLinks('lou@example.com');
    for (const link of [links.confirm, links.cancel, links.decline]) {
      const answer = await post(link, { note: 'Sorry' });
      expect(answer.status).toBe(403);
      const page = await answer.text();
      expect(page).toContain('Nothing was changed: requests are answered by a signed-in member of the team.');
      expect(page).toContain(`href="/team/requests/${orderId}?act=`);
    }
    expect((await holds(orderId)).map((hold) => hold.state)).toEqual(['held']);
    expect((await rows('SELECT decision FROM orders WHERE id = ?', [orderId]))[0]?.decision).toBeNull();
    expect(
      await rows("SELECT id FROM email_outbox WHERE kind LIKE 'order_%ed' AND order_id = ?", [orderId]),
    ).toHaveLength(0);
  });

  it('opens the request in the workspace, after signing in, with the action one tap away', async () => {
    const { orderId, links } = await requestWithLinks('rua@example.com');
    const opened = await t.request(links.decline);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/team/requests/${orderId}?act=decline`);
    // No session: the workspace asks to sign in, and comes back to the same place.
    const unsigned = await getPage(t, `/team/requests/${orderId}?act=decline`);
    expect(unsigned.status).toBe(303);
    expect(unsigned.headers.get('location')).toBe(
      `/team/sign-in?next=${encodeURIComponent(`/team/requests/${orderId}?act=decline`)}`,
    );
    await addMember(t, 'desk@example.com', 'staff');
    const me = await signIn(t, 'desk@example.com');
    const page = await (await getPage(t, `/team/requests/${orderId}?act=decline`, me.cookie)).text();
    expect(page).toContain('Decline from the team email');
    expect(page).toContain(`<form method="post" action="/team/requests/${orderId}/decline">`);
    const done = await postForm(
      t,
      `/team/requests/${orderId}/decline`,
      { _csrf: me.csrf, note: 'Booked out.' },
      me.cookie,
    );
    expect(done.headers.get('location')).toBe(`/team/requests/${orderId}?done=declined`);
    expect((await holds(orderId)).map((hold) => hold.state)).toEqual(['released']);
    const [logged] = await rows("SELECT actor FROM order_events WHERE order_id = ? AND kind = 'declined'", [orderId]);
    expect(String(logged?.actor)).toMatch(/^team:/);
    // The same link again: nothing to do, and it says so.
    const later = await (await getPage(t, `/team/requests/${orderId}?act=confirm`, me.cookie)).text();
    expect(later).toMatch(/Nothing to do: this request was declined/);
  });

  it('says in the team email that the links open the workspace', async () => {
    const { team } = await requestWithLinks('ari@example.com');
    expect(String(team?.text)).toContain('Workspace: ');
    expect(String(team?.html)).toContain('Each link opens the request in the team workspace with that answer ready');
  });
});

describe('the team email and its links, when the owner lets them act without signing in', () => {
  beforeAll(() => linksActAlone(true));
  afterAll(() => linksActAlone(false));

  it('is queued with the order, to the business, apart from the customer’s email, which never carries the links', async () => {
    const { orderId, team } = await requestWithLinks('kai@example.com');
    expect(team?.to_address).toBe(t.config.businessEmail);
    expect(team?.reply_to).toBe('kai@example.com');
    expect(team?.status).toBe('queued');
    expect(String(team?.subject)).toBe(`Order request ${orderId} for ${written(saturday)}: confirm or decline`);
    const window = `${written(addDays(saturday, -1))} to ${written(addDays(saturday, 2))}`;
    expect(String(team?.text)).toMatch(
      new RegExp(`Free from ${window} with this request counted:\n- .+: \\d+ of \\d+ free`),
    );
    expect(String(team?.text)).toContain(
      `Pickup (Dry Hire): pick up ${written(addDays(saturday, -1))}, return ${written(addDays(saturday, 2))}`,
    );
    expect(String(team?.html)).toContain('kai@example.com');
    const [customer] = await rows("SELECT * FROM email_outbox WHERE kind = 'order_confirmation' AND order_id = ?", [
      orderId,
    ]);
    expect(customer?.to_address).toBe('kai@example.com');
    expect(String(customer?.html)).not.toContain('/team/');
    expect(String(customer?.text)).not.toContain('/team/');
  });

  it('shows the request on GET and changes nothing; the POST confirms once; a second use says when', async () => {
    const { orderId, links } = await requestWithLinks('mia@example.com');
    for (let i = 0; i < 2; i++) {
      const page = await t.request(links.confirm);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('private, no-store');
      const html = await page.text();
      expect(html).toContain(`Confirm order request ${orderId}`);
      expect(html).toContain('<button type="submit">Confirm this request</button>');
    }
    expect((await holds(orderId)).map((hold) => hold.state)).toEqual(['held']);
    expect((await rows('SELECT decision FROM orders WHERE id = ?', [orderId]))[0]?.decision).toBeNull();

    const done = await post(links.confirm);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Done: the request is confirmed. Ava Chen has been emailed.');
    expect(await holds(orderId)).toEqual([{ state: 'confirmed', expires_at: null }]);
    // Acting without a session is the owner's choice, and each use is in the request's history.
    const [logged] = await rows("SELECT actor FROM order_events WHERE order_id = ? AND kind = 'confirmed'", [orderId]);
    expect(logged?.actor).toBe('email link');
    const [told] = await rows("SELECT * FROM email_outbox WHERE kind = 'order_confirmed' AND order_id = ?", [orderId]);
    expect(told?.to_address).toBe('mia@example.com');
    expect(String(told?.subject)).toBe(`Your order request ${orderId} for ${written(saturday)} is confirmed`);

    const again = await post(links.confirm);
    expect(again.status).toBe(409);
    expect(await again.text()).toMatch(/Nothing changed: this request was confirmed \w+day \d+ \w+ \d{4} at \d/);
    expect(
      await rows("SELECT id FROM email_outbox WHERE kind = 'order_confirmed' AND order_id = ?", [orderId]),
    ).toHaveLength(1);
    // Declining after confirming is refused; cancelling a confirmed request is allowed.
    expect(await (await t.request(links.decline)).text()).toContain('Nothing to do: this request was confirmed');
    expect((await post(links.decline)).status).toBe(409);
    const cancelled = await post(links.cancel, { note: 'As we agreed on the phone.' });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.text()).toContain('Done: the request is cancelled. Ava Chen has been emailed.');
    expect((await holds(orderId)).map((hold) => hold.state)).toEqual(['released']);
    const [gone] = await rows("SELECT * FROM email_outbox WHERE kind = 'order_cancelled' AND order_id = ?", [orderId]);
    expect(gone?.to_address).toBe('mia@example.com');
    expect(String(gone?.subject)).toBe(`Your booking ${orderId} for ${written(saturday)} is cancelled`);
    expect(String(gone?.text)).toContain('As we agreed on the phone.');
  });

  it('keeps a cancel link working until the hire is over, months ahead', async () => {
    const far = nextSaturday(20); // about five months ahead
    const { orderId, links } = await requestWithLinks('ida@example.com', far);
    expect((await post(links.confirm)).status).toBe(200);
    try {
      // 60 days on: Confirm and Decline links have expired, Cancel still works.
      t.setNow(new Date(Date.now() + 60 * 86_400_000));
      expect((await post(links.decline)).status).toBe(410);
      const page = await t.request(links.cancel);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<button type="submit">Cancel this request</button>');
      // The day after the hire window ends it has lapsed too.
      t.setNow(new Date(`${addDays(far, 4)}T00:00:00Z`));
      expect((await post(links.cancel)).status).toBe(410);
      t.setNow(new Date(Date.now() + 60 * 86_400_000));
      expect((await post(links.cancel)).status).toBe(200);
    } finally {
      t.setNow(null);
    }
    expect((await holds(orderId)).map((hold) => hold.state)).toEqual(['released']);
  });

  it('declines with the team’s message to the customer, and the item is free again', async () => {
    const { orderId, links } = await requestWithLinks('noa@example.com');
    const [hold] = await rows('SELECT product_id FROM order_holds WHERE order_id = ?', [orderId]);
    const free = async () =>
      (await t.json(`/api/products/${hold?.product_id}?date=${saturday}`)).body.data.attributes.inventory;
    const held = await free();
    expect(held.available).toBeLessThan(held.stock_count);
    const page = await t.request(links.decline);
    expect(await page.text()).toContain('<label for="note">Message to the customer (optional)</label>');
    const done = await post(links.decline, { note: 'The plinths are booked that weekend <sorry>.' });
    expect(await done.text()).toContain('Done: the request is declined.');
    const [told] = await rows("SELECT * FROM email_outbox WHERE kind = 'order_declined' AND order_id = ?", [orderId]);
    expect(String(told?.text)).toContain('The plinths are booked that weekend <sorry>.');
    expect(String(told?.html)).toContain('The plinths are booked that weekend &lt;sorry&gt;.');
    expect((await free()).available).toBe(held.available + 2);
  });

  it('refuses forged, altered and expired links with a clear page, changing nothing', async () => {
    const { orderId, links } = await requestWithLinks('zed@example.com');
    const token = links.confirm.split('/').at(-1) as string;
    const [body, mac] = token.split('.') as [string, string];
    const otherOrder = Buffer.from(Buffer.from(body, 'base64url').toString().replace(`${orderId}.`, '1.')).toString(
      'base64url',
    );
    const cases = [
      signAction('not-the-server-secret-0123456789abcdef', orderId, 'confirm'),
      `${otherOrder}.${mac}`,
      `${Buffer.from(Buffer.from(body, 'base64url').toString().replace('.confirm.', '.cancel.')).toString('base64url')}.${mac}`,
      // The MAC with its second-to-last character changed (a fixed 'AA' was the MAC itself 1 time in 4,096).
      `${body}.${mac.slice(0, -2)}${mac.at(-2) === 'A' ? 'B' : 'A'}A`,
      'nonsense',
    ];
    for (const forged of cases) {
      for (const answer of [await t.request(`/team/requests/${forged}`), await post(`/team/requests/${forged}`)]) {
        expect(answer.status, forged).toBe(403);
        expect(await answer.text()).toContain('This link is not valid');
      }
    }
    t.setNow(new Date(Date.now() + 31 * 86_400_000));
    try {
      const expired = await post(links.confirm);
      expect(expired.status).toBe(410);
      expect(await expired.text()).toContain('This link has expired');
    } finally {
      t.setNow(null);
    }
    expect((await holds(orderId)).map((hold) => hold.state)).toEqual(['held']);
    expect((await rows('SELECT decision FROM orders WHERE id = ?', [orderId]))[0]?.decision).toBeNull();
  });

  it('binds a token to its order and action, and lets it lapse after 30 days', () => {
    const now = new Date('2026-11-23T00:00:00Z');
    const token = signAction('s'.repeat(40), '1042', 'decline', now);
    expect(verifyAction('s'.repeat(40), token, now)).toMatchObject({ ok: true, orderId: '1042', action: 'decline' });
    expect(verifyAction('s'.repeat(40), token, new Date('2026-12-23T00:00:01Z'))).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(verifyAction('t'.repeat(40), token, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('writes every email as an .eml file when there is no SMTP server', async () => {
    const sender = startMailSender({
      db: t.db,
      transport: folderTransport(path.join(t.config.dataDir, 'mail')),
      from: t.config.mailFrom,
      log: { info() {}, warn() {}, error() {} },
    });
    await sender.drained();
    await sender.stop();
    const recorded = await rows("SELECT status FROM email_outbox WHERE kind = 'order_team'");
    expect(recorded.map((row) => row.status)).toEqual(recorded.map(() => 'recorded'));
    const files = await readdir(path.join(t.config.dataDir, 'mail'));
    const team = files.find((file) => file.includes('-order_team-'));
    expect(team).toBeDefined();
    const eml = await readFile(path.join(t.config.dataDir, 'mail', team as string), 'utf8');
    expect(eml).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(eml).toMatch(/^To: team@example\.com/m);
    expect(eml).toMatch(/^From: Storefront <shop@example\.com>/m);
    expect(eml).toContain('/team/requests/');
  });
});
