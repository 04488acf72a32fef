import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';
import { addMember, postForm, sessionCookieOf, signIn } from './team-helpers';

/** Issue 33: passkeys' server half (the browser half runs in tests/e2e/team-workspace.test.ts). */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  await addMember(t, 'sam@example.com', 'staff', 'Sam Staff');
});
afterAll(() => t?.close());

const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as any });

describe('passkeys', () => {
  it('hands out sign-in options for this host, and refuses an answer that is not a passkey’s', async () => {
    const { status, body } = await json(await postForm(t, '/team/sign-in/passkey/options', {}));
    expect(status).toBe(200);
    expect(body.options.rpId).toBe('localhost');
    expect(body.options.challenge).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const forged = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {}, clientExtensionResults: {} };
    const refused = await postForm(t, '/team/sign-in/passkey/verify', {
      challengeId: body.challengeId,
      response: JSON.stringify(forged),
    });
    expect(refused.status).toBe(403);
    expect(sessionCookieOf(refused)).toBeNull();
    // The challenge went with that try: it answers nothing again.
    const again = await postForm(t, '/team/sign-in/passkey/verify', { challengeId: body.challengeId, response: '{}' });
    expect(again.status).toBe(403);
    expect((await postForm(t, '/team/sign-in/passkey/verify', { challengeId: 'x', response: 'not json' })).status).toBe(
      403,
    );
    expect((await postForm(t, '/team/sign-in/passkey/options', {}, undefined, 'https://evil.example')).status).toBe(
      403,
    );
  });

  it('adds a passkey only for a signed-in member, with the session’s CSRF token', async () => {
    expect((await postForm(t, '/team/passkeys/options', {})).status).toBe(403);
    const sam = await signIn(t, 'sam@example.com');
    expect((await postForm(t, '/team/passkeys/options', {}, sam.cookie)).status).toBe(403);
    const { status, body } = await json(await postForm(t, '/team/passkeys/options', { _csrf: sam.csrf }, sam.cookie));
    expect(status).toBe(200);
    expect(body.options.user.name).toBe('sam@example.com');
    expect(body.options.rp).toEqual({ name: 'Tan & Tassel', id: 'localhost' });
    expect(body.options.authenticatorSelection.residentKey).toBe('required');
    const bad = await postForm(
      t,
      '/team/passkeys',
      { _csrf: sam.csrf, challengeId: body.challengeId, response: '{"id":"x"}' },
      sam.cookie,
    );
    expect(bad.status).toBe(400);
    expect((await t.db.$client.execute('SELECT COUNT(*) AS n FROM team_passkeys')).rows[0]?.n).toBe(0);
  });

  it('serves the workspace’s passkey scripts, which are none of the shop’s', async () => {
    const library = await t.request('/team/assets/webauthn.js');
    expect(library.status).toBe(200);
    expect(library.headers.get('content-type')).toContain('text/javascript');
    expect(await library.text()).toContain('SimpleWebAuthnBrowser');
    expect(await (await t.request('/team/assets/passkeys.js')).text()).toContain('startAuthentication');
  });
});
