import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { formatMoney } from '../../../src/lib/api-contract/money';
import { payments } from '../../db/schema';
import type { ServiceContext } from '../context';
import { issuePaymentDocument } from '../documents';
import {
  PAYMENT_METHODS,
  type PaymentInput,
  type RecordOutcome,
  recordPayment as storePayment,
  recordPayments as storePayments,
} from '../payments';
import { logActivity } from './activity';

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
    { terms: business.payments, timeZone: business.timeZone, gstRate: business.gstRate },
    now,
    async (tx, paymentId) => {
      const document = await issuePaymentDocument(tx, deps, paymentId, now);
      await logActivity(
        tx,
        by,
        {
          kind: input.kind,
          subjectType: 'request',
          subjectId: orderId,
          summary: `${what} of ${formatMoney(input.amountCents)} towards the ${input.towards} of request ${orderId}, ${PAYMENT_METHODS[input.method]}${document ? `: ${document.number}` : ''}`,
          after: { ...input, ...(document ? { document: document.number } : {}) },
        },
        now,
      );
    },
  );
}

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
  by: { id: string; email: string },
): Promise<CardRefundOutcome> {
  if (!deps.cards) return { kind: 'cards_off' };
  const entries = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.method, 'card_online'), eq(payments.towards, input.towards)));
  const left = new Map<string, number>();
  for (const entry of entries) {
    if (!entry.providerRef) continue;
    const sign = entry.kind === 'payment' ? 1 : -1;
    left.set(entry.providerRef, (left.get(entry.providerRef) ?? 0) + sign * entry.amountCents);
  }
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
    by.email,
    { terms: business.payments, timeZone: business.timeZone, gstRate: business.gstRate },
    now,
    async (tx, paymentId) => {
      const document = await issuePaymentDocument(tx, deps, paymentId, now);
      await logActivity(
        tx,
        by,
        {
          kind: 'refund',
          subjectType: 'request',
          subjectId: orderId,
          summary: `Refund of ${formatMoney(input.amountCents)} towards the ${input.towards} of request ${orderId} to the card (Stripe ${refund.id})${document ? `: ${document.number}` : ''}`,
          after: { ...input, refund: refund.id, ...(document ? { document: document.number } : {}) },
        },
        now,
      );
    },
    // Stripe has paid it back: it is recorded whatever was recorded meanwhile.
    { received: true },
  );
}
