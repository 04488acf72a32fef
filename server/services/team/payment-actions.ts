import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { dayIn } from '../../../src/lib/api-contract/dates';
import { formatMoney } from '../../../src/lib/api-contract/money';
import { payments } from '../../db/schema';
import { log } from '../../observability/logger';
import { cancellationOf } from '../cancellation';
import type { ServiceContext } from '../context';
import { issuePaymentDocument } from '../documents';
import {
  moneySettingsOf,
  PAYMENT_METHODS,
  type PaymentInput,
  type RecordOutcome,
  recordPayment as storePayment,
  recordPayments as storePayments,
} from '../payments';
import { type Acting, actorName, logActivity } from './activity';

/** The team's money actions on a request: a payment or refund recorded, a refund to the card. */

/** Records a payment or a refund against a request (see payments.ts), logged in its transaction. */
export function recordPayment(
  deps: ServiceContext,
  orderId: string,
  input: PaymentInput,
  by: { id: string; email: string },
): Promise<RecordOutcome> {
  const business = deps.business();
  const now = deps.clock();
  const what = input.kind === 'refund' ? 'Refund' : 'Payment';
  return storePayment(
    deps.db,
    orderId,
    input,
    by.email,
    moneySettingsOf(business),
    now,
    documentedAndLogged(deps, by, orderId, now, input.kind, {
      summary: `${what} of ${formatMoney(input.amountCents)} towards the ${input.towards} of request ${orderId}, ${PAYMENT_METHODS[input.method]}`,
      after: { ...input },
    }),
  );
}

/**
 * What a payment or refund writes with it, in its transaction: its receipt or credit note, and the
 * activity log's line naming it.
 */
const documentedAndLogged =
  (
    deps: ServiceContext,
    by: Acting,
    orderId: string,
    now: Date,
    kind: 'payment' | 'refund',
    line: { summary: string; after: Record<string, unknown> },
  ) =>
  async (tx: Parameters<typeof issuePaymentDocument>[0], paymentId: string) => {
    const document = await issuePaymentDocument(tx, deps, paymentId, now);
    await logActivity(
      tx,
      by,
      {
        kind,
        subjectType: 'request',
        subjectId: orderId,
        summary: `${line.summary}${document ? `: ${document.number}` : ''}`,
        after: { ...line.after, ...(document ? { document: document.number } : {}) },
      },
      now,
    );
  };

const cardEntries = (deps: ServiceContext, orderId: string, towards: 'hire' | 'bond') =>
  deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.method, 'card_online'), eq(payments.towards, towards)));

/** What each card payment (by its Stripe payment intent) has left to refund. */
function sourcesOf(entries: Awaited<ReturnType<typeof cardEntries>>): Map<string, number> {
  const left = new Map<string, number>();
  for (const entry of entries) {
    if (!entry.providerRef) continue;
    const sign = entry.kind === 'payment' ? 1 : -1;
    left.set(entry.providerRef, (left.get(entry.providerRef) ?? 0) + sign * entry.amountCents);
  }
  return left;
}

const cardSources = async (deps: ServiceContext, orderId: string, towards: 'hire' | 'bond') =>
  sourcesOf(await cardEntries(deps, orderId, towards));

export type CardRefundOutcome = RecordOutcome | { kind: 'cards_off' } | { kind: 'provider_failed'; message: string };

/**
 * Pays hire or bond money back to the card it came from, through Stripe, then records the refund
 * (with its credit note) by Stripe's refund id. The card payment must have that much left to refund;
 * the same refund asked twice (a double submit) is one refund at Stripe.
 */
export async function refundToCard(
  deps: ServiceContext,
  orderId: string,
  input: { towards: 'hire' | 'bond'; amountCents: number; paidOn: string; note: string | null },
  by: Acting,
): Promise<CardRefundOutcome> {
  if (!deps.cards) return { kind: 'cards_off' };
  const entries = await cardEntries(deps, orderId, input.towards);
  const left = sourcesOf(entries);
  const source = [...left].find(([, cents]) => cents >= input.amountCents);
  if (!source) return { kind: 'too_much', maxCents: Math.max(0, ...left.values()) };
  const [paymentIntent] = source;
  const refunds = entries.filter((entry) => entry.kind === 'refund' && entry.providerRef === paymentIntent).length;
  let refund: { id: string };
  try {
    refund = await deps.cards.refund({
      paymentIntent,
      cents: input.amountCents,
      idempotencyKey: createHash('sha256')
        .update(`refund:${orderId}:${paymentIntent}:${input.amountCents}:${refunds}`)
        .digest('base64url'),
    });
  } catch (error) {
    return { kind: 'provider_failed', message: error instanceof Error ? error.message : String(error) };
  }
  const business = deps.business();
  const now = deps.clock();
  return storePayments(
    deps.db,
    orderId,
    [
      {
        kind: 'refund',
        towards: input.towards,
        method: 'card_online',
        amountCents: input.amountCents,
        paidOn: input.paidOn,
        note: input.note,
        externalId: refund.id,
        providerRef: paymentIntent,
      },
    ],
    actorName(by),
    moneySettingsOf(business),
    now,
    documentedAndLogged(deps, by, orderId, now, 'refund', {
      summary: `Refund of ${formatMoney(input.amountCents)} towards the ${input.towards} of request ${orderId} to the card (Stripe ${refund.id})`,
      after: { ...input, refund: refund.id },
    }),
    // Stripe has paid it back: it is recorded whatever was recorded meanwhile.
    { received: true },
  );
}

/**
 * After a confirmed booking is cancelled: what the cancellation refunds, paid back to the cards it
 * came from through Stripe, as far as card payments cover it (the hire, then the bond). What is left
 * stays owed, for the team to pay back by bank (the Payments card and the outstanding list say so).
 */
export async function refundCancellationToCards(deps: ServiceContext, orderId: string, by: Acting): Promise<void> {
  if (!deps.cards) return;
  const cancelled = await cancellationOf(deps.db, orderId);
  if (!cancelled) return;
  const day = dayIn(deps.clock(), deps.business().timeZone);
  for (const [towards, wanted] of [
    ['hire', cancelled.refundCents],
    ['bond', cancelled.bondRefundCents],
  ] as const) {
    let left = wanted;
    while (left > 0) {
      const sources = await cardSources(deps, orderId, towards);
      const largest = Math.max(0, ...sources.values());
      if (largest <= 0) break;
      const cents = Math.min(left, largest);
      const outcome = await refundToCard(
        deps,
        orderId,
        { towards, amountCents: cents, paidOn: day, note: 'Cancelled' },
        by,
      );
      if (outcome.kind !== 'recorded') {
        log().warn({ orderId, outcome: outcome.kind }, 'A cancelled booking’s card refund did not go through');
        break;
      }
      left -= cents;
    }
  }
}
