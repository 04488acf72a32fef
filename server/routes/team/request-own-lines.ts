import { type Context, Hono } from 'hono';
import type { Services } from '../../app-services';
import { requestPage } from '../../render/team/request-page';
import { notFoundPage } from '../../render/team/sign-in-pages';
import {
  addRequestLine,
  addSavedLine,
  type OwnLineResult,
  removeRequestLine,
} from '../../services/team/request-own-lines';
import { requestPageData, type TypedOwnLine } from '../../services/team/request-page-data';
import { actingMember, signedInPage, type TeamEnv } from './guard';

/** A form field as typed (a string, at most `max` characters), '' when absent. */
const typedText = (form: Record<string, unknown>, key: string, max: number) =>
  typeof form[key] === 'string' ? (form[key] as string).slice(0, max) : '';

/**
 * Lines of the team's own on a request (issue 61): POST /team/requests/:id/lines adds one typed,
 * /lines/saved one of the saved lines, /lines/:line/remove removes one. Refused, the page comes back
 * (400) with the form as typed and why beside the field; nothing is saved.
 */
export function requestOwnLineRoutes(deps: Services) {
  const app = new Hono<TeamEnv>();
  const ctx = (c: Context<TeamEnv>) => signedInPage(c, deps.business());
  const missing = (c: Context<TeamEnv>) => c.html(notFoundPage(ctx(c), 'There is no request with this number.'), 404);
  const again = async (c: Context<TeamEnv>, id: string, text: string, typed?: TypedOwnLine) => {
    const data = await requestPageData(deps, id);
    if (!data) return missing(c);
    const ownLines = typed ? { ...data.ownLines, typed } : data.ownLines;
    return c.html(requestPage(ctx(c), { ...data, ownLines }, { text, tone: 'problem' }), 400);
  };
  const answer = (c: Context<TeamEnv>, id: string, outcome: OwnLineResult, done: string, typed?: TypedOwnLine) => {
    switch (outcome.kind) {
      case 'not_found':
        return missing(c);
      case 'invalid':
        return again(c, id, `Not changed: ${outcome.message}`, typed);
      case 'problem':
        return again(c, id, `Not added: ${outcome.problem.message}`, typed && { ...typed, problem: outcome.problem });
      default:
        return c.redirect(`/team/requests/${id}?done=${done}`, 303);
    }
  };

  app.post('/:id{[0-9]+}/lines', async (c) => {
    const id = c.req.param('id');
    const body = await c.req.parseBody();
    const form = {
      description: typedText(body, 'description', 500),
      quantity: typedText(body, 'quantity', 20),
      amount: typedText(body, 'amount', 40),
      kind: typedText(body, 'kind', 20),
      gstFree: body.gstFree === '1',
      save: body.save === '1',
    };
    const outcome = await addRequestLine(deps, id, form, actingMember(c));
    return answer(c, id, outcome, 'line_added', { form, problem: null });
  });

  app.post('/:id{[0-9]+}/lines/saved', async (c) => {
    const id = c.req.param('id');
    const body = await c.req.parseBody();
    const outcome = await addSavedLine(deps, id, typedText(body, 'saved', 100), actingMember(c));
    return answer(c, id, outcome, 'line_added');
  });

  app.post('/:id{[0-9]+}/lines/:line/remove', async (c) => {
    const id = c.req.param('id');
    const outcome = await removeRequestLine(deps, id, c.req.param('line'), actingMember(c));
    return answer(c, id, outcome, 'line_removed');
  });
  return app;
}
