import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { Services } from '../../app-services';
import type { OrderAction } from '../../booking';
import { publicOrigin } from '../../lib/public-origin';
import { requestPage } from '../../render/team/request-page';
import { requestsPage } from '../../render/team/requests-page';
import { notFoundPage } from '../../render/team/sign-in-pages';
import { storedOrderView } from '../../services/order-emails';
import { addNote, decide, extend } from '../../services/team/request-actions';
import { listRequests, requestExists, requestFilter, requestRecord } from '../../services/team/requests';
import { signedInPage, type TeamEnv } from './guard';

/** What an action's redirect says on the request's page (?done=…). */
const DONE: Record<string, { text: string; tone: 'done' | 'problem' }> = {
  confirmed: { text: 'Confirmed: the customer has been emailed.', tone: 'done' },
  declined: { text: 'Declined: the customer has been emailed.', tone: 'done' },
  cancelled: { text: 'Cancelled: the customer has been emailed, and its items are free again.', tone: 'done' },
  refused: { text: 'Not confirmed: it is short on its dates (see Now). Nothing was changed.', tone: 'problem' },
  unchanged: { text: 'Nothing changed: the request had been answered already (see History).', tone: 'problem' },
  extended: { text: 'The hold was extended.', tone: 'done' },
  extend_refused: { text: 'Not extended: it is short on its dates now. Nothing was changed.', tone: 'problem' },
  noted: { text: 'Note added.', tone: 'done' },
  not_allowed: {
    text: 'Not cancelled: only an owner can cancel a confirmed booking here (the owner’s setting). Nothing was changed.',
    tone: 'problem',
  },
  empty_note: { text: 'Write the note first.', tone: 'problem' },
};

const ACTIONS: Record<string, OrderAction> = { confirm: 'confirm', decline: 'decline', cancel: 'cancel' };
const days = z.coerce.number().int().min(1).max(14);

/** The team's request list and each request's page, with its actions (all through the booking module). */
export function requestRoutes(deps: Services) {
  const { db, booking, clock, business } = deps;
  const app = new Hono<TeamEnv>();
  const ctx = (c: Context<TeamEnv>) => signedInPage(c, business());
  const back = (c: Context<TeamEnv>, id: string, done: string) => c.redirect(`/team/requests/${id}?done=${done}`, 303);
  const missing = (c: Context<TeamEnv>) => c.html(notFoundPage(ctx(c), 'There is no request with this number.'), 404);

  app.get('/', async (c) => {
    const filter = requestFilter.parse(c.req.query());
    const now = clock();
    return c.html(requestsPage(ctx(c), filter, await listRequests(db, booking, filter, now), now));
  });

  app.get('/:id{[0-9]+}', async (c) => {
    const id = c.req.param('id');
    if (!(await requestExists(db, id))) return missing(c);
    const [{ view, order, customer }, state, free, record] = await Promise.all([
      storedOrderView(db, deps, id),
      booking.state(db, id),
      booking.availability(db, id),
      requestRecord(db, id),
    ]);
    if (!state) return missing(c);
    // The photos as this site's own paths: the page is seen here, whatever PUBLIC_URL says.
    const origin = publicOrigin(deps.config);
    for (const item of view.items) {
      if (item.photoUrl?.startsWith(`${origin}/`)) item.photoUrl = item.photoUrl.slice(origin.length);
    }
    const message = DONE[c.req.query('done') ?? ''];
    // ?act=…: a team email's link, opened here with its action ready (one tap, after signing in).
    const asked = message ? undefined : ACTIONS[c.req.query('act') ?? ''];
    return c.html(requestPage(ctx(c), { view, order, customer, state, free, record }, message, asked));
  });

  app.post('/:id{[0-9]+}/:action{confirm|decline|cancel}', async (c) => {
    const id = c.req.param('id');
    const form = await c.req.parseBody();
    const action = ACTIONS[c.req.param('action')] as OrderAction;
    const note = action !== 'confirm' && typeof form.note === 'string' ? form.note.trim().slice(0, 1000) || null : null;
    const { member } = c.var.session;
    const mayCancelConfirmed = member.role === 'owner' || business().staffMayCancelConfirmed;
    const outcome = await decide(deps, id, action, { id: member.id, email: member.email }, note, {
      mayCancelConfirmed,
    });
    if (outcome.kind === 'not_found') return missing(c);
    if (outcome.kind === 'applied') return back(c, id, outcome.order.decision ?? 'unchanged');
    return back(c, id, outcome.kind);
  });

  app.post('/:id{[0-9]+}/extend', async (c) => {
    const id = c.req.param('id');
    const form = await c.req.parseBody();
    const parsed = days.safeParse(form.days);
    if (!parsed.success) return c.html(notFoundPage(ctx(c), 'Choose how many days to extend the hold by.'), 400);
    const { member } = c.var.session;
    const outcome = await extend(deps, id, parsed.data, { id: member.id, email: member.email });
    if (outcome.kind === 'not_found') return missing(c);
    return back(
      c,
      id,
      outcome.kind === 'applied' ? 'extended' : outcome.kind === 'refused' ? 'extend_refused' : 'unchanged',
    );
  });

  app.post('/:id{[0-9]+}/note', async (c) => {
    const id = c.req.param('id');
    if (!(await requestExists(db, id))) return missing(c);
    const form = await c.req.parseBody();
    const text = typeof form.text === 'string' ? form.text.trim().slice(0, 2000) : '';
    if (!text) return back(c, id, 'empty_note');
    const { member } = c.var.session;
    await addNote(deps, id, text, { id: member.id, email: member.email });
    return back(c, id, 'noted');
  });

  return app;
}
