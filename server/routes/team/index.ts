import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Services } from '../../app-services';
import { forbiddenPage, notFoundPage } from '../../render/team/sign-in-pages';
import { MAX_PHOTO_BYTES } from '../../services/team/item-photos';
import { calendarFeedRoutes, calendarRoutes } from './calendar';
import { teamRoutes as emailLinkRoutes } from './email-links';
import { noStore, requireSession, type TeamEnv } from './guard';
import { itemRoutes } from './items';
import { moneyRoutes } from './money';
import { passkeyAccountRoutes, passkeySignInRoutes } from './passkeys';
import { peopleRoutes } from './people';
import { requestChangeRoutes } from './request-change';
import { requestMoneyRoutes } from './request-money';
import { requestOwnLineRoutes } from './request-own-lines';
import { requestQuoteRoutes } from './request-quote';
import { requestRoutes } from './requests';
import { settingsRoutes } from './settings';
import { signInRoutes } from './sign-in';

/**
 * The team's workspace at /team: server-rendered pages per request, no shop script, never cached
 * (private, no-store), never indexed. Sign-in and the signed email links stand alone; every other
 * page needs a session, and every POST its CSRF token from this site.
 */
export function workspaceRoutes(deps: Services) {
  const app = new Hono<TeamEnv>();
  app.use('*', noStore);
  app.route('/', passkeySignInRoutes(deps));
  app.route('/sign-in', signInRoutes(deps));
  // The email's signed links (a token, never a bare number) work without a session, as before.
  app.route('/', emailLinkRoutes(deps));
  // Calendar apps read a member's feed by its secret address, with no session.
  app.route('/', calendarFeedRoutes(deps));

  // Uploads (an item's photos, a return's photo) up to 20 MB; every other form is small. Checked before the session guard reads a body.
  const small = bodyLimit({
    maxSize: 256 * 1024,
    onError: (c) => c.html(forbiddenPage({ business: deps.business() }, 'That form is too large.'), 413),
  });
  const upload = bodyLimit({
    maxSize: MAX_PHOTO_BYTES + 64 * 1024,
    onError: (c) => c.html(forbiddenPage({ business: deps.business() }, 'That photo is larger than 20 MB.'), 413),
  });
  app.use('*', (c, next) =>
    c.req.method !== 'POST' ? next() : /\/(photos|return)$/.test(c.req.path) ? upload(c, next) : small(c, next),
  );
  const forbidden = (c: Context, reason: string) => c.html(forbiddenPage({ business: deps.business() }, reason), 403);
  const signedIn = requireSession(deps.db, deps.config, deps.clock, forbidden);
  app.use('/', signedIn);
  app.use('/*', signedIn);
  app.get('/', (c) => c.redirect('/team/requests', 303));
  app.route('/requests', requestRoutes(deps));
  app.route('/requests', requestChangeRoutes(deps));
  app.route('/requests', requestMoneyRoutes(deps));
  app.route('/requests', requestOwnLineRoutes(deps));
  app.route('/requests', requestQuoteRoutes(deps));
  app.route('/calendar', calendarRoutes(deps));
  app.route('/money', moneyRoutes(deps));
  app.route('/items', itemRoutes(deps));
  app.route('/passkeys', passkeyAccountRoutes(deps));
  app.route('/settings', settingsRoutes(deps));
  app.route('/', peopleRoutes(deps));
  app.all('*', (c) =>
    c.html(
      notFoundPage(
        { business: deps.business(), member: c.var.session.member, csrf: c.var.session.csrf },
        'There is no such page in the workspace.',
      ),
      404,
    ),
  );
  return app;
}
