import { inArray } from 'drizzle-orm';
import { payments } from '../db/schema';
import type { ServiceContext } from '../services/context';
import type { PayoutSummary, PayoutTransaction } from './stripe-provider';

/**
 * Card payments by Stripe payout (issue 59): what each payout into the bank carried, as Stripe's balance
 * transactions report it (charges, refunds and disputes, Stripe's fees), with the requests each charge
 * or refund was for, so a bank statement line can be matched to the books. Read from Stripe when the
 * page is asked for; nothing is stored or changed.
 */

export interface PayoutLine {
  type: string;
  amountCents: number;
  feeCents: number;
  netCents: number;
  /** The request the charge or refund was for, when the ledger knows its payment intent. */
  orderId: string | null;
  description: string | null;
}

export interface Payout extends PayoutSummary {
  chargesCents: number;
  refundsCents: number;
  feesCents: number;
  otherCents: number;
  /** The transactions' net, which Stripe pays out: equal to `amount` when every one was read. */
  netCents: number;
  lines: PayoutLine[];
}

export type PayoutsOutcome =
  | { kind: 'cards_off' }
  | { kind: 'read'; payouts: Payout[] }
  | { kind: 'unreachable'; message: string };

const CHARGES = new Set(['charge', 'payment']);
const REFUNDS = new Set(['refund', 'payment_refund', 'adjustment']);

/** The latest payouts with what each carried; `unreachable` when Stripe does not answer. */
export async function payoutsWithLines(deps: ServiceContext, limit = 10): Promise<PayoutsOutcome> {
  if (!deps.cards) return { kind: 'cards_off' };
  let summaries: PayoutSummary[];
  const transactions = new Map<string, PayoutTransaction[]>();
  try {
    summaries = await deps.cards.payouts(limit);
    for (const payout of summaries) {
      transactions.set(
        payout.id,
        (await deps.cards.payoutTransactions(payout.id)).filter((item) => item.type !== 'payout'),
      );
    }
  } catch (error) {
    return { kind: 'unreachable', message: error instanceof Error ? error.message : String(error) };
  }
  const intents = [...transactions.values()].flat().flatMap((item) => (item.paymentIntent ? [item.paymentIntent] : []));
  const orders = new Map<string, string>();
  if (intents.length > 0) {
    const rows = await deps.db
      .selectDistinct({ intent: payments.providerRef, orderId: payments.orderId })
      .from(payments)
      .where(inArray(payments.providerRef, [...new Set(intents)]));
    for (const row of rows) if (row.intent) orders.set(row.intent, row.orderId);
  }
  const sum = (items: PayoutTransaction[], pick: (item: PayoutTransaction) => number) =>
    items.reduce((total, item) => total + pick(item), 0);
  return {
    kind: 'read',
    payouts: summaries.map((summary) => {
      const items = transactions.get(summary.id) ?? [];
      return {
        ...summary,
        chargesCents: sum(
          items.filter((item) => CHARGES.has(item.type)),
          (item) => item.amount,
        ),
        refundsCents: sum(
          items.filter((item) => REFUNDS.has(item.type)),
          (item) => item.amount,
        ),
        feesCents:
          sum(items, (item) => item.fee) +
          sum(
            items.filter((item) => item.type === 'stripe_fee'),
            (item) => -item.amount,
          ),
        otherCents: sum(
          items.filter((item) => !CHARGES.has(item.type) && !REFUNDS.has(item.type) && item.type !== 'stripe_fee'),
          (item) => item.amount,
        ),
        netCents: sum(items, (item) => item.net),
        lines: items.map((item) => ({
          type: item.type,
          amountCents: item.amount,
          feeCents: item.type === 'stripe_fee' ? -item.amount : item.fee,
          netCents: item.net,
          orderId: item.paymentIntent ? (orders.get(item.paymentIntent) ?? null) : null,
          description: item.description,
        })),
      };
    }),
  };
}
