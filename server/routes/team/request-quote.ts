import { type Context, Hono } from 'hono';
import type { Services } from '../../app-services';
import { requestPage } from '../../render/team/request-page';
import { notFoundPage } from '../../render/team/sign-in-pages';
import { agreementFileName, agreementPdf } from '../../services/agreement';
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
  // The signed agreement (or the accepted terms), behind the session like every workspace link.
  app.get('/:id{[0-9]+}/agreement.pdf', async (c) => {
    const id = c.req.param('id');
    const pdf = await agreementPdf(deps, id);
    if (!pdf) return c.html(notFoundPage(ctx(c), 'Nothing is accepted on this request yet.'), 404);
    return c.body(new Uint8Array(pdf), 200, {
      'Cache-Control': 'private, no-store',
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${agreementFileName(id, true)}"`,
    });
  });

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
