import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Context, Hono } from 'hono';
import type { Services } from '../../app-services';
import type { ServerConfig } from '../../config';
import { publicOrigin } from '../../lib/public-origin';
import { clientIp } from '../../middleware/client-ip';
import { PASSKEY_SCRIPT } from '../../render/team/passkey-script';
import { logSessionActivity } from '../../services/team/activity';
import {
  authenticationOptions,
  type RelyingParty,
  registerPasskey,
  registrationOptions,
  verifyPasskey,
} from '../../services/team/passkeys';
import { endSession, startSession } from '../../services/team/sessions';
import { safeNext, sameOrigin, sessionCookie, setSessionCookie, type TeamEnv } from './guard';

/** The relying party as this request's browser sees it: PUBLIC_URL, or the origin it reached. */
export function relyingParty(c: Context, config: ServerConfig, name: string): RelyingParty {
  const forwarded = config.trustProxy ? c.req.header('x-forwarded-proto') : undefined;
  const url = new URL(c.req.url);
  const origin = config.publicUrl
    ? publicOrigin(config)
    : `${forwarded ?? url.protocol.replace(':', '')}://${c.req.header('host') ?? url.host}`;
  return { origin, rpID: new URL(origin).hostname, name };
}

let browserLibrary: Promise<string> | undefined;
/** SimpleWebAuthn's browser bundle, read once from node_modules. */
function webauthnBundle(): Promise<string> {
  browserLibrary ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@simplewebauthn/browser');
    const root = path.resolve(path.dirname(entry), '..');
    return readFile(path.join(root, 'dist', 'bundle', 'index.umd.min.js'), 'utf8');
  })();
  return browserLibrary;
}

const jsonBody = (text: unknown) => {
  try {
    return typeof text === 'string' && text.length < 16_384 ? JSON.parse(text) : null;
  } catch {
    return null;
  }
};

/** The scripts and the sign-in half of passkeys: no session needed. */
export function passkeySignInRoutes({ db, config, limiter, clock, business }: Services) {
  const app = new Hono();
  const script = (body: string) => (c: Context) =>
    c.body(body, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  app.get('/assets/webauthn.js', async (c) => script(await webauthnBundle())(c));
  app.get('/assets/passkeys.js', script(PASSKEY_SCRIPT));

  const guard = async (c: Context) => {
    if (!sameOrigin(c, config)) return c.json({ error: 'This came from another site.' }, 403);
    const hit = await limiter.hit('team-sign-in-ip', clientIp(c, config.trustProxy), config.rateLimits.teamSignInIp);
    if (hit.limited) return c.json({ error: 'Too many sign-in attempts from here. Try again later.' }, 429);
    return null;
  };

  app.post('/sign-in/passkey/options', async (c) => {
    const refused = await guard(c);
    if (refused) return refused;
    return c.json(await authenticationOptions(db, relyingParty(c, config, business().name), clock()));
  });

  app.post('/sign-in/passkey/verify', async (c) => {
    const refused = await guard(c);
    if (refused) return refused;
    const form = await c.req.parseBody();
    const now = clock();
    const member = await verifyPasskey(
      db,
      relyingParty(c, config, business().name),
      String(form.challengeId ?? ''),
      jsonBody(form.response),
      now,
    );
    if (!member) return c.json({ error: 'That passkey did not sign you in. Use an emailed link instead.' }, 403);
    const session = await db.transaction(async (tx) => {
      await endSession(tx, sessionCookie(c), now);
      const started = await startSession(tx, member.id, 'passkey', now);
      await logSessionActivity(tx, member, 'sign_in', 'Signed in with a passkey', now);
      return started;
    });
    setSessionCookie(c, config, session.cookie);
    return c.json({ ok: true, next: safeNext(typeof form.next === 'string' ? form.next : undefined) });
  });
  return app;
}

/** Adding a passkey to the signed-in member's account (behind the session guard and its CSRF check). */
export function passkeyAccountRoutes({ db, config, clock, business }: Services) {
  const app = new Hono<TeamEnv>();
  app.post('/options', async (c) =>
    c.json(await registrationOptions(db, relyingParty(c, config, business().name), c.var.session.member, clock())),
  );
  app.post('/', async (c) => {
    const form = await c.req.parseBody();
    const ok = await registerPasskey(
      db,
      relyingParty(c, config, business().name),
      c.var.session.member,
      String(form.challengeId ?? ''),
      jsonBody(form.response),
      clock(),
    );
    return ok ? c.json({ ok: true }) : c.json({ error: 'The passkey could not be added. Try again.' }, 400);
  });
  return app;
}
