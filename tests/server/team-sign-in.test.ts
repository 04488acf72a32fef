import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken } from '../../server/services/team/tokens';
import { makeTestApp, type TestApp } from './helpers';
import { addMember, csrfOf, emailedLink, getPage, ORIGIN, postForm, sessionCookieOf, signIn } from './team-helpers';

/** Issue 33: accounts, sign-in by emailed link, sessions, CSRF and the guard on every team page. */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  await addMember(t, 'owner@example.com', 'owner', 'Olive Owner');
  await addMember(t, 'sam@example.com', 'staff', 'Sam Staff');
  await addMember(t, 'kim@example.com', 'staff', 'Kim Staff');
});
afterAll(() => t?.close());

const rows = async (sql: string, args: (string | number)[] = []) => (await t.db.$client.execute({ sql, args })).rows;
const minutes = (n: number) => new Date(Date.now() + n * 60_000);

describe('signing in by an emailed one-time link', () => {
  it('emails a link that signs in once, with a __Host- session cookie rotated at sign-in', async () => {
    const asked = await postForm(t, '/team/sign-in', { email: 'Owner@Example.com', next: '/team/activity' });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('If owner@example.com has a workspace account, a sign-in link is on its way.');
    const link = await emailedLink(t, 'owner@example.com');
    expect(link).toMatch(/^\/team\/sign-in\/[A-Za-z0-9_-]{43}\?next=%2Fteam%2Factivity$/);
    const [email] = await rows(
      "SELECT payload, subject FROM email_outbox WHERE kind = 'team_sign_in' ORDER BY rowid DESC",
    );
    expect(String(email?.payload)).not.toContain(link.split('/').at(-1)?.split('?')[0]);

    // Following the link (a mail scanner does) signs nobody in: it shows a button.
    const before = (await rows('SELECT COUNT(*) AS n FROM team_sessions'))[0]?.n;
    const page = await getPage(t, link);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(await page.text()).toContain('Signing in as <strong>owner@example.com</strong>');
    expect((await rows('SELECT COUNT(*) AS n FROM team_sessions'))[0]?.n).toBe(before);

    // Behind the shop's HTTPS proxy (TRUST_PROXY): a __Host- cookie, Secure.
    const used = await t.request(link.split('?')[0] as string, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'https://localhost',
        'X-Forwarded-Proto': 'https',
      },
      body: 'next=%2Fteam%2Factivity',
    });
    expect(used.status).toBe(303);
    expect(used.headers.get('location')).toBe('/team/activity');
    const setCookie = used.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(
      /^__Host-team-session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    const cookie = sessionCookieOf(used) as string;
    const activity = await getPage(t, '/team/activity', cookie);
    expect(activity.status).toBe(200);
    expect(await activity.text()).toContain('Signed in with an emailed link');

    // Used once: a second use is refused, and signs nobody in.
    const again = await postForm(t, link.split('?')[0] as string, {});
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('This sign-in link has been used already');
    expect(sessionCookieOf(again)).toBeNull();
  });

  it('sets a plain (not Secure) cookie over plain HTTP, where browsers would drop a Secure one', async () => {
    await postForm(t, '/team/sign-in', { email: 'kim@example.com' });
    const link = (await emailedLink(t, 'kim@example.com')).split('?')[0] as string;
    const used = await postForm(t, link, {});
    expect(used.headers.getSetCookie().join('\n')).toMatch(
      /^team-session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect((await getPage(t, '/team/requests', sessionCookieOf(used) as string)).status).toBe(200);
  });

  it('answers an unknown or removed address exactly as a known one, and emails nothing', async () => {
    const before = (await rows("SELECT COUNT(*) AS n FROM email_outbox WHERE kind = 'team_sign_in'"))[0]?.n;
    const asked = await postForm(t, '/team/sign-in', { email: 'stranger@example.com' });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('If stranger@example.com has a workspace account');
    expect((await rows("SELECT COUNT(*) AS n FROM email_outbox WHERE kind = 'team_sign_in'"))[0]?.n).toBe(before);
  });

  it('refuses a link after 15 minutes', async () => {
    await postForm(t, '/team/sign-in', { email: 'kim@example.com' });
    const link = (await emailedLink(t, 'kim@example.com')).split('?')[0] as string;
    t.setNow(minutes(16));
    try {
      const late = await postForm(t, link, {});
      expect(late.status).toBe(410);
      expect(await late.text()).toContain('This sign-in link has expired');
      expect(sessionCookieOf(late)).toBeNull();
    } finally {
      t.setNow(null);
    }
  });

  it('refuses a guessed link, and a sign-in form posted from another site', async () => {
    const guessed = await postForm(t, `/team/sign-in/${randomToken()}`, {});
    expect(guessed.status).toBe(404);
    expect(sessionCookieOf(guessed)).toBeNull();
    expect((await getPage(t, '/team/sign-in/not-a-token')).status).toBe(404);
    const foreign = await postForm(
      t,
      '/team/sign-in',
      { email: 'owner@example.com' },
      undefined,
      'https://evil.example',
    );
    expect(foreign.status).toBe(403);
    const noOrigin = await postForm(t, '/team/sign-in', { email: 'owner@example.com' }, undefined, '');
    expect(noOrigin.status).toBe(403);
    // A browser that withholds the origin ('null') says where the form came from in Sec-Fetch-Site.
    const form = (origin: string, site: string) =>
      t.request('/team/sign-in', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin, 'Sec-Fetch-Site': site },
        body: 'email=owner%40example.com',
      });
    expect((await form('null', 'cross-site')).status).toBe(403);
    expect((await form('null', 'same-origin')).status).toBe(200);
    expect((await getPage(t, '/team/sign-in')).headers.get('referrer-policy')).toBe('same-origin');
  });

  it('limits sign-in links per address and per IP', async () => {
    const limited = await makeTestApp({
      rateLimits: { teamSignIn: { limit: 3, windowMs: 900_000 }, teamSignInIp: { limit: 5, windowMs: 900_000 } },
    });
    try {
      await addMember(limited, 'sam@example.com');
      const ask = async (email: string) => (await postForm(limited, '/team/sign-in', { email })).status;
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push(await ask('sam@example.com'));
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(await ask('other@example.com')).toBe(429); // the IP's sixth of 5
      const refused = await postForm(limited, '/team/sign-in', { email: 'third@example.com' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.text()).toContain('Too many sign-in links were asked for.');
      // Guessing links from one address meets the same per-IP limit.
      expect((await postForm(limited, `/team/sign-in/${randomToken()}`, {})).status).toBe(429);
      const [sent] = (
        await limited.db.$client.execute("SELECT COUNT(*) AS n FROM email_outbox WHERE kind = 'team_sign_in'")
      ).rows;
      expect(sent?.n).toBe(3);
    } finally {
      await limited.close();
    }
  });

  it('ends a session brought to sign-in (no fixation): the new cookie is new, the old one signs nobody in', async () => {
    const first = await signIn(t, 'kim@example.com');
    await postForm(t, '/team/sign-in', { email: 'kim@example.com' });
    const link = (await emailedLink(t, 'kim@example.com')).split('?')[0] as string;
    const used = await postForm(t, link, {}, first.cookie);
    const second = sessionCookieOf(used) as string;
    expect(second).not.toBe(first.cookie);
    expect((await getPage(t, '/team/requests', first.cookie)).status).toBe(303);
    expect((await getPage(t, '/team/requests', second)).status).toBe(200);
  });
});

describe('the guard on every team page', () => {
  it('sends a visitor without a session to sign in, and shows them nothing of a request', async () => {
    for (const path of ['/team', '/team/requests', '/team/requests/1001', '/team/activity', '/team/staff']) {
      const page = await getPage(t, path);
      expect(page.status, path).toBe(303);
      expect(page.headers.get('location'), path).toBe(`/team/sign-in?next=${encodeURIComponent(path)}`);
      expect(await page.text(), path).toBe('');
    }
    expect((await getPage(t, '/team/requests', `__Host-team-session=${randomToken()}`)).status).toBe(303);
    const forged = await getPage(t, '/team/requests', `team-session=${randomToken()}`);
    expect(forged.status).toBe(303);
    const post = await postForm(t, '/team/requests/1001/confirm', {});
    expect(post.status).toBe(403);
  });

  it('refuses a POST without the session’s CSRF token, with another session’s, or from another site', async () => {
    const sam = await signIn(t, 'sam@example.com');
    const owner = await signIn(t, 'owner@example.com');
    const invite = { email: 'new-hire@example.com', name: 'New Hire', role: 'staff' };
    expect((await postForm(t, '/team/staff', invite, owner.cookie)).status).toBe(403);
    expect((await postForm(t, '/team/staff', { ...invite, _csrf: sam.csrf }, owner.cookie)).status).toBe(403);
    expect(
      (await postForm(t, '/team/staff', { ...invite, _csrf: owner.csrf }, owner.cookie, 'https://evil.example')).status,
    ).toBe(403);
    expect((await rows("SELECT COUNT(*) AS n FROM team_members WHERE email = 'new-hire@example.com'"))[0]?.n).toBe(0);
    const done = await postForm(t, '/team/staff', { ...invite, _csrf: owner.csrf }, owner.cookie);
    expect(done.status).toBe(303);
    expect((await rows("SELECT role FROM team_members WHERE email = 'new-hire@example.com'"))[0]?.role).toBe('staff');
  });

  it('ends a session after 12 hours idle, and after 30 days in all', async () => {
    const { cookie } = await signIn(t, 'owner@example.com');
    t.setNow(new Date(Date.now() + 11 * 3_600_000));
    try {
      expect((await getPage(t, '/team/requests', cookie)).status).toBe(200);
      t.setNow(new Date(Date.now() + 22 * 3_600_000)); // 11 hours after the last request: still live
      expect((await getPage(t, '/team/requests', cookie)).status).toBe(200);
      t.setNow(new Date(Date.now() + 35 * 3_600_000)); // 13 hours idle
      expect((await getPage(t, '/team/requests', cookie)).status).toBe(303);
      // Used every few hours, it still ends 30 days after sign-in.
      const busy = await signIn(t, 'owner@example.com');
      const start = Date.now() + 35 * 3_600_000;
      for (let hours = 10; hours < 30 * 24; hours += 10) {
        t.setNow(new Date(start + hours * 3_600_000));
        expect((await getPage(t, '/team/requests', busy.cookie)).status).toBe(200);
      }
      t.setNow(new Date(start + 30 * 24 * 3_600_000 + 60_000));
      expect((await getPage(t, '/team/requests', busy.cookie)).status).toBe(303);
    } finally {
      t.setNow(null);
    }
  });

  it('signs out here, or everywhere', async () => {
    const a = await signIn(t, 'owner@example.com');
    const b = await signIn(t, 'owner@example.com');
    const out = await postForm(t, '/team/sign-out', { _csrf: a.csrf }, a.cookie);
    expect(out.status).toBe(303);
    expect((await getPage(t, '/team/requests', a.cookie)).status).toBe(303);
    expect((await getPage(t, '/team/requests', b.cookie)).status).toBe(200);
    const c = await signIn(t, 'owner@example.com');
    expect((await postForm(t, '/team/sign-out-everywhere', { _csrf: c.csrf }, c.cookie)).status).toBe(303);
    expect((await getPage(t, '/team/requests', b.cookie)).status).toBe(303);
    expect((await getPage(t, '/team/requests', c.cookie)).status).toBe(303);
  });
});

describe('owners and staff', () => {
  it('lets only an owner see and change the team; an invitation signs the new member in; removal ends their sessions', async () => {
    const owner = await signIn(t, 'owner@example.com');
    const staffPage = await getPage(t, '/team/staff', owner.cookie);
    expect(staffPage.status).toBe(200);
    const invited = await postForm(
      t,
      '/team/staff',
      { email: 'Jo@Example.com', name: 'Jo Helper', role: 'staff', _csrf: owner.csrf },
      owner.cookie,
    );
    expect(invited.headers.get('location')).toBe('/team/staff?done=invited');
    const invitation = await emailedLink(t, 'jo@example.com', 'team_invite');
    const [mail] = await rows(
      "SELECT subject, text FROM email_outbox WHERE kind = 'team_invite' AND to_address = 'jo@example.com'",
    );
    expect(String(mail?.text)).toContain('Olive Owner has invited you to the team workspace');
    const joined = await postForm(t, invitation, {});
    const jo = sessionCookieOf(joined) as string;
    expect(joined.status).toBe(303);

    const joPage = await getPage(t, '/team/staff', jo);
    expect(joPage.status).toBe(403);
    expect(await joPage.text()).toContain('Only an owner can change the team.');
    const joCsrf = csrfOf(await (await getPage(t, '/team/account', jo)).text());
    expect((await postForm(t, '/team/staff', { email: 'x@example.com', _csrf: joCsrf }, jo)).status).toBe(403);

    const [row] = await rows("SELECT id FROM team_members WHERE email = 'jo@example.com'");
    const removed = await postForm(t, `/team/staff/${row?.id}/remove`, { _csrf: owner.csrf }, owner.cookie);
    expect(removed.headers.get('location')).toBe('/team/staff?done=removed');
    expect((await getPage(t, '/team/requests', jo)).status).toBe(303);
    await postForm(t, '/team/sign-in', { email: 'jo@example.com' });
    expect(
      (
        await rows(
          "SELECT COUNT(*) AS n FROM email_outbox WHERE kind = 'team_sign_in' AND to_address = 'jo@example.com'",
        )
      )[0]?.n,
    ).toBe(0);

    const log = await (await getPage(t, '/team/activity?kind=invite', owner.cookie)).text();
    expect(log).toContain('Invited jo@example.com');
    expect(log).toContain('owner@example.com');
    expect(await (await getPage(t, '/team/activity?kind=remove', owner.cookie)).text()).toContain(
      'Removed jo@example.com',
    );
  });
});

it('serves no team page from another origin’s point of view: no page is cacheable or indexable', async () => {
  const { cookie } = await signIn(t, 'owner@example.com');
  for (const path of ['/team/requests', '/team/activity', '/team/account', '/team/sign-in']) {
    const page = await getPage(t, path, cookie);
    expect(page.headers.get('cache-control'), path).toBe('private, no-store');
    expect(page.headers.get('x-robots-tag'), path).toBe('noindex, nofollow');
    expect(await page.text(), path).toContain('<meta name="robots" content="noindex,nofollow">');
  }
  expect(ORIGIN).toBe('http://localhost');
});
