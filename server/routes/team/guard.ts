import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { BusinessSettings } from '../../../src/lib/api-contract/business-settings';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import { publicOrigin } from '../../lib/public-origin';
import { readOnlyMayPost } from '../../services/team/members';
import { readSession, SESSION_MAX_MS, type TeamSession } from '../../services/team/sessions';
import { sameSecret } from '../../services/team/tokens';

export interface TeamEnv {
  Variables: { session: TeamSession };
}

/** The session cookie over HTTPS: `__Host-` (Secure, Path=/, no Domain). */
export const SECURE_COOKIE = '__Host-team-session';
/**
 * Over plain HTTP (a developer's machine, a LAN) browsers refuse Secure cookies (Safari and WebKit
 * even on 127.0.0.1), so the cookie there is plain: still HttpOnly and SameSite=Lax.
 */
export const PLAIN_COOKIE = 'team-session';

/** Whether the browser reached this page over HTTPS (behind a trusted proxy: as the proxy says). */
const https = (c: Context, config: ServerConfig) =>
  config.trustProxy && c.req.header('x-forwarded-proto')
    ? c.req.header('x-forwarded-proto') === 'https'
    : new URL(c.req.url).protocol === 'https:';

export const sessionCookie = (c: Context) => getCookie(c, SECURE_COOKIE) ?? getCookie(c, PLAIN_COOKIE);

/** Sets the session cookie: HttpOnly, SameSite=Lax, `__Host-` and Secure where served over HTTPS, for 30 days at most. */
export function setSessionCookie(c: Context, config: ServerConfig, value: string) {
  const secure = https(c, config);
  setCookie(c, secure ? SECURE_COOKIE : PLAIN_COOKIE, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    maxAge: SESSION_MAX_MS / 1000,
  });
}

export function clearSessionCookie(c: Context) {
  deleteCookie(c, SECURE_COOKIE, { path: '/', secure: true });
  deleteCookie(c, PLAIN_COOKIE, { path: '/' });
}

/**
 * Whether a POST comes from the workspace's own pages: its Origin is this site's (as the browser
 * reached it, or PUBLIC_URL). Without an Origin header, Sec-Fetch-Site must say same-origin.
 * Anything else (another site's form, a script without either header) is refused.
 */
export function sameOrigin(c: Context, config: ServerConfig): boolean {
  const origin = c.req.header('origin');
  // 'null': a page whose referrer policy withholds its origin; Sec-Fetch-Site still says where from.
  if (origin && origin !== 'null') {
    const own = new URL(c.req.url);
    const host = c.req.header('host') ?? own.host;
    const forwarded = config.trustProxy ? c.req.header('x-forwarded-proto') : undefined;
    const seen = `${forwarded ?? own.protocol.replace(':', '')}://${host}`;
    return origin === seen || (config.publicUrl !== undefined && origin === publicOrigin(config));
  }
  return c.req.header('sec-fetch-site') === 'same-origin';
}

/** Team pages are never stored by a browser, a proxy or the service worker. */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.header('Cache-Control', 'private, no-store');
  c.header('X-Robots-Tag', 'noindex, nofollow');
  // The workspace's forms then carry their origin (the shop's no-referrer policy makes it 'null').
  c.header('Referrer-Policy', 'same-origin');
};

/** The path to come back to after signing in: only the workspace's own pages. */
export const safeNext = (next: string | undefined) =>
  next && /^\/team(\/[A-Za-z0-9/_-]*)?(\?[A-Za-z0-9=&%_.+-]*)?$/.test(next) && !next.startsWith('/team/sign-in')
    ? next
    : '/team';

/**
 * Every workspace page needs a live session: without one, a page asks to sign in (and comes back),
 * a POST is refused. Every POST must come from this site with the session's CSRF token.
 */
export function requireSession(
  db: Db,
  config: ServerConfig,
  clock: () => Date,
  forbidden: (c: Context, reason: string) => Response | Promise<Response>,
): MiddlewareHandler<TeamEnv> {
  return async (c, next) => {
    const session = await readSession(db, sessionCookie(c), clock());
    if (!session) {
      if (c.req.method === 'GET' || c.req.method === 'HEAD') {
        const url = new URL(c.req.url);
        return c.redirect(`/team/sign-in?next=${encodeURIComponent(safeNext(url.pathname + url.search))}`, 303);
      }
      return forbidden(c, 'Your session has ended. Sign in again, then repeat what you were doing.');
    }
    if (c.req.method === 'POST') {
      if (!sameOrigin(c, config)) return forbidden(c, 'This form came from another site, so nothing was changed.');
      if (session.member.role === 'viewer' && !readOnlyMayPost(c.req.path)) {
        return forbidden(c, 'You can see the workspace, not change it (your role is read-only). Nothing was changed.');
      }
      const body = await c.req.parseBody();
      const token = typeof body._csrf === 'string' ? body._csrf : '';
      if (!sameSecret(token, session.csrf)) {
        return forbidden(
          c,
          'This form has expired (it belongs to an earlier session). Nothing was changed: reload the page and try again.',
        );
      }
    }
    c.set('session', session);
    await next();
  };
}

/** What every signed-in page is drawn with: the business, the member and the session's CSRF token. */
export const signedInPage = (c: Context<TeamEnv>, business: BusinessSettings) => ({
  business,
  member: c.var.session.member,
  csrf: c.var.session.csrf,
});

/** The signed-in member as the activity log names them. */
export const actingMember = (c: Context<TeamEnv>) => ({
  id: c.var.session.member.id,
  email: c.var.session.member.email,
});
