import { describe, expect, it } from 'vitest';
import { createContactMessage } from '../../../../../src/features/order-requests/contact-message';
import {
  isDue,
  isExpired,
  LEASE_MS,
  newOutboxRecord,
  type OutboxEvent,
  type OutboxRecord,
  SENT_KEPT_MS,
  transition,
} from '../../../../../src/features/order-requests/outbox/outbox-record';

const T = 1_000_000;
const contact = newOutboxRecord(
  {
    kind: 'contact',
    message: createContactMessage(
      { name: 'A', email: 'a@b.co', phone: '1', subject: 'Hi', message: 'x' },
      'message-0001',
    ),
  },
  T,
  5_000,
);
const step = (record: OutboxRecord | null, event: OutboxEvent) => {
  if (!record) throw new Error('no record');
  return transition(record, event);
};
const claimed = step(contact, { type: 'claim', owner: 'tab-1', now: T + 5_000 });

describe('outbox records', () => {
  it('start waiting, with their id from the request', () => {
    expect(contact).toMatchObject({
      id: 'contact-message-0001',
      state: 'waiting',
      attempts: 0,
      nextAttemptAt: T + 5_000,
    });
  });

  it('waiting -> sending: only once due, and under a lease', () => {
    expect(transition(contact, { type: 'claim', owner: 'tab-1', now: T + 4_999 })).toBeNull();
    expect(claimed).toMatchObject({ state: 'sending', lease: { owner: 'tab-1', until: T + 5_000 + LEASE_MS } });
  });

  it('sending cannot be claimed by another sender while the lease lasts; afterwards it can', () => {
    expect(step(claimed, { type: 'claim', owner: 'worker', now: T + 6_000 })).toBeNull();
    expect(step(claimed, { type: 'claim', owner: 'worker', now: T + 5_000 + LEASE_MS })).toMatchObject({
      state: 'sending',
      lease: { owner: 'worker' },
    });
  });

  it('sending -> sent, kept 7 days', () => {
    const sent = step(claimed, { type: 'delivered', now: T + 9_000 });
    expect(sent).toMatchObject({ state: 'sent', lease: null, sentAt: T + 9_000 });
    if (!sent) throw new Error('not sent');
    expect(isExpired(sent, T + 9_000 + SENT_KEPT_MS)).toBe(false);
    expect(isExpired(sent, T + 9_001 + SENT_KEPT_MS)).toBe(true);
    expect(isDue(sent, T + 10 ** 12)).toBe(false);
  });

  it('sending -> waiting again on a retry, one more attempt, due after the delay', () => {
    const retried = step(claimed, { type: 'retry', now: T + 9_000, delayMs: 10_000, error: 'offline' });
    expect(retried).toMatchObject({
      state: 'waiting',
      attempts: 1,
      nextAttemptAt: T + 19_000,
      lastError: 'offline',
      lease: null,
    });
  });

  it('sending -> failed on a refusal, and stays failed', () => {
    const failed = step(claimed, { type: 'fail', now: T + 9_000, error: '400' });
    expect(failed).toMatchObject({ state: 'failed', lastError: '400' });
    expect(step(failed, { type: 'claim', owner: 'tab', now: T + 10 ** 9 })).toBeNull();
    expect(step(failed, { type: 'send-now', now: T })).toBeNull();
  });

  it('Send now makes a waiting record due at once', () => {
    expect(transition(contact, { type: 'send-now', now: T + 1 })).toMatchObject({ nextAttemptAt: T + 1 });
  });

  it('a delivered notice is shown once', () => {
    const sent = step(claimed, { type: 'delivered', now: T + 9_000 });
    const announced = step(sent, { type: 'announce', now: T + 9_500 });
    expect(announced?.announced).toBe(true);
    expect(step(announced, { type: 'announce', now: T + 9_600 })).toBeNull();
  });

  it('ignores events that do not apply', () => {
    expect(transition(contact, { type: 'delivered', now: T })).toBeNull();
    expect(transition(contact, { type: 'retry', now: T, delayMs: 1, error: 'x' })).toBeNull();
    expect(transition(contact, { type: 'fail', now: T, error: 'x' })).toBeNull();
    expect(transition(contact, { type: 'announce', now: T })).toBeNull();
  });
});

describe('what a waiting record says (issue 50: one wording for one cause)', () => {
  it('waits for the network when no answer came or none was tried, and to retry when the server answered', async () => {
    const { stateLabel } = await import('../../../../../src/features/order-requests/outbox-summary');
    const { eventFor } = await import('../../../../../src/features/order-requests/outbox/deliver');
    const { ApiError } = await import('../../../../../src/lib/http');
    // Saved offline, never tried: the network.
    expect(stateLabel(contact)).toBe('Waiting for the network');
    // Tried, and no answer (fetch threw): still the network, as for a record not tried yet.
    const offline = eventFor(
      { kind: 'contact', outcome: { kind: 'retry', error: new TypeError('Failed to fetch') } },
      0,
      T,
    );
    expect(stateLabel(step(claimed, offline) as OutboxRecord)).toBe('Waiting for the network');
    // The server answered 503: waiting to retry.
    const busy = eventFor({ kind: 'contact', outcome: { kind: 'retry', error: new ApiError(503, 'busy') } }, 0, T);
    expect(stateLabel(step(claimed, busy) as OutboxRecord)).toBe('Waiting to retry');
  });
});
