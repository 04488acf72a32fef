import { ApiError } from '../../../lib/http';
import { nextDelayMs } from '../submissions/retry-policy';
import { type ContactApi, type ContactOutcome, submitContactMessage } from '../submissions/submit-contact-message';
import {
  type OrderApi,
  type OrderOutcome,
  sendFallbackEmail,
  submitOrderRequest,
} from '../submissions/submit-order-request';
import { isDue, type OutboxEvent, type OutboxRecord } from './outbox-record';
import { applyEvent, listRecords, pruneRecords } from './outbox-store';

export type Outcome = { kind: 'order'; outcome: OrderOutcome } | { kind: 'contact'; outcome: ContactOutcome };

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/**
 * What a replay's outcome does to its record. An order that got a 500 has had ending 4's fallback
 * email sent, which delivers it; a contact message keeps trying on a 5xx, as nothing else would
 * deliver it.
 */
export function eventFor(result: Outcome, attempts: number, now: number, random?: number): OutboxEvent {
  type RetryEvent = Extract<OutboxEvent, { type: 'retry' }>;
  const retry = (
    error: unknown,
    retryAfterMs: number | undefined,
    extra: Pick<RetryEvent, 'orderId' | 'fallbackEmail'> = {},
  ): RetryEvent => ({
    type: 'retry',
    now,
    delayMs: nextDelayMs(attempts + 1, retryAfterMs, random),
    error: describe(error),
    cause: error instanceof ApiError ? 'server' : 'network',
    ...extra,
  });
  if (result.kind === 'contact') {
    const outcome = result.outcome;
    if (outcome.kind === 'sent') return { type: 'delivered', now };
    if (outcome.kind === 'error') return { type: 'fail', now, error: describe(outcome.error) };
    return retry(outcome.error, outcome.kind === 'retry' ? outcome.retryAfterMs : undefined);
  }
  const outcome = result.outcome;
  switch (outcome.kind) {
    case 'success':
    case 'manual':
    case 'fulfilment':
      return outcome.emailPending
        ? retry('The confirmation email is waiting for the network', undefined, { orderId: outcome.orderId })
        : { type: 'delivered', now, orderId: outcome.orderId };
    case 'fallback':
      return { type: 'delivered', now };
    case 'retry':
      return retry(outcome.error, outcome.retryAfterMs);
    case 'retry-fallback':
      return retry(outcome.error, outcome.retryAfterMs, { fallbackEmail: outcome.email });
    case 'error':
      return { type: 'fail', now, error: describe(outcome.error) };
    case 'price-changed':
      // A replay never asks (it sends at the server's price): kept and tried again, never dropped.
      return retry('The price changed', undefined);
  }
}

export interface DeliverOptions {
  /** Who sends: a tab's id, or 'worker'. */
  owner: string;
  /** Send this record now even if its next attempt is later. */
  force?: string;
  /** Send every waiting record now (the network just came back, or the app just started). */
  all?: boolean;
  now?: () => number;
  orderApi?: OrderApi;
  contactApi?: ContactApi;
  /** Called after every change of a record (to tell the other tabs). */
  onChange?: () => void;
}

interface LockManagerLike {
  request(name: string, options: { ifAvailable: boolean }, callback: (lock: unknown) => Promise<void>): Promise<void>;
}

/** Runs `send` holding the record's Web Lock, if no one else holds it; without Web Locks, just runs it. */
async function withRecordLock(id: string, send: (exclusive: boolean) => Promise<void>): Promise<void> {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  if (!locks) return send(false);
  await locks.request(`storefront-outbox:${id}`, { ifAvailable: true }, async (lock: unknown) => {
    if (lock) await send(true);
  });
}

async function run(record: OutboxRecord, options: DeliverOptions): Promise<Outcome> {
  const { payload } = record;
  if (payload.kind === 'contact') {
    return { kind: 'contact', outcome: await submitContactMessage(payload.message, options.contactApi) };
  }
  const outcome = payload.fallbackEmail
    ? await sendFallbackEmail(payload.request, payload.fallbackEmail, options.orderApi)
    : await submitOrderRequest(payload.request, options.orderApi);
  return { kind: 'order', outcome };
}

/**
 * Sends every record that is due, one at a time, each under its Web Lock and a lease so no other tab
 * or the worker sends it meanwhile. Resolves with how many records still wait. Shared by the page and
 * the worker.
 */
export async function deliverOutbox(options: DeliverOptions): Promise<DeliverResult> {
  const now = options.now ?? Date.now;
  const delivered: string[] = [];
  await pruneRecords(now());
  for (const record of await listRecords()) {
    if ((options.all || options.force === record.id) && record.state === 'waiting') {
      await applyEvent(record.id, { type: 'send-now', now: now() });
    } else if (!isDue(record, now()) && record.state !== 'sending') continue;
    await withRecordLock(record.id, async (exclusive) => {
      const claimed = await applyEvent(record.id, { type: 'claim', owner: options.owner, now: now(), exclusive });
      if (!claimed) return;
      options.onChange?.();
      let event: OutboxEvent;
      try {
        event = eventFor(await run(claimed, options), claimed.attempts, now());
      } catch (error) {
        // A fault of our own (not of the network): try again later rather than lose the request.
        event = {
          type: 'retry',
          now: now(),
          delayMs: nextDelayMs(claimed.attempts + 1, undefined),
          error: describe(error),
          cause: 'server',
        };
      }
      const next = await applyEvent(record.id, event);
      if (next?.state === 'sent') delivered.push(record.id);
      options.onChange?.();
    });
  }
  const left = (await listRecords()).filter((r) => r.state === 'waiting' || r.state === 'sending');
  const times = left.filter((r) => r.state === 'waiting').map((r) => r.nextAttemptAt);
  return { waiting: left.length, delivered, nextAttemptAt: times.length ? Math.min(...times) : null };
}

export interface DeliverResult {
  /** Records still waiting or being sent (by this sender's failure, or by another sender). */
  waiting: number;
  delivered: string[];
  /** When the first waiting record comes due again; null when none waits. */
  nextAttemptAt: number | null;
}

const MIN_SYNC_WAIT_MS = 1_000;

/**
 * Delivers the outbox, then again each time a waiting record comes due, for as long as that is within
 * `patienceMs` of the start. The worker's Background Sync uses it: a booked order whose confirmation
 * email failed once is due again in seconds, but the browser's next sync may be minutes away (and
 * Chromium gives up after three).
 */
export async function deliverWhileDue(
  options: DeliverOptions & { patienceMs: number; sleep?: (ms: number) => Promise<void> },
): Promise<DeliverResult> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const until = now() + options.patienceMs;
  const delivered: string[] = [];
  // `all` sends every waiting record at once on the first pass only (the sync says the network is
  // back); later passes keep each record's own retry time, so a failed email still waits its seconds.
  for (let pass = 0; ; pass++) {
    const result = await deliverOutbox(pass === 0 ? options : { ...options, all: false });
    delivered.push(...result.delivered);
    if (result.waiting === 0 || result.nextAttemptAt === null) return { ...result, delivered };
    // At least a second: a record another sender is about to claim may still read as due.
    const next = Math.max(result.nextAttemptAt, now() + MIN_SYNC_WAIT_MS);
    if (next > until) return { ...result, delivered };
    await sleep(next - now());
  }
}

/** Tabs and the worker tell each other that the outbox changed. */
export const OUTBOX_CHANNEL = 'storefront-outbox';
export const OUTBOX_SYNC_TAG = 'outbox';
