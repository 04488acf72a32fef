import type { EmailBody } from '../../../lib/api-contract';
import type { ContactMessage } from '../contact-message';
import type { OrderRequest } from '../order-request';

/**
 * One request waiting to reach the team: an order request (or just its fallback email) or a contact
 * message. Records live in IndexedDB; the page and the service worker move them through
 *
 *   waiting --claim--> sending --delivered--> sent --(7 days)--> removed
 *                        |  \--retry--> waiting (later, with backoff)
 *                        |   \--fail--> failed (refused: 4xx)
 *                        \--lease runs out (the sender died)--> claimable again
 *
 * One replay of a record runs at a time across tabs and the worker: senders take the record's Web
 * Lock (released by the browser when a tab closes mid-send), and the record's lease in IndexedDB says
 * who sends it, and guards alone where Web Locks are missing.
 */
export type OutboxState = 'waiting' | 'sending' | 'sent' | 'failed';

export type OutboxPayload =
  | {
      kind: 'order';
      request: OrderRequest;
      /** Set when only ending 4's fallback email is left to send: this exact body, with its key. */
      fallbackEmail: EmailBody | null;
      /** The booked order, once known (its confirmation email may still be waiting). */
      orderId: string | null;
    }
  | { kind: 'contact'; message: ContactMessage };

export interface OutboxRecord {
  id: string;
  payload: OutboxPayload;
  state: OutboxState;
  createdAt: number;
  updatedAt: number;
  /** Attempts that ended in retry. */
  attempts: number;
  nextAttemptAt: number;
  lease: { owner: string; until: number } | null;
  lastError: string | null;
  /**
   * Why the last attempt must be tried again: the network (no answer) or the server (an answer such
   * as 503 or 429). Absent on records saved before it was kept.
   */
  waitingFor?: 'network' | 'server';
  sentAt: number | null;
  /** The delivered notice has been shown (by one tab). */
  announced: boolean;
}

/** Sent records are kept this long, then removed. */
export const SENT_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
/** A sender holds a record this long at most (four requests of 30 s, and some). */
export const LEASE_MS = 3 * 60_000;

export type OutboxEvent =
  /** `exclusive`: the sender holds the record's Web Lock, so no one else can be sending it. */
  | { type: 'claim'; owner: string; now: number; exclusive?: boolean }
  | { type: 'delivered'; now: number; orderId?: string }
  | {
      type: 'retry';
      now: number;
      delayMs: number;
      error: string;
      /** The server answered (a status such as 503): 'server'; no answer: 'network'. */
      cause?: 'network' | 'server';
      orderId?: string;
      fallbackEmail?: EmailBody;
    }
  | { type: 'fail'; now: number; error: string }
  | { type: 'send-now'; now: number }
  | { type: 'announce'; now: number };

export function outboxIdOf(payload: OutboxPayload): string {
  return payload.kind === 'order' ? `order-${payload.request.attemptId}` : `contact-${payload.message.messageId}`;
}

export function newOutboxRecord(payload: OutboxPayload, now: number, delayMs = 0): OutboxRecord {
  return {
    id: outboxIdOf(payload),
    payload,
    state: 'waiting',
    createdAt: now,
    updatedAt: now,
    attempts: 0,
    nextAttemptAt: now + delayMs,
    lease: null,
    lastError: null,
    sentAt: null,
    announced: false,
  };
}

const leaseLive = (record: OutboxRecord, now: number) => record.lease !== null && record.lease.until > now;

/** A record someone may send now: waiting and due, or sending under a lease that ran out. */
export function isDue(record: OutboxRecord, now: number): boolean {
  if (record.state === 'waiting') return record.nextAttemptAt <= now;
  return record.state === 'sending' && !leaseLive(record, now);
}

export function isExpired(record: OutboxRecord, now: number): boolean {
  return record.state === 'sent' && record.sentAt !== null && now - record.sentAt > SENT_KEPT_MS;
}

/** The next state of a record for an event, or null when the event does not apply in its state. */
export function transition(record: OutboxRecord, event: OutboxEvent): OutboxRecord | null {
  const now = event.now;
  switch (event.type) {
    case 'claim':
      // With the lock, a 'sending' record is one whose sender died (its tab closed mid-send).
      if (!isDue(record, now) && !(event.exclusive && record.state === 'sending')) return null;
      return { ...record, state: 'sending', lease: { owner: event.owner, until: now + LEASE_MS }, updatedAt: now };
    case 'delivered':
      if (record.state !== 'sending') return null;
      return {
        ...record,
        state: 'sent',
        lease: null,
        sentAt: now,
        updatedAt: now,
        lastError: null,
        payload: withOrder(record.payload, event.orderId),
      };
    case 'retry': {
      if (record.state !== 'sending') return null;
      let payload = withOrder(record.payload, event.orderId);
      if (event.fallbackEmail && payload.kind === 'order') payload = { ...payload, fallbackEmail: event.fallbackEmail };
      return {
        ...record,
        state: 'waiting',
        lease: null,
        attempts: record.attempts + 1,
        nextAttemptAt: now + event.delayMs,
        lastError: event.error,
        waitingFor: event.cause ?? 'network',
        updatedAt: now,
        payload,
      };
    }
    case 'fail':
      if (record.state !== 'sending') return null;
      return { ...record, state: 'failed', lease: null, lastError: event.error, updatedAt: now };
    case 'send-now':
      if (record.state !== 'waiting') return null;
      return { ...record, nextAttemptAt: Math.min(record.nextAttemptAt, now), updatedAt: now };
    case 'announce':
      if (record.state !== 'sent' || record.announced) return null;
      return { ...record, announced: true, updatedAt: now };
  }
}

function withOrder(payload: OutboxPayload, orderId: string | undefined): OutboxPayload {
  return orderId && payload.kind === 'order' ? { ...payload, orderId } : payload;
}
