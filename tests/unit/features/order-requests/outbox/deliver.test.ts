import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createContactMessage } from '../../../../../src/features/order-requests/contact-message';
import { deliverOutbox, deliverWhileDue, eventFor } from '../../../../../src/features/order-requests/outbox/deliver';
import { newOutboxRecord } from '../../../../../src/features/order-requests/outbox/outbox-record';
import {
  addRecord,
  getRecord,
  listRecords,
  removeRecord,
} from '../../../../../src/features/order-requests/outbox/outbox-store';
import type { ContactApi } from '../../../../../src/features/order-requests/submissions/submit-contact-message';
import type { OrderApi } from '../../../../../src/features/order-requests/submissions/submit-order-request';
import { ApiError } from '../../../../../src/lib/http';
import { fakeOrderApi } from '../../../../fixtures/fake-order-api';
import { pickupRequest } from '../../../../fixtures/order-requests';

const request = pickupRequest();
const message = createContactMessage(
  { name: 'Ava', email: 'ava@example.com', phone: '1', subject: 'Wedding', message: 'Hello' },
  'message-0001',
);

const orderApi = fakeOrderApi;
const contactApi = (sendContact: ContactApi['sendContact'] = vi.fn(async () => ({}))): ContactApi => ({ sendContact });

let clock = 1_000_000;
const now = () => clock;

beforeEach(async () => {
  for (const record of await listRecords()) await removeRecord(record.id);
  clock = 1_000_000;
});

describe('what a replay does to its record', () => {
  const T = 5;
  it.each([
    [
      'order booked',
      { kind: 'order', outcome: { kind: 'success', orderId: '7' } },
      { type: 'delivered', orderId: '7' },
    ],
    ['manual', { kind: 'order', outcome: { kind: 'manual', orderId: '7' } }, { type: 'delivered', orderId: '7' }],
    ['ending 4', { kind: 'order', outcome: { kind: 'fallback' } }, { type: 'delivered' }],
    [
      'booked, email waiting',
      { kind: 'order', outcome: { kind: 'success', orderId: '7', emailPending: true } },
      { type: 'retry', orderId: '7' },
    ],
    ['no answer', { kind: 'order', outcome: { kind: 'retry', error: new TypeError('x') } }, { type: 'retry' }],
    [
      'fallback email waiting',
      { kind: 'order', outcome: { kind: 'retry-fallback', email: { order_id: 'Unassigned' }, error: 1 } },
      { type: 'retry', fallbackEmail: { order_id: 'Unassigned' } },
    ],
    ['refused order', { kind: 'order', outcome: { kind: 'error', status: 400, error: 1 } }, { type: 'fail' }],
    ['message sent', { kind: 'contact', outcome: { kind: 'sent' } }, { type: 'delivered' }],
    ['message, no answer', { kind: 'contact', outcome: { kind: 'retry', error: 1 } }, { type: 'retry' }],
    ['message, 500', { kind: 'contact', outcome: { kind: 'server-error', error: 1 } }, { type: 'retry' }],
    ['message refused', { kind: 'contact', outcome: { kind: 'error', status: 422, error: 1 } }, { type: 'fail' }],
  ])('%s', (_, result, expected) => {
    expect(eventFor(result as Parameters<typeof eventFor>[0], 0, T, 0.5)).toMatchObject({ ...expected, now: T });
  });

  it('waits longer after each failed attempt, and at least Retry-After', () => {
    const retry = { kind: 'order', outcome: { kind: 'retry', error: 1 } } as const;
    expect(eventFor(retry, 0, 0, 0.5)).toMatchObject({ delayMs: 5_000 });
    expect(eventFor(retry, 3, 0, 0.5)).toMatchObject({ delayMs: 40_000 });
    expect(
      eventFor({ kind: 'order', outcome: { kind: 'retry', retryAfterMs: 120_000, error: 1 } }, 0, 0, 0.5),
    ).toMatchObject({
      delayMs: 120_000,
    });
  });
});

describe('delivering the outbox', () => {
  it('sends what is due, keeps what fails for another try, and leaves what is not due yet', async () => {
    await addRecord(newOutboxRecord({ kind: 'order', request, fallbackEmail: null, orderId: null }, clock));
    await addRecord(newOutboxRecord({ kind: 'contact', message }, clock, 60_000));
    const api = orderApi();
    const offline = contactApi(vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const result = await deliverOutbox({ owner: 'tab', now, orderApi: api, contactApi: offline });
    expect(result).toEqual({ waiting: 1, delivered: ['order-attempt-0001'], nextAttemptAt: clock + 60_000 });
    expect(await getRecord('order-attempt-0001')).toMatchObject({ state: 'sent', payload: { orderId: '1042' } });
    expect(offline.sendContact).not.toHaveBeenCalled();

    clock += 60_000;
    await deliverOutbox({ owner: 'tab', now, orderApi: api, contactApi: offline });
    expect(await getRecord('contact-message-0001')).toMatchObject({ state: 'waiting', attempts: 1 });
    expect(offline.sendContact).toHaveBeenCalledWith(message.body, 'contact-message-0001');
  });

  it('Send now sends a record before its time; a refusal marks it failed', async () => {
    await addRecord(newOutboxRecord({ kind: 'contact', message }, clock, 60_000));
    const refused = contactApi(vi.fn(async () => Promise.reject(new ApiError(400, '{"error":"bad"}'))));
    await deliverOutbox({ owner: 'tab', now, contactApi: refused, force: 'contact-message-0001' });
    expect(await getRecord('contact-message-0001')).toMatchObject({ state: 'failed', lastError: 'bad' });
  });

  it('two senders at once (tabs, the worker) send each record exactly once', async () => {
    for (let i = 0; i < 5; i++) {
      await addRecord(
        newOutboxRecord({ kind: 'contact', message: { ...message, messageId: `message-000${i}` } }, clock),
      );
    }
    const send = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return {};
    });
    await Promise.all([
      deliverOutbox({ owner: 'tab-1', now, contactApi: contactApi(send) }),
      deliverOutbox({ owner: 'tab-2', now, contactApi: contactApi(send) }),
      deliverOutbox({ owner: 'worker', now, contactApi: contactApi(send) }),
    ]);
    expect(send).toHaveBeenCalledTimes(5);
    expect((await listRecords()).every((record) => record.state === 'sent')).toBe(true);
  });

  it('after a 500 whose fallback email could not go out, replays only that email, with the same body', async () => {
    await addRecord(newOutboxRecord({ kind: 'order', request, fallbackEmail: null, orderId: null }, clock));
    const first = orderApi({
      createOrder: vi.fn(async () => Promise.reject(new ApiError(500, 'boom'))),
      sendOrderEmail: vi.fn(async () => Promise.reject(new ApiError(503, ''))),
    });
    await deliverOutbox({ owner: 'tab', now, orderApi: first });
    const stored = await getRecord('order-attempt-0001');
    expect(stored).toMatchObject({ state: 'waiting', payload: { fallbackEmail: { order_id: 'Unassigned' } } });

    clock += 10 * 60_000;
    const second = orderApi();
    await deliverOutbox({ owner: 'tab', now, orderApi: second });
    expect(second.createOrder).not.toHaveBeenCalled();
    expect(second.sendOrderEmail).toHaveBeenCalledWith(
      vi.mocked(first.sendOrderEmail).mock.calls[0]?.[0],
      'order-attempt-0001:fallback-email',
    );
    expect(await getRecord('order-attempt-0001')).toMatchObject({ state: 'sent' });
  });

  it('a record whose sender died is picked up once its lease runs out', async () => {
    await addRecord(newOutboxRecord({ kind: 'contact', message }, clock));
    const never = contactApi(vi.fn(() => new Promise<unknown>(() => {})));
    void deliverOutbox({ owner: 'tab-gone', now, contactApi: never });
    await vi.waitFor(async () => expect((await getRecord('contact-message-0001'))?.state).toBe('sending'));
    const api = contactApi();
    await deliverOutbox({ owner: 'tab-2', now, contactApi: api });
    expect(api.sendContact).not.toHaveBeenCalled();
    clock += 3 * 60_000;
    await deliverOutbox({ owner: 'tab-2', now, contactApi: api });
    expect(api.sendContact).toHaveBeenCalledTimes(1);
    expect(await getRecord('contact-message-0001')).toMatchObject({ state: 'sent' });
  });

  it('removes sent records after 7 days', async () => {
    await addRecord(newOutboxRecord({ kind: 'contact', message }, clock));
    await deliverOutbox({ owner: 'tab', now, contactApi: contactApi() });
    clock += 7 * 24 * 3_600_000;
    await deliverOutbox({ owner: 'tab', now });
    expect(await listRecords()).toHaveLength(1);
    clock += 1;
    await deliverOutbox({ owner: 'tab', now });
    expect(await listRecords()).toHaveLength(0);
  });

  describe('within one Background Sync', () => {
    const sleep = vi.fn(async (ms: number) => {
      clock += ms;
    });
    beforeEach(() => sleep.mockClear());

    it('sends a booked order’s confirmation email again when it comes due, not at the next sync', async () => {
      await addRecord(newOutboxRecord({ kind: 'order', request, fallbackEmail: null, orderId: null }, clock));
      const api = orderApi({
        sendOrderEmail: vi
          .fn<OrderApi['sendOrderEmail']>()
          .mockRejectedValueOnce(new TypeError('Failed to fetch'))
          .mockResolvedValue({}),
      });
      const result = await deliverWhileDue({ owner: 'worker', now, orderApi: api, patienceMs: 60_000, sleep });
      expect(result).toEqual({ waiting: 0, delivered: ['order-attempt-0001'], nextAttemptAt: null });
      expect(sleep).toHaveBeenCalledTimes(1);
      expect(sleep.mock.calls[0]?.[0]).toBeGreaterThanOrEqual(4_000);
      expect(sleep.mock.calls[0]?.[0]).toBeLessThanOrEqual(6_000);
      expect(api.sendOrderEmail).toHaveBeenCalledTimes(2);
      expect(vi.mocked(api.sendOrderEmail).mock.calls.map((call) => call[1])).toEqual([
        'order-attempt-0001:email',
        'order-attempt-0001:email',
      ]);
      expect(await getRecord('order-attempt-0001')).toMatchObject({ state: 'sent', payload: { orderId: '1042' } });
    });

    it('sends a record waiting for its retry time at once when the sync says the network is back', async () => {
      const record = newOutboxRecord({ kind: 'order', request, fallbackEmail: null, orderId: null }, clock);
      await addRecord({ ...record, attempts: 2, nextAttemptAt: clock + 15_000 });
      const start = clock;
      const sentAt: number[] = [];
      const api = orderApi({
        sendOrderEmail: vi.fn<OrderApi['sendOrderEmail']>(async () => {
          sentAt.push(clock - start);
          if (sentAt.length === 1) throw new TypeError('Failed to fetch');
          return {};
        }),
      });
      const result = await deliverWhileDue({
        owner: 'worker',
        all: true,
        now,
        orderApi: api,
        patienceMs: 60_000,
        sleep,
      });
      expect(result.waiting).toBe(0);
      // The order and its email went at once; only the failed email waited its own retry time.
      expect(sentAt[0]).toBe(0);
      expect(sentAt[1]).toBeGreaterThanOrEqual(4_000);
    });

    it('leaves a record due after its patience to the next sync, without waiting for it', async () => {
      await addRecord(newOutboxRecord({ kind: 'contact', message }, clock));
      const busy = contactApi(vi.fn(async () => Promise.reject(new ApiError(503, '', 120_000))));
      const result = await deliverWhileDue({ owner: 'worker', now, contactApi: busy, patienceMs: 60_000, sleep });
      expect(result).toMatchObject({ waiting: 1, delivered: [], nextAttemptAt: clock + 120_000 });
      expect(sleep).not.toHaveBeenCalled();
      expect(busy.sendContact).toHaveBeenCalledTimes(1);
    });

    it('waits a second at a time for a due record whose lock another sender holds, then leaves it', async () => {
      await addRecord(newOutboxRecord({ kind: 'contact', message }, clock));
      // Another tab holds the record's Web Lock: it is due, but not ours to send.
      vi.stubGlobal('navigator', {
        locks: {
          request: async (_name: string, _options: unknown, callback: (lock: unknown) => Promise<void>) =>
            callback(null),
        },
      });
      try {
        const api = contactApi();
        const result = await deliverWhileDue({ owner: 'worker', now, contactApi: api, patienceMs: 60_000, sleep });
        expect(result.waiting).toBe(1);
        expect(api.sendContact).not.toHaveBeenCalled();
        expect(sleep.mock.calls.every(([ms]) => ms >= 1_000)).toBe(true);
        expect(sleep).toHaveBeenCalledTimes(60);
      } finally {
        vi.unstubAllGlobals();
      }
    });

    it('gives up for this sync after the attempts that fit in its patience', async () => {
      await addRecord(newOutboxRecord({ kind: 'contact', message }, clock));
      const offline = contactApi(vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
      const result = await deliverWhileDue({ owner: 'worker', now, contactApi: offline, patienceMs: 60_000, sleep });
      expect(result.waiting).toBe(1);
      expect(offline.sendContact).toHaveBeenCalledTimes(4);
      expect(clock - 1_000_000).toBeLessThanOrEqual(60_000);
    });
  });
});
