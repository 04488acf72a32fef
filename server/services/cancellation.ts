import { and, eq, gte } from 'drizzle-orm';
import { dayIn, longDate } from '../../src/lib/api-contract/dates';
import { formatMoney } from '../../src/lib/api-contract/money';
import { cancellationOutcome } from '../../src/lib/api-contract/payment-terms';
import { noticeText } from '../../src/lib/api-contract/payment-terms-text';
import type { Tx } from '../booking';
import type { Db } from '../db/client';
import { cancellations, orders, payments } from '../db/schema';
import { type Money, moneyOf, moneySettingsOf, releaseHolds } from '../money';
import { storedOrderView } from '../orders';
import type { MailContext } from './context';
import { creditNoteContent, issueDocument, latestInvoice, type StoredDocument } from './documents';

/**
 * A confirmed booking cancelled by the ladder of the terms (issue 49): what the terms refund of what
 * was paid on the day, shown to the team before they confirm it; then, in the cancel's transaction,
 * the record of it and the credit note that reduces the invoice to what is kept.
 */

export interface CancellationPreview {
  cancelledOn: string;
  daysBefore: number;
  paidCents: number;
  bondPaidCents: number;
  /** The bond held on a card (issue 61): released in full. */
  bondHeldCents: number;
  keptDepositCents: number;
  /** What the terms refund of the hire paid; null where the terms leave it to the team. */
  termsRefundCents: number | null;
  /** The rung of the ladder that applies, in words (for the team). */
  rule: string;
}

type Reader = Pick<Db, 'select' | 'selectDistinct'>;

/** What cancelling a confirmed booking today would refund and keep, by the terms; null for any other. */
export async function cancellationPreview(
  db: Reader,
  ctx: MailContext,
  orderId: string,
): Promise<CancellationPreview | null> {
  const [order] = await db
    .select({ decision: orders.decision, startsAt: orders.startsAt, handedOverOn: orders.handedOverOn })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (order?.decision !== 'confirmed' || order.handedOverOn) return null;
  const money = (await moneyOf(db, orderId, moneySettingsOf(ctx.business()))) as Money;
  const terms = ctx.business().payments;
  const cancelledOn = dayIn(ctx.clock(), ctx.business().timeZone);
  const outcome = cancellationOutcome(
    { cancelledOn, hireDate: order.startsAt.slice(0, 10), paidCents: money.paidCents, totalCents: money.totalCents },
    terms,
  );
  const ladder = [...terms.cancellation].sort((a, b) => b.daysBefore - a.daysBefore);
  const index = ladder.findIndex((rung) => rung.daysBefore === outcome.step.daysBefore);
  const longer = ladder[index - 1];
  const span = longer
    ? `${noticeText(outcome.step.daysBefore)} to ${noticeText(longer.daysBefore - 1)} before`
    : `${noticeText(outcome.step.daysBefore)} or more before`;
  return {
    cancelledOn,
    daysBefore: outcome.daysBefore,
    paidCents: money.paidCents,
    bondPaidCents: money.bondPaidCents,
    bondHeldCents: money.bondHeldCents,
    keptDepositCents: outcome.keptDepositCents,
    termsRefundCents: outcome.refundCents,
    rule:
      outcome.refundCents === null
        ? `Cancelling ${span} the hire date: the terms leave the refund to you.`
        : `Cancelling ${span} the hire date: the terms refund ${outcome.step.refundPercent}% of what was paid${
            outcome.keptDepositCents > 0 ? ', less the non-refundable deposit' : ''
          }.`,
  };
}

/** The outcome in the customer's words (the cancellation email, the booking page). */
export function cancellationLines(
  preview: Pick<CancellationPreview, 'cancelledOn' | 'daysBefore' | 'paidCents' | 'bondPaidCents'> & {
    bondHeldCents?: number;
  },
  refundCents: number,
): string[] {
  const kept = preview.paidCents - refundCents;
  return [
    `Cancelled ${longDate(preview.cancelledOn)}, ${preview.daysBefore} days before the hire date.`,
    ...(preview.paidCents > 0
      ? [
          `Of the ${formatMoney(preview.paidCents)} paid towards the hire, we refund ${formatMoney(refundCents)}${
            kept > 0 ? ` and keep ${formatMoney(kept)} under our cancellation terms` : ''
          }.`,
        ]
      : ['Nothing was paid towards the hire, so nothing is refunded or owed.']),
    ...(preview.bondPaidCents > 0
      ? [`The bond you paid, ${formatMoney(preview.bondPaidCents)}, is refunded in full.`]
      : []),
    ...((preview.bondHeldCents ?? 0) > 0
      ? [`The bond held on your card, ${formatMoney(preview.bondHeldCents ?? 0)}, is released: nothing is taken.`]
      : []),
  ];
}

export type CancelRefund = { ok: true; refundCents: number } | { ok: false; maxCents: number };

/** The refund the team chose, checked against the terms and what was paid. */
export function chosenRefund(preview: CancellationPreview, asked: number | null): CancelRefund {
  const maxCents = preview.paidCents;
  const refundCents = asked ?? preview.termsRefundCents;
  if (refundCents === null || refundCents < 0 || refundCents > maxCents) return { ok: false, maxCents };
  return { ok: true, refundCents };
}

/**
 * In the cancel's write transaction: the cancellation's record and, when the booking was invoiced,
 * the credit note that takes the invoice down to what is kept (the refund, and what was never paid).
 */
export async function recordCancellation(
  tx: Pick<Db, 'select' | 'selectDistinct' | 'insert'>,
  ctx: MailContext,
  orderId: string,
  preview: CancellationPreview,
  refundCents: number,
  now: Date,
): Promise<{ creditNote: StoredDocument | null; lines: string[] }> {
  const invoice = await latestInvoice(tx, orderId);
  const kept = preview.paidCents - refundCents;
  const lines = cancellationLines(preview, refundCents);
  let creditNote: StoredDocument | null = null;
  if (invoice && invoice.totalCents - kept > 0) {
    const { view, customer } = await storedOrderView(tx, ctx, orderId);
    creditNote = await issueDocument(tx, {
      orderId,
      kind: 'credit_note',
      issuedOn: preview.cancelledOn,
      now,
      content: (number) => {
        const content = creditNoteContent({
          view,
          customerEmail: customer.email ?? '',
          issuedOn: preview.cancelledOn,
          number,
          amountCents: invoice.totalCents - kept,
          methodText: '',
          paidOn: preview.cancelledOn,
          towards: 'hire',
          invoiceNumber: invoice.number,
          note: null,
        });
        return {
          ...content,
          lines: content.lines.map((line) => ({ ...line, description: 'Booking cancelled' })),
          details: [`Adjusts tax invoice ${invoice.number} to ${formatMoney(kept)}, what is kept.`, ...lines],
        };
      },
    });
  }
  await releaseHolds(tx as Tx, orderId, now);
  await tx.insert(cancellations).values({
    orderId,
    cancelledOn: preview.cancelledOn,
    daysBefore: preview.daysBefore,
    paidCents: preview.paidCents,
    refundCents,
    bondRefundCents: preview.bondPaidCents,
    keptCents: kept,
    creditNoteId: creditNote?.id ?? null,
    at: now.toISOString(),
  });
  return { creditNote, lines };
}

/** A cancellation's record and what is still to pay back by bank (refunds recorded since count). */
export async function cancellationOf(db: Pick<Db, 'select'>, orderId: string) {
  const [row] = await db.select().from(cancellations).where(eq(cancellations.orderId, orderId));
  if (!row) return null;
  const refunds = await db
    .select({ cents: payments.amountCents })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'refund'), gte(payments.recordedAt, row.at)));
  const refunded = refunds.reduce((sum, refund) => sum + refund.cents, 0);
  return { ...row, owedCents: Math.max(0, row.refundCents + row.bondRefundCents - refunded) };
}
