import { type Context, Hono } from 'hono';
import type { Services } from '../../app-services';
import { requestPage } from '../../render/team/request-page';
import { notFoundPage } from '../../render/team/sign-in-pages';
import { sendQuote } from '../../services/quotes';
import { requestPageData } from '../../services/team/request-page-data';
import { actingMember, signedInPage, type TeamEnv } from './guard';

/**
 * POST /team/requests/:id/quote (issue 61): the request sent to the customer as a quote, or sent
 * again as a new version after a change. Refused, the page comes back with why and nothing is sent.
 */
export function requestQuoteRoutes(deps: Services) {
  const app = new Hono<TeamEnv>();
  const ctx = (c: Context<TeamEnv>) => signedInPage(c, deps.business());
  app.post('/:id{[0-9]+}/quote', async (c) => {
    const id = c.req.param('id');
    const outcome = await sendQuote(deps, id, actingMember(c));
    if (outcome.kind === 'sent') return c.redirect(`/team/requests/${id}?done=quote_sent`, 303);
    const data = await requestPageData(deps, id);
    if (outcome.kind === 'not_found' || !data) {
      return c.html(notFoundPage(ctx(c), 'There is no request with this number.'), 404);
    }
    return c.html(
      requestPage(ctx(c), data, { text: outcome.message, tone: 'problem' }),
      outcome.kind === 'short' ? 409 : 400,
    );
  });
  return app;
}
