import { asc, eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { BusinessSettings } from '../../../src/lib/api-contract/business-settings';
import { longDate } from '../../../src/lib/api-contract/dates';
import { billOf, formatMoney, quantityText, totalsSentence } from '../../../src/lib/api-contract/money';
import type { Services } from '../../app-services';
import { allowedAfter, type BookingState, type OrderAction } from '../../booking';
import type { Db } from '../../db/client';
import { customers, orderLines, orders } from '../../db/schema';
import { type Html, html } from '../../lib/html';
import { ownLinesOf, ownLineView } from '../../orders';
import { flash } from '../../render/team/layout';
import { stateText, windowText } from '../../render/team/request-state';
import { verifyAction } from '../../services/action-tokens';
import { deliveryLine, shortfallText, whenText } from '../../services/emails';
import { decide } from '../../services/team/request-actions';
import { teamPage } from './link-page';

const VERB: Record<OrderAction, { title: string; button: string; done: 'confirmed' | 'declined' | 'cancelled' }> = {
  confirm: { title: 'Confirm', button: 'Confirm this request', done: 'confirmed' },
  decline: { title: 'Decline', button: 'Decline this request', done: 'declined' },
  cancel: { title: 'Cancel', button: 'Cancel this request', done: 'cancelled' },
};

async function loadRequest(db: Db, orderId: string) {
  const [row] = await db
    .select({ order: orders, customer: customers })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  const own = (await ownLinesOf(db, orderId)).map(ownLineView);
  return { ...row, lines, own };
}
type Request = NonNullable<Awaited<ReturnType<typeof loadRequest>>>;

function summary({ order, customer, lines, own }: Request, state: BookingState, brand: BusinessSettings): Html {
  const { line, short } = stateText(state, brand.timeZone);
  // The lines and the delivery fee on the request's own price basis.
  const bill = billOf(
    [
      ...lines.map((l) => ({ unitCents: l.priceInCents, quantity: l.quantity })),
      ...(order.fulfillmentType === 'delivery' && order.deliveryFeeInCents != null
        ? [{ unitCents: order.deliveryFeeInCents, quantity: 1 }]
        : []),
      ...own.map((l) => ({ unitCents: l.unitCents, quantity: l.quantity, gstFree: l.gstFree })),
    ],
    {
      ...brand,
      pricesIncludeGst: order.pricesIncludeGst,
      ...(order.pricesIncludeGst ? { priceDisplay: 'including_gst' } : {}),
    },
  );
  const pickup = order.fulfillmentType === 'pickup' ? state.window : null;
  const how = deliveryLine({ fulfilment: order.fulfillmentType, pickup, deliveryAddress: order.deliveryAddress });
  return html`<section class="card"><dl class="facts">
<dt>Request</dt><dd>${order.id}</dd>
<dt>Now</dt><dd class="state">${line}</dd>
${order.stopsAt.slice(0, 10) > order.startsAt.slice(0, 10) ? html`<dt>Hire dates</dt><dd>${longDate(order.startsAt.slice(0, 10))} to ${longDate(order.stopsAt.slice(0, 10))}</dd>` : html`<dt>Hire date</dt><dd>${longDate(order.startsAt.slice(0, 10))}</dd>`}
<dt>Customer</dt><dd>${customer.name} · <a href="mailto:${customer.email}">${customer.email}</a> · ${customer.phone ?? ''}</dd>
<dt>How</dt><dd>${how}</dd>
${order.notes ? html`<dt>Notes</dt><dd class="notes">${order.notes}</dd>` : ''}
${order.wantsSignage ? html`<dt>Signage</dt><dd>They would like signage or decals.</dd>` : ''}
</dl>
${short.length ? html`<div class="flash problem" role="note"><p><strong>Short:</strong></p><ul>${short.map((s) => html`<li>${s}</li>`)}</ul></div>` : ''}
<ul>${lines.map((l, i) => html`<li>${l.title}: ${quantityText(l.quantity, bill.lines[i] ?? { unitCents: 0, lineCents: 0 }, { totalShown: false })}</li>`)}${order.fulfillmentType === 'delivery' && order.deliveryFeeInCents != null ? html`<li>${order.deliveryFeeLabel ?? 'Delivery'}: ${formatMoney(bill.lines[lines.length]?.lineCents ?? 0)}</li>` : ''}${own.map((l, i) => html`<li>${l.description}${l.gstFree ? ' (GST-free)' : ''}: ${formatMoney(bill.lines[bill.lines.length - own.length + i]?.lineCents ?? 0)}</li>`)}</ul>
<p>${totalsSentence(bill, brand.gstRate)}</p>
<p><a href="/team/requests/${order.id}">Open this request in the team workspace</a> (its emails, history, notes and every action).</p></section>`;
}

/**
 * The pages behind the team email's links, no login: the token is the key. GET shows the request as
 * it stands now and one button, and changes nothing (mail scanners follow links); the POST acts
 * through the booking module, once, and queues the customer's email in the same transaction. A
 * forged, altered or expired token is refused with a page that says so.
 */
export function teamRoutes(services: Services) {
  const { db, booking, secret, clock, business } = services;
  const app = new Hono();
  const noStore = (c: Context) => c.header('Cache-Control', 'no-store');

  const check = async (c: Context) => {
    noStore(c);
    const result = verifyAction(secret, c.req.param('token') ?? '', clock());
    if (!result.ok) {
      const page =
        result.reason === 'expired'
          ? teamPage(
              business(),
              'Link expired',
              html`<p>This link has expired: Confirm and Decline links work for 30 days, Cancel links until the hire ends. Open the request from a newer email (every reminder carries fresh links).</p>`,
            )
          : teamPage(
              business(),
              'Link not valid',
              html`<p>This link is not valid: it may have been cut short or changed when it was copied. Nothing was changed. Open it from the email as it came.</p>`,
            );
      return { response: c.html(page, result.reason === 'expired' ? 410 : 403) };
    }
    const request = await loadRequest(db, result.orderId);
    const state = request ? await booking.state(db, result.orderId) : null;
    if (!request || !state) return { response: notOnRecord(c) };
    return { action: result.action, request, state };
  };

  const notOnRecord = (c: Context) =>
    c.html(teamPage(business(), 'Request not found', html`<p>This request is no longer on record.</p>`), 404);

  // The workspace's own request pages (a number, or the new-request form) are not email links.
  const workspacePage = (token: string | undefined) => /^(\d+|new)$/.test(token ?? '');

  /**
   * Unless the owner lets email links act on their own, a link opens the request in the workspace
   * with its action ready (signing in first), and a POST to it changes nothing.
   */
  const signInFirst = () => !business().emailLinksActWithoutSignIn;
  const inWorkspace = (orderId: string, action: OrderAction) => `/team/requests/${orderId}?act=${action}`;

  app.get('/requests/:token', async (c, next) => {
    if (workspacePage(c.req.param('token'))) return next();
    const checked = await check(c);
    if ('response' in checked) return checked.response;
    const { action, request, state } = checked;
    if (signInFirst()) return c.redirect(inWorkspace(request.order.id, action), 303);
    const verb = VERB[action];
    const blocked = action === 'confirm' && 'shortfalls' in state && (state.shortfalls.length || state.unplaced.length);
    const form = !allowedAfter(action, request.order.decision)
      ? flash(
          `Nothing to do: this request was ${request.order.decision ?? ''} ${whenText(request.order.decidedAt ?? '', business().timeZone)}.`,
        )
      : blocked
        ? flash(
            'It cannot be confirmed while it is short: decline or cancel a request that holds what it needs first, or decline this one.',
            'problem',
          )
        : html`<form method="post" class="stack">
${action === 'confirm' ? '' : html`<label for="note">Message to the customer (optional)</label><textarea id="note" name="note" rows="4" maxlength="1000"></textarea>`}
<button type="submit">${verb.button}</button></form>`;
    return c.html(
      teamPage(
        business(),
        `${verb.title} order request ${request.order.id}`,
        html`${summary(request, state, business())}${form}`,
      ),
    );
  });

  app.post(
    '/requests/:token',
    bodyLimit({ maxSize: 8 * 1024, onError: (c) => c.text('The message is too long.', 413) }),
    async (c, next) => {
      if (workspacePage(c.req.param('token'))) return next();
      const checked = await check(c);
      if ('response' in checked) return checked.response;
      const { action, request } = checked;
      if (signInFirst()) {
        return c.html(
          teamPage(
            business(),
            'Sign in to answer this request',
            html`<p>Nothing was changed: requests are answered by a signed-in member of the team.</p>
<p><a href="${inWorkspace(request.order.id, action)}">Open order request ${request.order.id} in the workspace</a></p>`,
          ),
          403,
        );
      }
      const form = await c.req.parseBody();
      const note =
        action !== 'confirm' && typeof form.note === 'string' ? form.note.trim().slice(0, 1000) || null : null;
      const decision = VERB[action].done;
      const outcome = await decide(services, request.order.id, action, 'email link', note);
      if (outcome.kind === 'not_found') return notOnRecord(c);
      if (outcome.kind === 'not_allowed') {
        return c.html(
          teamPage(business(), 'Not changed', html`<p>Only an owner can cancel a confirmed booking.</p>`),
          403,
        );
      }
      if (outcome.kind === 'bad_refund') {
        return c.html(
          teamPage(business(), 'Not changed', html`<p>Cancel it in the workspace, where you choose the refund.</p>`),
          409,
        );
      }
      const state = await booking.state(db, request.order.id);
      const fresh = { ...request, order: outcome.order };
      if (!state) return notOnRecord(c);
      if (outcome.kind === 'unchanged') {
        return c.html(
          teamPage(
            business(),
            `Order request ${request.order.id}`,
            html`${flash(`Nothing changed: this request was ${outcome.order.decision ?? ''} ${whenText(outcome.order.decidedAt ?? '', business().timeZone)}.`)}${summary(fresh, state, business())}`,
          ),
          409,
        );
      }
      if (outcome.kind === 'refused') {
        const short = [...outcome.shortfalls.map(shortfallText), ...outcome.unplaced];
        return c.html(
          teamPage(
            business(),
            `Order request ${request.order.id} not confirmed`,
            html`${flash(`Not confirmed: nothing was changed, because it is short ${windowText(outcome.window)}.`, 'problem')}<ul>${short.map((s) => html`<li>${s}</li>`)}</ul>${summary(fresh, state, business())}`,
          ),
          409,
        );
      }
      return c.html(
        teamPage(
          business(),
          `Order request ${request.order.id} ${decision}`,
          html`${flash(`Done: the request is ${decision}. ${request.customer.name} has been emailed.`)}${summary(fresh, state, business())}`,
        ),
      );
    },
  );

  return app;
}
