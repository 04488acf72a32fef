import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DecisionOutcome, ExtendOutcome, OrderAction, ReturnInput } from '../../booking';
import { customers, orders, teamNotes } from '../../db/schema';
import { publicOrigin } from '../../lib/public-origin';
import { enqueueMail } from '../../mail/queue';
import { cancellationPreview, chosenRefund, recordCancellation } from '../cancellation';
import type { ServiceContext } from '../context';
import { issueInvoice } from '../documents';
import { renderDecisionEmail } from '../emails';
import { queueConfirmation } from '../paid-confirm';
import { actingRole, mayCancelConfirmed, mayChangeRequests } from './acting-role';
import { type Acting, logActivity } from './activity';
import { refundCancellationToCards, refundDeclinedToCards } from './payment-actions';

const DONE = { confirm: 'confirmed', decline: 'declined', cancel: 'cancelled' } as const;

const actorOf = (by: Acting) => (typeof by === 'string' ? by : (`team:${by.id}` as const));

/**
 * The team's answer to a request, from the workspace or an email link: through the booking module,
 * in one write transaction with the customer's email and the activity log's line. A refused confirm
 * is logged too (with what was short); an answer that changes nothing is not.
 */
export async function decide(
  deps: ServiceContext,
  orderId: string,
  action: OrderAction,
  by: Acting,
  note: string | null,
  limits: {
    /** A confirmed booking's refund of the hire paid (cents): the terms' figure when not given (0 where they leave it open). */
    refundCents?: number | null;
  } = {},
): Promise<DecisionOutcome | { kind: 'not_allowed' } | { kind: 'bad_refund'; maxCents: number }> {
  const now = deps.clock();
  const [customer] = await deps.db
    .select({ name: customers.name, email: customers.email })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId));
  if (!customer) return { kind: 'not_found' };
  let refundAfter = 0;
  const decided = await deps.db.transaction(async (tx) => {
    // Read in the write transaction: a request confirmed a moment ago counts as confirmed.
    const preview = action === 'cancel' ? await cancellationPreview(tx, deps, orderId) : null;
    // The actor's role, read here: a viewer or a removed member changes nothing, and only those the
    // owner allows cancel a confirmed booking (fails closed for anyone else).
    const role = await actingRole(tx, by);
    if (!mayChangeRequests(role)) return { kind: 'not_allowed' as const };
    if (action === 'cancel' && !mayCancelConfirmed(role, deps.business())) {
      const [row] = await tx.select({ decision: orders.decision }).from(orders).where(eq(orders.id, orderId));
      if (row?.decision === 'confirmed') return { kind: 'not_allowed' as const };
    }
    const refund = preview
      ? chosenRefund(
          preview,
          // An email link names no refund: the terms' figure, or none where they leave it to the team.
          limits.refundCents === undefined ? (preview.termsRefundCents ?? 0) : limits.refundCents,
        )
      : null;
    if (refund && !refund.ok) return { kind: 'bad_refund' as const, maxCents: refund.maxCents };
    const result = await deps.booking.decide(tx, orderId, action, actorOf(by), note);
    if (result.kind === 'not_found' || result.kind === 'unchanged') return result;
    const decision = DONE[action];
    if (result.kind === 'refused') {
      await logActivity(
        tx,
        by,
        {
          kind: 'refused',
          subjectType: 'request',
          subjectId: orderId,
          summary: `Tried to confirm request ${orderId}: refused, it is short`,
          after: { shortfalls: result.shortfalls.map((s) => `${s.name}: ${s.needed} needed, ${s.free} free`) },
        },
        now,
      );
      return result;
    }
    const invoice = decision === 'confirmed' ? await issueInvoice(tx, deps, orderId, now) : null;
    // A confirmed booking cancelled: the ladder's refund recorded, and the credit note to the invoice.
    const cancelled =
      preview && refund?.ok ? await recordCancellation(tx, deps, orderId, preview, refund.refundCents, now) : null;
    if (cancelled && preview && refund?.ok) refundAfter = refund.refundCents + preview.bondPaidCents;
    const told = cancelled ? [note, ...cancelled.lines].filter(Boolean).join('\n\n') : note;
    const attached = invoice ?? cancelled?.creditNote ?? null;
    // A customer taken by phone with no email address is told by the team, not emailed.
    if (customer.email && decision === 'confirmed') {
      await queueConfirmation(tx, deps, orderId, { email: customer.email, invoiceId: invoice?.id ?? null, note, now });
    } else if (customer.email && decision !== 'confirmed') {
      await enqueueMail(
        tx,
        {
          kind: `order_${decision}`,
          to: customer.email,
          payload: { orderId, decision, note },
          orderId,
          dedupeKey: `order_${decision}:${orderId}`,
          ...(attached ? { attachments: [attached.id] } : {}),
          ...renderDecisionEmail(
            decision,
            { orderId, customerName: customer.name, hireDate: result.order.startsAt.slice(0, 10) },
            told,
            publicOrigin(deps.config),
            deps.business(),
          ),
        },
        now,
      );
    }
    await logActivity(
      tx,
      by,
      {
        kind: decision,
        subjectType: 'request',
        subjectId: orderId,
        summary: `${decision[0]?.toUpperCase()}${decision.slice(1)} request ${orderId}${by === 'email link' ? ' through an email link' : ''}`,
        after: {
          decision,
          ...(note ? { note } : {}),
          ...(invoice ? { invoice: invoice.number } : {}),
          ...(cancelled && refund?.ok
            ? { refundCents: refund.refundCents, creditNote: cancelled.creditNote?.number ?? null }
            : {}),
        },
      },
      now,
    );
    return result;
  });
  // Money paid by card goes back to the card through Stripe; the rest is listed for the team to pay.
  if (refundAfter > 0 && decided.kind === 'applied') await refundCancellationToCards(deps, orderId, by);
  // A request paid for before the team answered it (sign and pay), declined: paid back at once.
  if (action === 'decline' && decided.kind === 'applied') await refundDeclinedToCards(deps, orderId, by);
  return decided;
}

/** Gives an open request's hold more days (see Booking.extend), logged with the hold's new end. */
export async function extend(deps: ServiceContext, orderId: string, days: number, by: Acting): Promise<ExtendOutcome> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const result = await deps.booking.extend(tx, orderId, days, actorOf(by));
    if (result.kind === 'applied' || result.kind === 'refused') {
      await logActivity(
        tx,
        by,
        {
          kind: result.kind === 'applied' ? 'extended' : 'extend_refused',
          subjectType: 'request',
          subjectId: orderId,
          summary:
            result.kind === 'applied'
              ? `Extended the hold of request ${orderId} by ${days} day${days === 1 ? '' : 's'}`
              : `Tried to extend the hold of request ${orderId}: refused, it is short`,
          after: result.kind === 'applied' ? { expiresAt: result.expiresAt } : null,
        },
        now,
      );
    }
    return result;
  });
}

/** A private note on a request: the team's only, never sent. */
export async function addNote(deps: ServiceContext, orderId: string, text: string, by: { id: string; email: string }) {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await tx.insert(teamNotes).values({ id: randomUUID(), orderId, memberId: by.id, at: now.toISOString(), text });
    await logActivity(
      tx,
      by,
      {
        kind: 'note',
        subjectType: 'request',
        subjectId: orderId,
        summary: `Noted on request ${orderId}`,
        after: { text },
      },
      now,
    );
  });
}

/** Picked up or delivered on `day`: through the booking module, with the activity log's line. */
export async function handOver(deps: ServiceContext, orderId: string, day: string, by: Acting) {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    if (!mayChangeRequests(await actingRole(tx, by))) return { kind: 'not_allowed' as const };
    const result = await deps.booking.handOver(tx, orderId, day, actorOf(by));
    if (result.kind === 'applied') {
      const verb = result.order.fulfillmentType === 'delivery' ? 'Delivered' : 'Picked up';
      await logActivity(
        tx,
        by,
        {
          kind: 'handed_over',
          subjectType: 'request',
          subjectId: orderId,
          summary: `${verb} request ${orderId} on ${day}`,
          before: { handedOverOn: null },
          after: { handedOverOn: day },
        },
        now,
      );
    }
    return result;
  });
}

/** Back on `day`, all or some (see Booking.recordReturn), logged with what was missing or damaged. */
export async function recordReturn(deps: ServiceContext, orderId: string, input: ReturnInput, by: Acting) {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    if (!mayChangeRequests(await actingRole(tx, by))) return { kind: 'not_allowed' as const };
    const result = await deps.booking.recordReturn(tx, orderId, input, actorOf(by));
    if (result.kind === 'applied') {
      const short = Object.keys(result.report.missing).length > 0;
      await logActivity(
        tx,
        by,
        {
          kind: short ? 'returned_partly' : 'returned',
          subjectType: 'request',
          subjectId: orderId,
          summary: `Recorded request ${orderId} back on ${input.day}${short ? ', with pieces missing' : ''}`,
          after: { returnedOn: input.day, ...result.report },
        },
        now,
      );
    }
    return result;
  });
}
