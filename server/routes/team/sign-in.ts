import { type Context, Hono } from 'hono';
import type { Services } from '../../app-services';
import { publicOrigin } from '../../lib/public-origin';
import { enqueueMail } from '../../mail/queue';
import { clientIp } from '../../middleware/client-ip';
import {
  badLinkPage,
  checkEmailPage,
  confirmSignInPage,
  forbiddenPage,
  signInPage,
} from '../../render/team/sign-in-pages';
import { signInEmail } from '../../services/emails';
import { logSessionActivity } from '../../services/team/activity';
import { emailAddress, memberByEmail } from '../../services/team/members';
import { endSession, startSession } from '../../services/team/sessions';
import { checkSignInLink, createSignInLink, useSignInLink } from '../../services/team/sign-in-links';
import { noStore, safeNext, sameOrigin, sessionCookie, setSessionCookie } from './guard';

/**
 * Sign-in by an emailed one-time link. Asking for a link answers the same whether or not the
 * address has an account, and is rate-limited per address and per IP. The link's page only shows a
 * button; its POST uses the link once, ends any session the browser had (no fixation) and starts a
 * new one with a new cookie.
 */
export function signInRoutes({ db, config, limiter, clock, business }: Services) {
  const app = new Hono();
  app.use('*', noStore);
  const ctx = () => ({ business: business() });
  const refuse = (c: Context, reason: string, status: 403 | 429 = 403) => c.html(forbiddenPage(ctx(), reason), status);

  app.get('/', (c) => c.html(signInPage(ctx(), safeNext(c.req.query('next')))));

  app.post('/', async (c) => {
    if (!sameOrigin(c, config)) return refuse(c, 'This form came from another site, so no link was sent.');
    const form = await c.req.parseBody();
    const next = safeNext(typeof form.next === 'string' ? form.next : undefined);
    const parsed = emailAddress.safeParse(typeof form.email === 'string' ? form.email : '');
    if (!parsed.success) {
      return c.html(
        signInPage(ctx(), next, 'Enter an email address, like name@example.com.', String(form.email ?? '')),
        400,
      );
    }
    const email = parsed.data;
    const ip = await limiter.hit('team-sign-in-ip', clientIp(c, config.trustProxy), config.rateLimits.teamSignInIp);
    const address = await limiter.hit('team-sign-in-address', email, config.rateLimits.teamSignIn);
    const limited = ip.limited ? ip : address.limited ? address : null;
    if (limited) {
      c.header('Retry-After', String(limited.retryAfter));
      return refuse(
        c,
        `Too many sign-in links were asked for. Try again in ${Math.ceil(limited.retryAfter / 60)} minutes.`,
        429,
      );
    }
    const member = await memberByEmail(db, email);
    if (member && !member.removedAt) {
      const now = clock();
      await db.transaction(async (tx) => {
        const token = await createSignInLink(tx, member.id, 'sign_in', now);
        const link = `${publicOrigin(config)}/team/sign-in/${token}?next=${encodeURIComponent(next)}`;
        await enqueueMail(tx, signInEmail(business(), member.email, link, null), now);
      });
    }
    return c.html(checkEmailPage(ctx(), email));
  });

  app.get('/:token', async (c) => {
    const check = await checkSignInLink(db, c.req.param('token'), clock());
    if (!check.ok) return c.html(badLinkPage(ctx(), check.reason), check.reason === 'unknown' ? 404 : 410);
    const next = safeNext(c.req.query('next'));
    return c.html(confirmSignInPage(ctx(), check.member.email, c.req.param('token'), next, check.purpose === 'invite'));
  });

  app.post('/:token', async (c) => {
    if (!sameOrigin(c, config)) return refuse(c, 'This form came from another site, so nobody was signed in.');
    const ip = await limiter.hit('team-sign-in-ip', clientIp(c, config.trustProxy), config.rateLimits.teamSignInIp);
    if (ip.limited) return refuse(c, 'Too many sign-in attempts from here. Try again later.', 429);
    const form = await c.req.parseBody();
    const now = clock();
    const result = await db.transaction(async (tx) => {
      const check = await useSignInLink(tx, c.req.param('token'), now);
      if (!check.ok) return check;
      // A session the browser brought along ends: the new one has an id nobody else has seen.
      await endSession(tx, sessionCookie(c), now);
      const session = await startSession(tx, check.member.id, 'link', now);
      const how = `Signed in with an emailed link${check.purpose === 'invite' ? ' (invitation)' : ''}`;
      await logSessionActivity(tx, check.member, 'sign_in', how, now);
      return { ...check, session };
    });
    if (!result.ok) return c.html(badLinkPage(ctx(), result.reason), result.reason === 'unknown' ? 404 : 410);
    setSessionCookie(c, config, result.session.cookie);
    return c.redirect(safeNext(typeof form.next === 'string' ? form.next : undefined), 303);
  });

  return app;
}
