import { dayIn } from '../../../src/lib/api-contract/dates';
import { formatMoney } from '../../../src/lib/api-contract/money';
import {
  cardSourcesOf,
  documentedAndLogged,
  moneySettingsOf,
  PAYMENT_METHODS,
  type PaymentInput,
  queueCardRefund,
  type RecordOutcome,
  sendCardRefund,
  recordPayment as storePayment,
} from '../../money';
import { log } from '../../observability/logger';
import { cancellationOf } from '../cancellation';
import type { ServiceContext } from '../context';
import { type Acting, actorName, logActivity } from './activity';

/** The team's money actions on a request: a payment or refund recorded, a refund to the card. */

/** Records a payment or a refund against a request (server/money), logged in its transaction. */
export function recordPayment(
  deps: ServiceContext,
  orderId: string,
  input: PaymentInput,
  by: { id: string; email: string },
  /** The form's one-time token: a second submit of the same form records nothing. */
  formToken?: string,
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
    { formToken },
  );
}

export type CardRefundOutcome =
  | RecordOutcome
  | { kind: 'cards_off' }
  | { kind: 'provider_failed'; message: string }
  /** Written, and on its way: Stripe did not answer yet; the refund worker tries again. */
  | { kind: 'queued' };

/**
 * Pays hire or bond money back to the card it came from: the refund's intent is written first (the
 * card payment must have that much left), then sent to Stripe at once; it is recorded (with its credit
 * note) by Stripe's refund id. Stripe out of reach leaves it for the refund worker, never lost.
 */
export async function refundToCard(
  deps: ServiceContext,
  orderId: string,
  input: { towards: 'hire' | 'bond'; amountCents: number; paidOn: string; note: string | null },
  by: Acting,
): Promise<CardRefundOutcome> {
  if (!deps.cards) return { kind: 'cards_off' };
  if (!(await deps.booking.state(deps.db, orderId))) return { kind: 'not_found' };
  const queued = await deps.db.transaction(async (tx) => {
    const outcome = await queueCardRefund(tx, deps, orderId, input, actorName(by));
    if (outcome.kind === 'queued') {
      await logActivity(
        tx,
        by,
        {
          kind: 'refund',
          subjectType: 'request',
          subjectId: orderId,
          summary: `Refund of ${formatMoney(input.amountCents)} towards the ${input.towards} of request ${orderId} to the card, sent to Stripe`,
          after: { ...input, intent: outcome.id },
        },
        deps.clock(),
      );
    }
    return outcome;
  });
  if (queued.kind !== 'queued') return queued;
  const sent = await sendCardRefund(deps, queued.id);
  if (sent.kind === 'failed') return { kind: 'provider_failed', message: sent.message };
  if (sent.kind !== 'done') return { kind: 'queued' };
  return { kind: 'recorded', id: queued.id, ids: [queued.id] };
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
  await refundToCards(deps, orderId, { hire: cancelled.refundCents, bond: cancelled.bondRefundCents }, 'Cancelled', by);
}

/**
 * A declined request's card payments (a deposit paid before the team answered, issue 61) go back to
 * the card at once, through Stripe, each recorded as Stripe confirms it.
 */
export async function refundDeclinedToCards(deps: ServiceContext, orderId: string, by: Acting): Promise<void> {
  if (!deps.cards) return;
  const sum = async (towards: 'hire' | 'bond') =>
    [...(await cardSourcesOf(deps.db, orderId, towards)).values()].reduce((total, cents) => total + cents, 0);
  const amounts = { hire: await sum('hire'), bond: await sum('bond') };
  if (amounts.hire + amounts.bond > 0) await refundToCards(deps, orderId, amounts, 'Declined', by);
}

/** Refunds up to `amounts` of a booking's card payments, largest payment first. */
async function refundToCards(
  deps: ServiceContext,
  orderId: string,
  amounts: { hire: number; bond: number },
  note: string,
  by: Acting,
): Promise<void> {
  const day = dayIn(deps.clock(), deps.business().timeZone);
  for (const [towards, wanted] of [
    ['hire', amounts.hire],
    ['bond', amounts.bond],
  ] as const) {
    let left = wanted;
    while (left > 0) {
      const sources = await cardSourcesOf(deps.db, orderId, towards);
      const largest = Math.max(0, ...sources.values());
      if (largest <= 0) break;
      const cents = Math.min(left, largest);
      const outcome = await refundToCard(deps, orderId, { towards, amountCents: cents, paidOn: day, note }, by);
      if (outcome.kind !== 'recorded' && outcome.kind !== 'queued') {
        log().warn({ orderId, outcome: outcome.kind, note }, 'A card refund did not go through');
        break;
      }
      left -= cents;
    }
  }
}
