import { and, eq } from 'drizzle-orm';
import { type EmailBody, FALLBACK_ORDER_ID } from '../../src/lib/api-contract';
import { isCalendarDay } from '../../src/lib/api-contract/hold-window';
import type { RequestOutcome } from '../booking';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';
import { InvalidRequest } from '../lib/domain-errors';
import { publicOrigin } from '../lib/public-origin';
import { type Enqueued, enqueueMail, enqueueNewMails, type MailWriter } from '../mail/queue';
import { log } from '../observability/logger';
import { type OrderView, storedOrderView, totalsOfView } from '../orders';
import type { MailContext, ServiceContext } from './context';
import { renderAcknowledgementEmail, renderFallbackEmail, renderOrderEmail } from './emails';
import { teamRequestEmail } from './team-emails';

/**
 * A stored request's two emails, queued in the transaction that stores it: the customer's
 * confirmation (one per order) and the team's own email with its action links. Neither waits on the
 * shopper's browser, and no rate limit stops them.
 */
export async function queueRequestEmails(
  tx: MailWriter,
  ctx: MailContext,
  view: OrderView,
  customerEmail: string | null,
  outcome: RequestOutcome,
): Promise<void> {
  // A new order has no email yet: both go in with one write (the team's alone for a customer with no
  // email address, taken by phone).
  const customer = customerEmail
    ? [
        {
          kind: 'order_confirmation' as const,
          to: customerEmail,
          payload: { orderId: view.orderId },
          orderId: view.orderId,
          ...renderOrderEmail(view),
        },
      ]
    : [];
  await enqueueNewMails(tx, [...customer, teamRequestEmail(ctx, view, customerEmail, outcome)], ctx.clock());
}

const cents = (price: string | number) => Math.round(Number(price) * 100);

/** Logs where the client's copy of the order differs from the stored one; the email uses the stored one. */
function logTampering(view: OrderView, body: EmailBody, recipient: string) {
  const differences: string[] = [];
  if (body.customer_email.toLowerCase() !== recipient) differences.push('customer_email');
  if (cents(body.order_total) !== totalsOfView(view).totalCents) {
    differences.push(`order_total ${body.order_total}`);
  }
  const claimed = body.items.map((i) => `${i.name}|${i.quantity}|${cents(i.price)}`).join(';');
  const stored = view.items.map((i) => `${i.name}|${i.quantity}|${i.priceCents}`).join(';');
  if (claimed !== stored) differences.push('items');
  if (differences.length) {
    log().warn(`Email for order ${view.orderId}: the request's ${differences.join(', ')} differ from the stored order`);
  }
}

/**
 * The spec's fallback (order not stored): the request in full to the business, always queued; a fixed
 * acknowledgement to the visitor, unless that address has had too many already.
 */
async function queueFallback(deps: ServiceContext, body: EmailBody): Promise<Enqueued> {
  const { db, config, limiter } = deps;
  const origin = publicOrigin(config);
  const hireDate = body.order_date.slice(0, 10);
  const view: OrderView = {
    orderId: FALLBACK_ORDER_ID,
    customerName: body.customer_name,
    customerPhone: body.customer_phone,
    hireDate: body.order_date,
    fulfilment: body.order_fufilment_type,
    pickup:
      body.order_fufilment_type === 'pickup' && isCalendarDay(hireDate)
        ? deps.booking.window(hireDate, 'pickup')
        : null,
    deliveryAddress: body.order_delivery_address ?? null,
    notes: body.order_notes ?? null,
    wantsSignage: body.wantsSignage,
    items: body.items.map((item) => ({
      name: item.name,
      quantity: item.quantity,
      priceCents: cents(item.price),
      variations: item.bundleVariations.map((v) => v.name),
    })),
    // As the visitor's browser sent it (the team checks it): the lines' sum, on the shop's price basis.
    pricesIncludeGst: deps.business().pricesIncludeGst,
    subtotalCents: body.items.reduce((sum, item) => sum + cents(item.price) * item.quantity, 0),
    problem: [body.errorMessage, body.manualProcessingDetails?.cause].filter(Boolean).join(' ') || null,
    shopUrl: origin,
    brand: deps.business(),
  };
  const verdict = await limiter.hit(
    'email-recipient',
    body.customer_email.toLowerCase(),
    config.rateLimits.emailRecipient,
  );
  const now = deps.clock();
  return db.transaction(async (tx) => {
    const team = await enqueueMail(
      tx,
      {
        kind: 'order_fallback',
        to: config.businessEmail,
        replyTo: body.customer_email,
        payload: body,
        orderId: FALLBACK_ORDER_ID,
        ...renderFallbackEmail(view, body.customer_email),
      },
      now,
    );
    if (verdict.limited) return team;
    return enqueueMail(
      tx,
      {
        kind: 'order_acknowledgement',
        to: body.customer_email,
        // The request is kept with the record for the team; none of it is in the email.
        payload: body,
        orderId: FALLBACK_ORDER_ID,
        ...renderAcknowledgementEmail(deps.business(), origin),
      },
      now,
    );
  });
}

/**
 * POST /api/email. A stored order's confirmation was queued with the order: this answers it (the
 * spec's call, however often it is made, gives one email). An order stored before that (an older
 * release) gets its emails queued now. Recipient, items and total always come from the database.
 * 'Unassigned' is the spec's fallback.
 */
export async function answerEmailRequest(deps: ServiceContext, body: EmailBody): Promise<Enqueued> {
  if (body.order_id === FALLBACK_ORDER_ID) return queueFallback(deps, body);
  const { db } = deps;
  const { view, order, customer } = await storedOrderView(db, deps, body.order_id);
  // A request taken by phone with no email address has no confirmation to send.
  if (!customer.email) throw new InvalidRequest('order_id', `order ${order.id} has no email address to send to`);
  const to = customer.email;
  logTampering(view, body, to);
  const existing = async (reader: Pick<Db, 'select'>) =>
    (
      await reader
        .select({ id: emailOutbox.id, status: emailOutbox.status })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, 'order_confirmation'), eq(emailOutbox.orderId, order.id)))
    )[0];
  const first = await existing(db);
  if (first) return { ...first, existing: true };
  return db.transaction(async (tx) => {
    const again = await existing(tx);
    if (again) return { ...again, existing: true };
    const now = deps.clock();
    const sent = await enqueueMail(
      tx,
      {
        kind: 'order_confirmation',
        to,
        payload: { orderId: order.id },
        orderId: order.id,
        ...renderOrderEmail(view),
      },
      now,
    );
    const state = await deps.booking.state(tx, order.id);
    await enqueueMail(
      tx,
      teamRequestEmail(deps, view, customer.email, {
        held:
          state?.kind === 'holding' ||
          state?.kind === 'confirmed' ||
          state?.kind === 'out' ||
          state?.kind === 'returned',
        window: state?.window ?? deps.booking.window(view.hireDate, order.fulfillmentType, view.lastDay),
        expiresAt: state && 'expiresAt' in state ? state.expiresAt : null,
        shortfalls: state && 'shortfalls' in state ? state.shortfalls : [],
        free: [],
      }),
      now,
    );
    return sent;
  });
}
