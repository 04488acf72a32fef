import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { dayIn } from '../../src/lib/api-contract/dates';
import { formatMoney } from '../../src/lib/api-contract/money';
import type { Tx } from '../booking';
import { bondHolds, cardDisputes, cardRefunds, payments } from '../db/schema';
import type { ServiceContext } from '../services/context';
import { logActivity } from '../services/team/activity';
import type { Applied } from './card-events';
import { cardSourcesOf, orderOfPaymentIntent } from './card-sources';
import { moneySettingsOf, recordEntries } from './ledger';
import { DISPUTE_LIFE_CYCLE, type DisputeState, nextMoneyStep, REFUND_LIFE_CYCLE } from './life-cycle';
import { documentedAndLogged } from './recorded-with';

/**
 * Money Stripe reports going back: refunds (ours, sent by the refund worker, or made in Stripe's
 * dashboard) recorded once by Stripe's refund id, and disputes, with a lost dispute recorded as money
 * the bank took back.
 */

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

/** Hire first, then the bond: what a refund of a card payment that names neither goes back against. */
async function towardsOf(tx: Tx, orderId: string, paymentIntent: string): Promise<'hire' | 'bond'> {
  const left = await cardSourcesOf(tx, orderId, 'hire');
  return (left.get(paymentIntent) ?? 0) > 0 ? 'hire' : 'bond';
}

/**
 * A refund Stripe made, recorded once by its id: one of ours (its intent in the metadata, or the
 * refund id the worker stored) completes that intent; any other was made in Stripe's dashboard.
 * Answers whether it recorded anything now.
 */
export async function recordStripeRefund(
  tx: Tx,
  deps: ServiceContext,
  input: { orderId: string; paymentIntent: string; refundId: string; cents: number; intentId?: string | null },
): Promise<boolean> {
  const [intent] = await tx
    .select()
    .from(cardRefunds)
    .where(
      input.intentId
        ? and(eq(cardRefunds.id, input.intentId), eq(cardRefunds.orderId, input.orderId))
        : eq(cardRefunds.stripeRefundId, input.refundId),
    );
  const now = deps.clock();
  const completeIntent = async () => {
    if (!intent || nextMoneyStep(REFUND_LIFE_CYCLE, intent.status, 'refunded').kind !== 'move') return;
    await tx
      .update(cardRefunds)
      .set({ status: 'done', stripeRefundId: input.refundId, doneAt: now.toISOString(), leaseUntil: null })
      .where(and(eq(cardRefunds.id, intent.id), eq(cardRefunds.status, 'pending')));
  };
  const [known] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.externalId, input.refundId));
  if (known) {
    await completeIntent();
    return false;
  }
  const business = deps.business();
  const towards = intent?.towards ?? (await towardsOf(tx, input.orderId, input.paymentIntent));
  const by = intent ? (intent.requestedBy === 'system' ? 'system' : intent.requestedBy) : 'stripe';
  const summary = intent
    ? `Refund of ${formatMoney(input.cents)} towards the ${towards} of request ${input.orderId} to the card (Stripe ${input.refundId})`
    : `Refund of ${formatMoney(input.cents)} made in Stripe's dashboard towards the ${towards} of request ${input.orderId} (Stripe ${input.refundId})`;
  const outcome = await recordEntries(
    tx,
    input.orderId,
    [
      {
        kind: 'refund',
        towards,
        method: 'card_online',
        amountCents: input.cents,
        paidOn: intent?.paidOn ?? dayIn(now, business.timeZone),
        note: intent?.note ?? (intent ? null : "Refunded in Stripe's dashboard"),
        externalId: input.refundId,
        providerRef: input.paymentIntent,
      },
    ],
    by,
    moneySettingsOf(business),
    now,
    documentedAndLogged(deps, 'system', input.orderId, now, 'refund', {
      summary,
      after: { refund: input.refundId, paymentIntent: input.paymentIntent, intent: intent?.id ?? null },
    }),
    // Stripe has paid it back: it is recorded whatever was recorded meanwhile.
    { received: true },
  );
  await completeIntent();
  return outcome.kind === 'recorded';
}

/** `charge.refunded`: every refund of the charge that the ledger does not have yet. */
export async function applyChargeRefunded(tx: Tx, deps: ServiceContext, charge: Stripe.Charge): Promise<Applied> {
  const paymentIntent = idOf(charge.payment_intent);
  const orderId = paymentIntent ? await orderOfPaymentIntent(tx, paymentIntent) : null;
  const detail = `Charge ${charge.id}: ${formatMoney(charge.amount_refunded)} refunded of ${formatMoney(charge.amount)}`;
  if (!paymentIntent || !orderId) return { outcome: 'unknown_payment', detail: `No card payment of ours. ${detail}` };
  // A bond hold taken from in part (issue 61): Stripe reports the part released as refunded. It was
  // never paid, so only what goes back beyond it is a refund (worked out from the totals below).
  const [hold] = await tx
    .select({ id: bondHolds.id })
    .from(bondHolds)
    .where(eq(bondHolds.paymentIntent, paymentIntent));
  const released = hold ? Math.max(0, charge.amount - charge.amount_captured) : 0;
  const listed = hold ? [] : (charge.refunds?.data ?? []);
  let recorded = 0;
  if (listed.length > 0) {
    for (const refund of listed) {
      if (refund.status === 'failed' || refund.status === 'canceled') continue;
      const intentId = refund.metadata?.refund_intent ?? null;
      if (
        await recordStripeRefund(tx, deps, {
          orderId,
          paymentIntent,
          refundId: refund.id,
          cents: refund.amount,
          intentId,
        })
      ) {
        recorded++;
      }
    }
  } else {
    // Without the list (newer API versions leave it out): the charge's total refunded, less what the
    // ledger has and what is on its way from here, is a refund made elsewhere.
    const refunded = await tx
      .select({ cents: payments.amountCents })
      .from(payments)
      .where(and(eq(payments.providerRef, paymentIntent), eq(payments.kind, 'refund')));
    const sending = await tx
      .select({ cents: cardRefunds.amountCents })
      .from(cardRefunds)
      .where(and(eq(cardRefunds.paymentIntent, paymentIntent), eq(cardRefunds.status, 'pending')));
    const known = [...refunded, ...sending].reduce((sum, row) => sum + row.cents, 0);
    const missing = charge.amount_refunded - released - known;
    if (missing > 0) {
      const refundId = `refunded:${charge.id}:${charge.amount_refunded}`;
      if (await recordStripeRefund(tx, deps, { orderId, paymentIntent, refundId, cents: missing })) recorded++;
    }
  }
  return { outcome: recorded > 0 ? 'applied' : 'duplicate', orderId, detail };
}

/** Stripe's dispute statuses in the team's words. */
const DISPUTE_WORDS: Record<string, string> = {
  warning_needs_response: 'opened: answer it in Stripe’s dashboard',
  needs_response: 'opened: answer it in Stripe’s dashboard',
  warning_under_review: 'under review by the bank',
  under_review: 'under review by the bank',
  won: 'won: the money stays with you',
  lost: 'lost: the bank took the payment back',
  warning_closed: 'closed',
};

/**
 * A dispute: opened (shown on the request and the Money page, the team told in the log), then won
 * (nothing moves) or lost (the money the bank took back is recorded as a refund, once by the dispute).
 */
export async function applyDispute(
  tx: Tx,
  deps: ServiceContext,
  dispute: Stripe.Dispute,
  phase: 'created' | 'updated' | 'closed',
): Promise<Applied> {
  const paymentIntent = idOf(dispute.payment_intent) ?? '';
  const orderId = paymentIntent ? await orderOfPaymentIntent(tx, paymentIntent) : null;
  const detail = `Dispute ${dispute.id} of ${formatMoney(dispute.amount)} (${dispute.reason.replaceAll('_', ' ')}): ${DISPUTE_WORDS[dispute.status] ?? dispute.status.replaceAll('_', ' ')}`;
  if (!orderId) return { outcome: 'unknown_payment', detail: `No card payment of ours. ${detail}` };
  const now = deps.clock();
  const [known] = await tx.select().from(cardDisputes).where(eq(cardDisputes.id, dispute.id));
  if (!known) {
    await tx.insert(cardDisputes).values({
      id: dispute.id,
      orderId,
      paymentIntent,
      amountCents: dispute.amount,
      reason: dispute.reason,
      status: 'open',
      openedAt: now.toISOString(),
    });
    await logActivity(
      tx,
      'system',
      {
        kind: 'payment',
        subjectType: 'request',
        subjectId: orderId,
        summary: `The customer disputed a card payment of ${formatMoney(dispute.amount)} on request ${orderId} with their bank (${dispute.reason}): answer it in Stripe's dashboard`,
        after: { dispute: dispute.id, status: dispute.status },
      },
      now,
    );
  }
  if (phase !== 'closed') return { outcome: known ? 'applied' : 'dispute_opened', orderId, detail };
  const to: DisputeState = dispute.status === 'won' ? 'won' : 'lost';
  const from = (known?.status ?? 'open') as DisputeState;
  if (nextMoneyStep(DISPUTE_LIFE_CYCLE, from, to).kind !== 'move') return { outcome: 'duplicate', orderId, detail };
  await tx
    .update(cardDisputes)
    .set({ status: to, closedAt: now.toISOString() })
    .where(and(eq(cardDisputes.id, dispute.id), eq(cardDisputes.status, from)));
  if (to === 'won') return { outcome: 'dispute_won', orderId, detail };
  const business = deps.business();
  const towards = await towardsOf(tx, orderId, paymentIntent);
  await recordEntries(
    tx,
    orderId,
    [
      {
        kind: 'refund',
        towards,
        method: 'card_online',
        amountCents: dispute.amount,
        paidOn: dayIn(now, business.timeZone),
        note: 'Dispute lost: the bank took the payment back',
        externalId: `dispute:${dispute.id}`,
        providerRef: paymentIntent,
      },
    ],
    'stripe',
    moneySettingsOf(business),
    now,
    documentedAndLogged(deps, 'system', orderId, now, 'refund', {
      summary: `Dispute lost: the bank took ${formatMoney(dispute.amount)} of request ${orderId} back`,
      after: { dispute: dispute.id },
    }),
    { received: true },
  );
  return { outcome: 'dispute_lost', orderId, detail };
}
