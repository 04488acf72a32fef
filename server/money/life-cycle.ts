/**
 * What may follow what for money (issue 59), as `booking/life-cycle.ts` does for requests: a card
 * session, a refund to a card, a dispute and a hire's tax invoice. Every change of one of them asks `nextMoneyStep` first,
 * and writes the move with a condition on the state it read (`WHERE status = from`), so two processes
 * racing for the same move make it once.
 *
 * Glossary:
 * - **card session**: a Stripe Checkout Session the server priced; its row is written before Stripe is asked.
 * - **refund intent**: a refund to a card, written before Stripe is asked; Stripe's refund id records it once.
 * - **dispute**: the customer's bank took a card payment back, for now (open) or for good (lost).
 * - **bond hold**: the bond authorised on a card and not charged (manual capture), taken from in part or released.
 */

export type SessionState = 'creating' | 'open' | 'paid' | 'expired' | 'failed';
export type SessionEvent = 'created' | 'paid' | 'expire' | 'create_failed';

export type RefundState = 'pending' | 'done' | 'failed';
export type RefundEvent = 'refunded' | 'refused' | 'retry';

export type DisputeState = 'open' | 'won' | 'lost';
export type DisputeEvent = 'won' | 'lost' | 'update';

export type HoldState = 'held' | 'capture_due' | 'release_due' | 'captured' | 'released' | 'expired' | 'failed';
export type HoldEvent = 'keep' | 'release' | 'captured' | 'released' | 'lapsed' | 'refused';

type Table<S extends string, E extends string> = Readonly<Record<S, Partial<Record<E, S>>>>;

/**
 * A session: made (`creating` → `open` once Stripe answered), paid once (from `open`, or from
 * `creating` when Stripe's event beats the answer), closed when another replaces it. A session
 * Stripe expired may still report a payment that was under way: it is applied (and is money to pay
 * back if nothing is owed), never lost.
 */
export const SESSION_LIFE_CYCLE: Table<SessionState, SessionEvent> = {
  creating: { created: 'open', paid: 'paid', create_failed: 'failed', expire: 'expired' },
  open: { paid: 'paid', expire: 'expired' },
  expired: { paid: 'paid' },
  paid: {},
  failed: {},
};

/**
 * A refund: sent and recorded by Stripe's refund id (`done`), refused by Stripe for good (`failed`:
 * the team sees why), or left `pending` for the worker to try again with the same idempotency key.
 */
export const REFUND_LIFE_CYCLE: Table<RefundState, RefundEvent> = {
  pending: { refunded: 'done', refused: 'failed', retry: 'pending' },
  // Stripe's event may report a refund the worker already recorded: nothing moves.
  done: {},
  failed: {},
};

/** A dispute: open until the bank decides; won gives the money back, lost takes it for good. */
export const DISPUTE_LIFE_CYCLE: Table<DisputeState, DisputeEvent> = {
  open: { won: 'won', lost: 'lost', update: 'open' },
  won: {},
  lost: {},
};

/**
 * A bond hold: authorised (`held`) until the settlement says to take part of it (`capture_due`) or
 * none (`release_due`, also on a cancellation or a decline); the worker's call or Stripe's event ends
 * it (`captured`, `released`). Stripe lets a hold lapse after its life (`expired`: the bond is owed
 * again); a capture Stripe refuses for good is `failed` and shown to the team. A release that finds
 * the hold lapsed is released all the same.
 */
export const HOLD_LIFE_CYCLE: Table<HoldState, HoldEvent> = {
  held: { keep: 'capture_due', release: 'release_due', lapsed: 'expired' },
  capture_due: { captured: 'captured', lapsed: 'expired', refused: 'failed' },
  release_due: { released: 'released', lapsed: 'released', refused: 'failed' },
  captured: {},
  released: {},
  expired: {},
  failed: {},
};

export type InvoiceState = 'current' | 'replaced';
export type InvoiceEvent = 'reissued';

/**
 * A document: issued, its number taken for good (gap-free, never reused, never changed). A hire's tax
 * invoice stands (`current`) through payments and refunds (each a receipt or a credit note of its
 * own) until the booking changes what it prints: a credit note then cancels it in full and a new
 * invoice replaces it (`replaced`, for good). Receipts and credit notes never move.
 */
export const INVOICE_LIFE_CYCLE: Table<InvoiceState, InvoiceEvent> = {
  current: { reissued: 'replaced' },
  replaced: {},
};

export type MoneyStep<S> = { kind: 'move'; to: S } | { kind: 'unchanged' };

/** The step an event takes from a state in a table: a move, or nothing (a pair not listed). */
export function nextMoneyStep<S extends string, E extends string>(table: Table<S, E>, from: S, event: E): MoneyStep<S> {
  const to = table[from]?.[event];
  return to ? { kind: 'move', to } : { kind: 'unchanged' };
}
