import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { Services } from '../../app-services';
import type { OrderAction } from '../../booking';
import { notices } from '../../render/team/layout';
import { requestPage } from '../../render/team/request-page';
import { requestsPage } from '../../render/team/requests-page';
import { notFoundPage } from '../../render/team/sign-in-pages';
import { countOrZero, wholeNumber } from '../../services/team/form-numbers';
import { addNote, decide, extend, handOver, recordReturn } from '../../services/team/request-actions';
import { requestPageData } from '../../services/team/request-page-data';
import { customerHasEmail, listRequests, requestExists, requestFilter } from '../../services/team/requests';
import { dropReturnPhoto, readReturnPhoto, storeReturnPhoto } from '../../services/team/return-photos';
import { signedInPage, type TeamEnv } from './guard';

/** What an action's redirect says on the request's page (?done=…). */
export const DONE = notices(
  {
    confirmed: 'Confirmed: the customer has been emailed.',
    declined: 'Declined: the customer has been emailed.',
    cancelled: 'Cancelled: the customer has been emailed, and its items are free again.',
    confirmed_call: 'Confirmed. This customer gave no email address: call them with the news.',
    declined_call: 'Declined. This customer gave no email address: call them with the news.',
    cancelled_call:
      'Cancelled, and its items are free again. This customer gave no email address: call them with the news.',
    extended: 'The hold was extended.',
    noted: 'Note added.',
    handed_over: 'Hand-over recorded.',
    changed: 'Changed: the customer has been emailed what changed and the new totals.',
    entered: 'Request taken and held: the customer has been emailed if they gave an address.',
    returned: 'Recorded back: its items are free again after the return day.',
    returned_partly: 'Recorded back, with pieces missing: they stay out until a return records them back.',
    paid: 'Payment recorded.',
    refunded: 'Refund recorded.',
    card_refunded: 'Refunded to the card through Stripe, and recorded.',
    card_queued:
      'Sent to Stripe, which has not answered yet: the refund is recorded as soon as it does. Nothing more to do.',
    paid_back:
      'Sent back to the card through Stripe: each refund is recorded, with its credit note, as Stripe confirms it.',
    paid_back_partly:
      'Sent back to the card through Stripe as far as card payments cover it: pay the rest back by bank, then record it.',
    sent_twice: 'Recorded once: the form was sent twice, and the second changed nothing.',
    bond_settled: 'Bond settled: the customer has been emailed what is kept and why.',
    line_added: 'Line added: the customer has been emailed the new totals.',
    line_removed: 'Line removed: the customer has been emailed the new totals.',
    quote_sent:
      'Quote sent: the customer has been emailed it with the link to accept it; its items are held until it lapses.',
  },
  {
    refused: 'Not confirmed: it is short on its dates (see Now). Nothing was changed.',
    unchanged: 'Nothing changed: the request had been answered already (see History).',
    extend_refused: 'Not extended: it is short on its dates now. Nothing was changed.',
    not_allowed:
      'Not cancelled: only an owner can cancel a confirmed booking here (the owner’s setting). Nothing was changed.',
    empty_note: 'Write the note first.',
    no_role: 'Not changed: your role on the team does not let you change requests.',
    hand_over_too_early: 'Not recorded: that day is before the request was made. Choose the day the items went out.',
    entered_short: 'Request taken, but not held: something is short on its dates (see Now). Change it, or answer it.',
    nothing_changed: 'Nothing to change: the form had the request as it is.',
    change_not_allowed: 'Not changed: a request that is out, returned, declined or cancelled cannot be changed.',
    no_day: 'Choose a day up to today.',
    before_hand_over: 'Not recorded: the return day is before the hand-over day. Nothing was changed.',
    too_many: 'Not recorded: more pieces missing or damaged than the request booked. Nothing was changed.',
    bad_count: 'Write each count as a whole number, 0 or more.',
    bad_amount: 'Write the amount in dollars, such as 250 or 99.50.',
    bad_payment: 'Choose what it is, what it is towards and how it was paid.',
    too_much: 'Not recorded: more than is owed (or, for a refund, than was paid). Nothing was changed.',
    bond_reason: 'Not settled: say what was missing or damaged; the customer is sent it.',
    bond_not_ready: 'Not settled: the bond is settled once, after everything is back.',
    bond_too_much: 'Not settled: keep at most the bond that was paid.',
    bad_refund: 'Not cancelled: write the refund in dollars, from 0 up to what was paid towards the hire.',
    card_payment: 'Card payments online are recorded by Stripe when they are paid: record a refund to the card here.',
    card_too_much: 'Not refunded: no card payment has that much left to refund. Nothing was changed.',
    pay_back_bank:
      'Nothing went back to a card: no card payment is left to refund. Pay it back by bank, then record it.',
    nothing_to_pay_back: 'Nothing to pay back now: the request holds no more than it owes.',
    card_failed: 'Stripe refused the refund: nothing was refunded or recorded (History says why).',
    bad_photo: 'Not recorded: that file is not a photo (JPEG, PNG, WebP, HEIC or AVIF).',
    photo_too_large: 'Not recorded: that photo is larger than 100 megapixels. Send a smaller copy.',
  },
);

/** A day the team records something on: a real YYYY-MM-DD, not after today. */
export const pastDay = (today: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine(
      (text) =>
        !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text),
    )
    .refine((text) => text <= today);

/** Where a day sheet's action comes back to (only a day sheet's own address), else the request. */
const sheetBack = (value: unknown) =>
  typeof value === 'string' && /^\/team\/calendar\/day\/\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;

/** The return form's counts: `missing:<product id>` and `damaged:<product id>`, whole numbers from 0. */
function returnCounts(form: Record<string, unknown>) {
  const missing = new Map<string, number>();
  const damaged = new Map<string, number>();
  for (const [key, value] of Object.entries(form)) {
    const [kind, productId] = key.split(':', 2);
    if ((kind !== 'missing' && kind !== 'damaged') || !productId) continue;
    const count = countOrZero(value, 100_000);
    if (count === null) return null;
    (kind === 'missing' ? missing : damaged).set(productId, count);
  }
  return { missing, damaged };
}

const ACTIONS: Record<string, OrderAction> = { confirm: 'confirm', decline: 'decline', cancel: 'cancel' };
const days = wholeNumber(1, 14, 'Choose from 1 to 14 days.');

/** The team's request list and each request's page, with its actions (all through the booking module). */
export function requestRoutes(deps: Services) {
  const { db, booking, clock, business } = deps;
  const app = new Hono<TeamEnv>();
  const ctx = (c: Context<TeamEnv>) => signedInPage(c, business());
  const back = (c: Context<TeamEnv>, id: string, done: string) => c.redirect(`/team/requests/${id}?done=${done}`, 303);
  /**
   * A hand-over or return form, sent from the request's page or a day sheet: its request, its fields,
   * the way back to where it was sent from (with what happened), and its day (null unless a real day
   * up to today).
   */
  const dayForm = async (c: Context<TeamEnv>) => {
    const id = c.req.param('id') as string;
    const form = await c.req.parseBody();
    const to = sheetBack(form.back);
    const done = (code: string) => (to ? c.redirect(`${to}?done=${code}`, 303) : back(c, id, code));
    const parsed = pastDay(booking.today()).safeParse(form.day);
    return { id, form, done, day: parsed.success ? parsed.data : null };
  };
  const missing = (c: Context<TeamEnv>) => c.html(notFoundPage(ctx(c), 'There is no request with this number.'), 404);

  app.get('/', async (c) => {
    const filter = requestFilter.parse(c.req.query());
    const now = clock();
    return c.html(requestsPage(ctx(c), filter, await listRequests(db, booking, filter, now), now));
  });

  app.get('/:id{[0-9]+}', async (c) => {
    const id = c.req.param('id');
    const data = await requestPageData(deps, id);
    if (!data) return missing(c);
    const message = DONE[c.req.query('done') ?? ''];
    // ?act=…: a team email's link, opened here with its action ready (one tap, after signing in).
    const asked = message ? undefined : ACTIONS[c.req.query('act') ?? ''];
    return c.html(requestPage(ctx(c), data, message, asked));
  });

  app.post('/:id{[0-9]+}/:action{confirm|decline|cancel}', async (c) => {
    const id = c.req.param('id');
    const form = await c.req.parseBody();
    const action = ACTIONS[c.req.param('action')] as OrderAction;
    const note = action !== 'confirm' && typeof form.note === 'string' ? form.note.trim().slice(0, 1000) || null : null;
    const { member } = c.var.session;
    // A confirmed booking's cancel names the refund of the hire paid (dollars), as the terms put it.
    const refund = typeof form.refund === 'string' ? form.refund.trim().replace(/^\$/, '').replace(/,/g, '') : '';
    if (refund && !/^\d{1,7}(\.\d{1,2})?$/.test(refund)) return back(c, id, 'bad_refund');
    const outcome = await decide(deps, id, action, { id: member.id, email: member.email }, note, {
      refundCents:
        action === 'cancel' && typeof form.refund === 'string'
          ? refund
            ? Math.round(Number(refund) * 100)
            : null
          : undefined,
    });
    if (outcome.kind === 'not_found') return missing(c);
    if (outcome.kind === 'bad_refund') return back(c, id, 'bad_refund');
    if (outcome.kind === 'applied') {
      // A customer taken by phone with no email address was not emailed: the page says to call.
      const emailed = await customerHasEmail(db, id);
      const decision = outcome.order.decision ?? 'unchanged';
      return back(c, id, emailed || decision === 'unchanged' ? decision : `${decision}_call`);
    }
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

  app.post('/:id{[0-9]+}/hand-over', async (c) => {
    const { id, done, day } = await dayForm(c);
    if (!day) return done('no_day');
    const { member } = c.var.session;
    const outcome = await handOver(deps, id, day, { id: member.id, email: member.email });
    if (outcome.kind === 'not_found') return missing(c);
    if (outcome.kind === 'not_allowed') return done('no_role');
    if (outcome.kind === 'too_early') return done('hand_over_too_early');
    return done(outcome.kind === 'applied' ? 'handed_over' : 'unchanged');
  });

  app.post('/:id{[0-9]+}/return', async (c) => {
    const { id, form, done, day } = await dayForm(c);
    if (!day) return done('no_day');
    const counts = returnCounts(form);
    if (!counts) return done('bad_count');
    const note = typeof form.note === 'string' ? form.note.trim().slice(0, 1000) || null : null;
    if (!(await requestExists(db, id))) return missing(c);
    // A photo, when the member took one: kept before the return is recorded, dropped if it is not.
    let photo: string | null = null;
    if (form.photo instanceof File && form.photo.size > 0) {
      const stored = await storeReturnPhoto(deps.config.photosDir, id, new Uint8Array(await form.photo.arrayBuffer()));
      if (stored.kind === 'invalid') return done(stored.tooLarge ? 'photo_too_large' : 'bad_photo');
      photo = stored.name;
    }
    const { member } = c.var.session;
    const outcome = await recordReturn(
      deps,
      id,
      { day, ...counts, note, photo },
      {
        id: member.id,
        email: member.email,
      },
    );
    if (outcome.kind !== 'applied' && photo) await dropReturnPhoto(deps.config.photosDir, id, photo);
    if (outcome.kind === 'not_found') return missing(c);
    if (outcome.kind === 'not_allowed') return done('no_role');
    if (outcome.kind !== 'applied') return done(outcome.kind);
    return done(outcome.state === 'out' ? 'returned_partly' : 'returned');
  });

  // A return's photo: the team's own record, for signed-in members only, never kept by a cache.
  app.get('/:id{[0-9]+}/return-photos/:name', async (c) => {
    const photo = await readReturnPhoto(deps.config.photosDir, c.req.param('id'), c.req.param('name'));
    if (!photo) return missing(c);
    return c.body(new Uint8Array(photo), 200, { 'Content-Type': 'image/webp', 'Cache-Control': 'private, no-store' });
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
