import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';

/* The mail queue's table: every email the app sends (server/mail). */

/**
 * The durable mail queue: every email is a row, written in the same transaction as what caused it,
 * then delivered by the sender (server/mail/sender.ts) with retries. Rows are kept after delivery.
 */
export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    id: text('id').primaryKey(),
    /**
     * order_confirmation: to the customer of a stored order (one per order); order_fallback: an order the
     * server could not store, in full to the business; order_acknowledgement: the customer's short note
     * for that case, with nothing the client wrote in it; contact: a contact message to the business.
     */
    kind: text('kind', {
      enum: [
        'order_confirmation',
        'order_fallback',
        'order_acknowledgement',
        'contact',
        /** To the business: a stored request with its Confirm, Decline and Cancel links. */
        'order_team',
        /** To the customer when the team confirms, declines or cancels. */
        'order_confirmed',
        'order_declined',
        'order_cancelled',
        /** To the business: a request's hold lapses within a day, or has lapsed. */
        'hold_lapsing',
        'hold_lapsed',
        /** To the business: an import lowered stock below what is promised. */
        'stock_shortfall',
        /** To a team member: a one-time sign-in link, or an invitation to the workspace. */
        'team_sign_in',
        'team_invite',
        /** To the customer: their confirmed hire starts soon, or its return day is near. */
        'customer_hire_reminder',
        'customer_return_reminder',
        /** To the customer: the team changed their request (what changed, and the order now). */
        'order_changed',
        /** To the customer: the deposit is unpaid some days after confirming; the balance comes due. */
        'payment_deposit_reminder',
        'payment_balance_reminder',
        /** To the customer: their bond after the return, what was kept of it and why, what is refunded. */
        'bond_settled',
        /** To the customer: a quote (issue 61), sent or sent again; its validity runs out soon. */
        'quote_sent',
        'quote_reminder',
        /** To the business: the customer accepted a quote on their booking page. */
        'quote_accepted',
        /** To the business: a waiting request was paid for by card, and booked (or found short). */
        'order_paid',
      ],
    }).notNull(),
    toAddress: text('to_address').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    payload: text('payload', { mode: 'json' }).notNull(),
    /** Documents sent with it as PDFs (documents.id), drawn when it is sent. */
    attachments: text('attachments', { mode: 'json' }).$type<string[]>(),
    orderId: text('order_id'),
    /**
     * queued: waiting for its (next) attempt; sent: accepted by the SMTP server; recorded: written to
     * the mail folder (no SMTP configured); failed: given up on (a permanent refusal, or 3 days of tries).
     */
    status: text('status', { enum: ['queued', 'sent', 'recorded', 'failed'] }).notNull(),
    /** The last attempt's error. */
    error: text('error'),
    createdAt: createdAt(),
    sentAt: text('sent_at'),
    /** Attempts made so far. */
    attempts: integer('attempts').notNull().default(0),
    /** When a queued email may next be tried (ISO instant). */
    nextAttemptAt: text('next_attempt_at'),
    /** The sender that holds the email while it tries it, and until when: one sender per email. */
    leaseOwner: text('lease_owner'),
    leaseUntil: text('lease_until'),
    /** Makes an email once only, e.g. one reminder per hold: a second with the same key is not queued. */
    dedupeKey: text('dedupe_key'),
  },
  (t) => [
    index('email_outbox_order').on(t.orderId),
    index('email_outbox_due').on(t.status, t.nextAttemptAt),
    uniqueIndex('email_outbox_dedupe').on(t.dedupeKey),
    // One confirmation per stored order, enforced by the database (atomic across processes).
    uniqueIndex('email_outbox_one_confirmation').on(t.orderId).where(sql`kind = 'order_confirmation'`),
  ],
);
