/**
 * The money module (issue 59): a booking's ledger (payments and refunds, what is owed and paid back),
 * card payments through Stripe Checkout, Stripe's events applied once, and refunds to cards as
 * durable intents sent by a worker. Built like `server/booking/`: one door, the caller's transaction
 * where it writes with other things, tagged outcomes, and the table of what may follow what
 * (`life-cycle.ts`, with its test). The rest of the server imports money from here alone.
 */

export { dueHoldActions, HOLD_LEASE_MS, sendHoldAction, startBondHoldSender } from './bond-hold-sender';
export {
  activeHoldOf,
  type BondHold,
  latestHoldOf,
  releaseHolds,
  settleHold,
} from './bond-holds';
export {
  type CardOffer,
  type CardPayment,
  type CheckoutOutcome,
  cardOffers,
  cardPart,
  startCardCheckout,
} from './card-checkout';
export { applyCardEvent, type CardEventOutcome } from './card-events';
export { type CardNotes, cardNotesOf, eventsToLook } from './card-notes';
export {
  dueCardRefunds,
  queueCardRefund,
  REFUND_LEASE_MS,
  type RefundQueued,
  type RefundSent,
  sendCardRefund,
  startCardRefundSender,
} from './card-refunds';
export { cardSourcesOf } from './card-sources';
export {
  type Money,
  type MoneySettings,
  moneyOf,
  moneyOfMany,
  moneySettingsOf,
  PAYMENT_METHODS,
  type PaymentInput,
  type PaymentMethod,
  type RecordOptions,
  type RecordOutcome,
  recordEntries,
  recordPayment,
  recordPayments,
} from './ledger';
export * from './life-cycle';
export { type PayBack, type PayBackOutcome, payBackOf, payBacksOf, payBackToCards } from './pay-back';
export { type Payout, type PayoutLine, type PayoutsOutcome, payoutsWithLines } from './payouts';
export { documentedAndLogged } from './recorded-with';
export {
  type CardProvider,
  type CheckoutInput,
  type PayoutSummary,
  type PayoutTransaction,
  stripeProvider,
} from './stripe-provider';
