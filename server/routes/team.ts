import { asc, eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { longDate } from '../../src/lib/api-contract/dates';
import { holdWindow } from '../../src/lib/api-contract/hold-window';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { customers, orderLines, orders } from '../db/schema';
import { publicOrigin } from '../lib/public-origin';
import { type OrderAction, verifyAction } from '../services/action-tokens';
import { escapeHtml, money } from '../services/email-templates';
import { allowedAfter, decideOrder } from '../services/holds';
import type { Mailer } from '../services/mailer';
import { renderDecisionEmail } from '../services/team-email-templates';
import { teamPage } from './team-page';

export interface TeamDeps {
  db: Db;
  mailer: Mailer;
  config: ServerConfig;
  secret: string;
  clock: () => Date;
  /** Called after a decision changed holds, so this process's dated answers move on at once. */
  holdsChanged?: () => Promise<unknown>;
}

const VERB: Record<OrderAction, { title: string; button: string; done: string }> = {
  confirm: { title: 'Confirm', button: 'Confirm this request', done: 'confirmed' },
  decline: { title: 'Decline', button: 'Decline this request', done: 'declined' },
  cancel: { title: 'Cancel', button: 'Cancel this request', done: 'cancelled' },
};

const WHEN = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'Australia/Sydney',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

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
  return { ...row, lines };
}
type Request = NonNullable<Awaited<ReturnType<typeof loadRequest>>>;

function summary({ order, customer, lines }: Request): string {
  const window = holdWindow(order.startsAt.slice(0, 10), order.fulfillmentType);
  const fulfilment =
    order.fulfillmentType === 'delivery' ? `Delivery to ${order.deliveryAddress ?? ''}` : 'Pickup (dry hire)';
  const state =
    order.decision !== null
      ? `${order.decision} on ${WHEN.format(new Date(order.decidedAt ?? ''))}`
      : order.status === 'reserved'
        ? `holding its items from ${longDate(window.from)} to ${longDate(window.to)}, waiting for your answer`
        : `needs manual processing: ${order.problem ?? ''}`;
  return `<dl>
<dt>Request</dt><dd>${escapeHtml(order.id)}, ${escapeHtml(state)}</dd>
<dt>Hire date</dt><dd>${escapeHtml(longDate(order.startsAt.slice(0, 10)))}</dd>
<dt>Customer</dt><dd>${escapeHtml(customer.name)} · <a href="mailto:${escapeHtml(customer.email)}">${escapeHtml(customer.email)}</a> · ${escapeHtml(customer.phone ?? '')}</dd>
<dt>How</dt><dd>${escapeHtml(fulfilment)}</dd>
</dl>
<ul>${lines.map((line) => `<li>${escapeHtml(line.title)}: ${line.quantity} × ${money(line.priceInCents)}</li>`).join('')}</ul>
<p>Subtotal ${money(order.subtotalInCents)} before GST.</p>`;
}

/**
 * The pages behind the team email's links, no login: the token is the key. GET shows the request and
 * one button and changes nothing (mail scanners follow links); the POST acts, once. A forged, altered
 * or expired token is refused with a page that says so.
 */
export function teamRoutes({ db, mailer, config, secret, clock, holdsChanged = async () => {} }: TeamDeps) {
  const app = new Hono();
  const noStore = (c: Context) => c.header('Cache-Control', 'no-store');

  const check = async (c: Context) => {
    noStore(c);
    const result = verifyAction(secret, c.req.param('token') ?? '', clock());
    if (!result.ok) {
      const page =
        result.reason === 'expired'
          ? teamPage(
              'Link expired',
              '<p>This link has expired: links in our emails work for 30 days. Open the request from a newer email, or handle it by hand.</p>',
            )
          : teamPage(
              'Link not valid',
              '<p>This link is not valid: it may have been cut short or changed when it was copied. Nothing was changed. Open it from the email as it came.</p>',
            );
      return { response: c.html(page, result.reason === 'expired' ? 410 : 403) };
    }
    const request = await loadRequest(db, result.orderId);
    if (!request)
      return { response: c.html(teamPage('Request not found', '<p>This request is no longer on record.</p>'), 404) };
    return { action: result.action, request };
  };

  app.get('/requests/:token', async (c) => {
    const checked = await check(c);
    if ('response' in checked) return checked.response;
    const { action, request } = checked;
    const verb = VERB[action];
    const form = allowedAfter(action, request.order.decision)
      ? `<form method="post">
${action === 'decline' ? '<label for="note">Message to the customer (optional)</label><textarea id="note" name="note" rows="4" maxlength="1000"></textarea>' : ''}
<button type="submit">${verb.button}</button></form>`
      : `<p class="done">Nothing to do: this request was ${escapeHtml(request.order.decision ?? '')} on ${escapeHtml(WHEN.format(new Date(request.order.decidedAt ?? '')))}.</p>`;
    return c.html(teamPage(`${verb.title} order request ${request.order.id}`, `${summary(request)}${form}`));
  });

  app.post(
    '/requests/:token',
    bodyLimit({ maxSize: 8 * 1024, onError: (c) => c.text('The message is too long.', 413) }),
    async (c) => {
      const checked = await check(c);
      if ('response' in checked) return checked.response;
      const { action, request } = checked;
      const form = await c.req.parseBody();
      const note = typeof form.note === 'string' ? form.note.trim().slice(0, 1000) || null : null;
      const result = await decideOrder(db, request.order.id, action, action === 'decline' ? note : null, clock());
      if (!result.order)
        return c.html(teamPage('Request not found', '<p>This request is no longer on record.</p>'), 404);
      const fresh = { ...request, order: result.order };
      if (!result.applied) {
        return c.html(
          teamPage(
            `Order request ${request.order.id}`,
            `<p class="done">Nothing changed: this request was ${escapeHtml(result.order.decision ?? '')} on ${escapeHtml(WHEN.format(new Date(result.order.decidedAt ?? '')))}.</p>${summary(fresh)}`,
          ),
          409,
        );
      }
      await holdsChanged();
      let told = '';
      if (action !== 'cancel') {
        const decision = action === 'confirm' ? 'confirmed' : 'declined';
        await mailer.send({
          kind: decision === 'confirmed' ? 'order_confirmed' : 'order_declined',
          to: request.customer.email,
          payload: { orderId: request.order.id, decision, note },
          orderId: request.order.id,
          ...renderDecisionEmail(
            decision,
            {
              orderId: request.order.id,
              customerName: request.customer.name,
              hireDate: request.order.startsAt.slice(0, 10),
            },
            note,
            publicOrigin(config),
          ),
        });
        told = ` ${escapeHtml(request.customer.name)} has been emailed.`;
      }
      return c.html(
        teamPage(
          `Order request ${request.order.id} ${VERB[action].done}`,
          `<p class="done">Done: the request is ${VERB[action].done}.${told}</p>${summary(fresh)}`,
        ),
      );
    },
  );

  return app;
}
