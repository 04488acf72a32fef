import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/* A booking's money (issue 49): what the customer paid and was paid back. */

/**
 * A payment received for a request, or a refund paid back: recorded by the team (bank transfer, cash,
 * card in store) or applied from a payment provider's event, once by its id (`externalId`). Cents,
 * always positive: `kind` says which way the money went, `towards` whether it is the hire or the bond.
 */
export const payments = sqliteTable(
  'payments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    kind: text('kind', { enum: ['payment', 'refund'] }).notNull(),
    /** The hire, the bond, or a card surcharge (paid with a card payment; its own tax invoice). */
    towards: text('towards', { enum: ['hire', 'bond', 'surcharge'] }).notNull(),
    method: text('method', { enum: ['bank_transfer', 'cash', 'card_in_store', 'card_online'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The day the money moved (YYYY-MM-DD, the business's). */
    paidOn: text('paid_on').notNull(),
    /** Who recorded it: a member's email address, or the provider ('stripe'). */
    recordedBy: text('recorded_by').notNull(),
    recordedAt: text('recorded_at').notNull(),
    /** The provider's id of the event or payment: a second delivery of it adds nothing. */
    externalId: text('external_id'),
    /** The provider's payment a card payment was, or a refund went back to (Stripe's payment intent). */
    providerRef: text('provider_ref'),
    note: text('note'),
  },
  (t) => [index('payments_order').on(t.orderId), uniqueIndex('payments_external').on(t.externalId)],
);

/**
 * A tax invoice, a receipt or a credit note issued for a request: its number from a gap-free sequence
 * per kind (`seq`, taken inside the transaction that issues it, so a rolled-back issue leaves no gap),
 * and everything it prints (`content`, as issued), so that it is the same document each time it is
 * downloaded.
 */
export const documents = sqliteTable(
  'documents',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    kind: text('kind', { enum: ['invoice', 'receipt', 'credit_note'] }).notNull(),
    seq: integer('seq').notNull(),
    /** As printed: 'INV-0001', 'RCT-0001', 'CN-0001'. */
    number: text('number').notNull(),
    issuedOn: text('issued_on').notNull(),
    issuedAt: text('issued_at').notNull(),
    /** The payment (receipt) or refund (credit note) it is for. */
    paymentId: text('payment_id'),
    /** With GST; a credit note's is what it credits. */
    totalCents: integer('total_cents').notNull(),
    gstCents: integer('gst_cents').notNull(),
    content: text('content', { mode: 'json' }).notNull(),
  },
  (t) => [
    index('documents_order').on(t.orderId),
    uniqueIndex('documents_seq').on(t.kind, t.seq),
    uniqueIndex('documents_number').on(t.number),
  ],
);

/**
 * A customer's acceptance of the terms on their booking page: the name they typed, when, from which
 * address, and the version (a digest) of the terms they read, with the terms' text as it was then.
 */
export const termsAcceptances = sqliteTable(
  'terms_acceptances',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    typedName: text('typed_name').notNull(),
    acceptedAt: text('accepted_at').notNull(),
    ipAddress: text('ip_address').notNull(),
    termsVersion: text('terms_version').notNull(),
    termsText: text('terms_text').notNull(),
    /** A quote's acceptance (issue 61): the version accepted and its digest; null for the terms alone. */
    quoteVersion: integer('quote_version'),
    quoteDigest: text('quote_digest'),
    /**
     * The signature (issue 61): drawn (its PNG, base64) or the typed name adopted as one; null for an
     * acceptance by name alone. `agreement_digest` is of the exact agreement accepted: terms and quote.
     */
    signatureKind: text('signature_kind', { enum: ['drawn', 'typed'] }),
    signaturePng: text('signature_png'),
    agreementDigest: text('agreement_digest'),
  },
  // Once per order and quote version: a quote sent again after an acceptance is accepted again.
  (t) => [uniqueIndex('terms_acceptances_order_quote').on(t.orderId, t.quoteVersion)],
);

/**
 * A confirmed booking cancelled by the ladder of the terms: what was paid, what the team refunds of
 * it (the terms' figure, or the team's where the terms leave it to them) and keeps, the bond handed
 * back, and the credit note that reduces the invoice to what is kept. The refunds themselves are
 * payments rows (to the card through Stripe at once; by bank when the team pays them).
 */
export const cancellations = sqliteTable('cancellations', {
  orderId: text('order_id').primaryKey(),
  cancelledOn: text('cancelled_on').notNull(),
  daysBefore: integer('days_before').notNull(),
  paidCents: integer('paid_cents').notNull(),
  refundCents: integer('refund_cents').notNull(),
  bondRefundCents: integer('bond_refund_cents').notNull(),
  keptCents: integer('kept_cents').notNull(),
  creditNoteId: text('credit_note_id'),
  at: text('at').notNull(),
});

/**
 * A bond settled after the return: the late days and their fee by the terms, what the team kept for
 * missing or damaged pieces and why (in writing, to the customer), and what is refunded. The refund
 * itself is a payments row, recorded when the team pays it.
 */
export const bondSettlements = sqliteTable('bond_settlements', {
  orderId: text('order_id').primaryKey(),
  settledOn: text('settled_on').notNull(),
  bondCents: integer('bond_cents').notNull(),
  daysLate: integer('days_late').notNull(),
  lateFeeCents: integer('late_fee_cents').notNull(),
  damageCents: integer('damage_cents').notNull(),
  keptCents: integer('kept_cents').notNull(),
  refundCents: integer('refund_cents').notNull(),
  /** What was missing or damaged, in the team's words (sent to the customer). */
  reason: text('reason'),
  at: text('at').notNull(),
  /** Of `damage_cents`, what the booking's damage waiver covered (issue 61): not kept from the bond. */
  waiverCoveredCents: integer('waiver_covered_cents').notNull().default(0),
  /**
   * Of `bond_cents`, what was held on a card, not paid (issue 61): taken from the hold up to what is
   * kept, the rest released, so only `refund_cents` beyond that release is paid back.
   */
  heldCents: integer('held_cents').notNull().default(0),
});

/*
 * Card money through Stripe (issue 59), records before effects: a row is written before each call to
 * Stripe, and Stripe's answer or event is applied once, by Stripe's own id.
 */

/**
 * A Checkout Session: written (status `creating`, with what it pays and the amounts) before Stripe is
 * asked for it, so the webhook checks the event against what the server priced, never against the
 * session's own metadata. A session's payment is applied once, whatever events arrive for it.
 */
export const cardSessions = sqliteTable(
  'card_sessions',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    what: text('what', { enum: ['deposit', 'rest', 'bond_hold'] }).notNull(),
    hireCents: integer('hire_cents').notNull(),
    bondCents: integer('bond_cents').notNull(),
    surchargeCents: integer('surcharge_cents').notNull(),
    /** What the customer is charged: hire, bond and surcharge. */
    amountCents: integer('amount_cents').notNull(),
    /** ISO 4217, upper case ('AUD'). */
    currency: text('currency').notNull(),
    status: text('status', { enum: ['creating', 'open', 'paid', 'expired', 'failed'] }).notNull(),
    stripeSessionId: text('stripe_session_id'),
    url: text('url'),
    paymentIntent: text('payment_intent'),
    createdAt: text('created_at').notNull(),
    paidAt: text('paid_at'),
    /** The event that applied it. */
    eventId: text('event_id'),
  },
  (t) => [index('card_sessions_order').on(t.orderId), uniqueIndex('card_sessions_stripe').on(t.stripeSessionId)],
);

/**
 * A refund to a card, written before Stripe is called (its id is the idempotency key), sent by the
 * refund worker with leases and retries, and recorded once by Stripe's refund id.
 */
export const cardRefunds = sqliteTable(
  'card_refunds',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    towards: text('towards', { enum: ['hire', 'bond'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    paymentIntent: text('payment_intent').notNull(),
    paidOn: text('paid_on').notNull(),
    note: text('note'),
    /** A member's email address, or 'system'. */
    requestedBy: text('requested_by').notNull(),
    status: text('status', { enum: ['pending', 'done', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Whoever sends it holds it until then (ISO time); a crash lets the lease run out. */
    leaseUntil: text('lease_until'),
    stripeRefundId: text('stripe_refund_id'),
    lastError: text('last_error'),
    createdAt: text('created_at').notNull(),
    doneAt: text('done_at'),
  },
  (t) => [
    index('card_refunds_order').on(t.orderId),
    index('card_refunds_status').on(t.status),
    uniqueIndex('card_refunds_stripe').on(t.stripeRefundId),
  ],
);

/**
 * The bond held on a card, not charged (issue 61): a Checkout Session with manual capture, authorised
 * when Stripe reports the amount capturable. The bond's settlement writes what to take (`capture_due`,
 * with `captureCents`) or that nothing is (`release_due`) before Stripe is asked; the hold worker sends
 * it under a lease with the hold's id as the idempotency key, and Stripe's answer or event applies it once.
 */
export const bondHolds = sqliteTable(
  'bond_holds',
  {
    /** The card session's id: one hold per session. */
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    paymentIntent: text('payment_intent').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', {
      enum: ['held', 'capture_due', 'release_due', 'captured', 'released', 'expired', 'failed'],
    }).notNull(),
    heldAt: text('held_at').notNull(),
    /** When Stripe lets the hold lapse (7 days after it was placed). */
    expiresAt: text('expires_at').notNull(),
    /** What the settlement takes from it; null until settled. */
    captureCents: integer('capture_cents'),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: text('lease_until'),
    lastError: text('last_error'),
    doneAt: text('done_at'),
  },
  (t) => [
    index('bond_holds_order').on(t.orderId),
    index('bond_holds_status').on(t.status),
    uniqueIndex('bond_holds_intent').on(t.paymentIntent),
  ],
);

/**
 * Every verified Stripe event, once by its id, with what it did: an event for an unknown session, with
 * amounts that do not match, or a dispute is left for the team to look at (`needsLook`).
 */
export const cardEvents = sqliteTable(
  'card_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    orderId: text('order_id'),
    outcome: text('outcome').notNull(),
    /** What the team reads: the amounts and ids involved. */
    detail: text('detail').notNull(),
    needsLook: integer('needs_look', { mode: 'boolean' }).notNull().default(false),
    receivedAt: text('received_at').notNull(),
  },
  (t) => [index('card_events_order').on(t.orderId), index('card_events_look').on(t.needsLook)],
);

/** A card payment the customer disputed with their bank, from Stripe's dispute events. */
export const cardDisputes = sqliteTable(
  'card_disputes',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    paymentIntent: text('payment_intent').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    /** Stripe's status: needs_response, under_review, won, lost, ... */
    status: text('status').notNull(),
    openedAt: text('opened_at').notNull(),
    closedAt: text('closed_at'),
  },
  (t) => [index('card_disputes_order').on(t.orderId)],
);

/** A form's one-time token (a payment recorded by the team): a second submit of it records nothing. */
export const formTokens = sqliteTable('form_tokens', {
  token: text('token').primaryKey(),
  usedAt: text('used_at').notNull(),
});
