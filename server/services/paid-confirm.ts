import { and, eq, isNotNull } from 'drizzle-orm';
import { dayIn } from '../../src/lib/api-contract/dates';
import { formatMoney } from '../../src/lib/api-contract/money';
import type { Tx } from '../booking';
import { customers, orders, termsAcceptances } from '../db/schema';
import { html } from '../lib/html';
import { publicOrigin } from '../lib/public-origin';
import { enqueueMail } from '../mail/queue';
import { storedOrderView } from '../orders';
import { bookingPageUrl } from './booking-links';
import type { ServiceContext } from './context';
import { issueInvoice } from './documents';
import { agreementAttachment } from './email-attachments';
import { layout, renderConfirmedEmail } from './emails';
import { storedOrderCategoryKeys } from './order-categories';
import { latestQuote } from './quotes';
import { logActivity } from './team/activity';

/**
 * Sign and pay, then booked (issue 61). A request still waiting for the team may be paid for by card
 * when its customer accepted its newest quote, or where the business books without waiting
 * (`payments.book_without_waiting`). When that payment arrives, in the payment's own transaction, the
 * booking module confirms it if every item is still held (re-checked under the write lock): the tax
 * invoice is issued, the customer gets the confirmation with it, and the team is told. If something
 * is short, nothing is confirmed and the team decides; declining then pays the money back at once.
 */

/** Whether a waiting request may be paid for now, before the team answers it. */
export async function mayPayBeforeConfirm(
  db: Pick<ServiceContext['db'], 'select'>,
  deps: Pick<ServiceContext, 'business'>,
  orderId: string,
) {
  if (deps.business().payments.bookWithoutWaiting) return true;
  const quote = await latestQuote(db, orderId);
  if (!quote) return false;
  const [accepted] = await db
    .select({ id: termsAcceptances.id })
    .from(termsAcceptances)
    .where(and(eq(termsAcceptances.orderId, orderId), eq(termsAcceptances.quoteVersion, quote.version)));
  return accepted !== undefined;
}

/** The confirmation email, with the tax invoice attached: the team's confirm and a paid confirm send the same. */
export async function queueConfirmation(
  tx: Tx,
  deps: ServiceContext,
  orderId: string,
  { email, invoiceId, note, now }: { email: string; invoiceId: string | null; note: string | null; now: Date },
) {
  const [signature] = await tx
    .select({ kind: termsAcceptances.signatureKind })
    .from(termsAcceptances)
    .where(and(eq(termsAcceptances.orderId, orderId), isNotNull(termsAcceptances.signatureKind)));
  const signed = signature !== undefined;
  await enqueueMail(
    tx,
    {
      kind: 'order_confirmed',
      to: email,
      payload: { orderId, decision: 'confirmed', note },
      orderId,
      dedupeKey: `order_confirmed:${orderId}`,
      // The tax invoice, and the signed agreement where the customer signed one (issue 61).
      ...(invoiceId || signed
        ? { attachments: [...(invoiceId ? [invoiceId] : []), ...(signed ? [agreementAttachment(orderId)] : [])] }
        : {}),
      ...renderConfirmedEmail((await storedOrderView(tx, deps, orderId)).view, {
        confirmedOn: dayIn(now, deps.business().timeZone),
        categoryKeys: await storedOrderCategoryKeys(tx, orderId),
        note,
        bookingUrl: bookingPageUrl(deps, orderId),
      }),
    },
    now,
  );
}

/** A waiting request paid for: confirmed when every item is held, else left to the team; both told. */
export async function confirmOnPayment(
  tx: Tx,
  deps: ServiceContext,
  orderId: string,
  paidCents: number,
  now: Date,
): Promise<'confirmed' | 'short' | 'not_waiting'> {
  const [order] = await tx
    .select({ decision: orders.decision, email: customers.email, name: customers.name })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId));
  if (!order || order.decision !== null || !(await mayPayBeforeConfirm(tx, deps, orderId))) return 'not_waiting';
  const result = await deps.booking.decide(tx, orderId, 'confirm', 'system', null);
  const url = `${publicOrigin(deps.config)}/team/requests/${orderId}`;
  const paid = formatMoney(paidCents);
  if (result.kind === 'applied') {
    const invoice = await issueInvoice(tx, deps, orderId, now);
    if (order.email)
      await queueConfirmation(tx, deps, orderId, {
        email: order.email,
        invoiceId: invoice?.id ?? null,
        note: null,
        now,
      });
    const summary = `Confirmed request ${orderId}: ${order.name} paid ${paid} by card and every item was still free${invoice ? `; tax invoice ${invoice.number}` : ''}`;
    await tellTeam(tx, deps, orderId, `Request ${orderId} is booked: ${order.name} paid`, `${summary}.`, url, now);
    await logActivity(
      tx,
      'system',
      {
        kind: 'confirmed',
        subjectType: 'request',
        subjectId: orderId,
        summary,
        after: { decision: 'confirmed', paidCents },
      },
      now,
    );
    return 'confirmed';
  }
  if (result.kind !== 'refused') return 'not_waiting';
  const short = result.shortfalls.map((s) => `${s.name}: ${s.needed} needed, ${s.free} free`).join('; ');
  const summary = `${order.name} paid ${paid} by card for request ${orderId}, but it is short (${short}): nothing was confirmed. Confirm it once the stock is free, or decline it and the payment goes back to the card at once`;
  await tellTeam(tx, deps, orderId, `Request ${orderId} paid, but short: decide`, `${summary}.`, url, now);
  await logActivity(
    tx,
    'system',
    { kind: 'refused', subjectType: 'request', subjectId: orderId, summary, after: { paidCents, short } },
    now,
  );
  return 'short';
}

async function tellTeam(
  tx: Tx,
  deps: ServiceContext,
  orderId: string,
  subject: string,
  message: string,
  url: string,
  now: Date,
) {
  await enqueueMail(
    tx,
    {
      kind: 'order_paid',
      to: deps.config.businessEmail,
      payload: { orderId },
      orderId,
      dedupeKey: `order_paid:${orderId}:${now.toISOString()}`,
      subject,
      html: layout(deps.business(), subject, html`<p>${message}</p><p><a href="${url}">Open the request</a></p>`),
      text: `${message}\n\n${url}`,
    },
    now,
  );
}
