import 'fake-indexeddb/auto';
import { createClient } from '@libsql/client';
import type { OrderRequest } from '../../src/features/order-requests/order-request';
import { deliverOutbox } from '../../src/features/order-requests/outbox/deliver';
import { newOutboxRecord } from '../../src/features/order-requests/outbox/outbox-record';
import { addRecord, listRecords, removeRecord } from '../../src/features/order-requests/outbox/outbox-store';
import { cartLines } from '../cart-seed';
import { type BenchContext, runs } from '../context';
import { exactly, type Figure, figure } from '../results';

const REQUESTS = 25;

/**
 * 25 order requests queued offline, then delivered by the outbox's own code (the page's and the
 * worker's) against the real server through injected faults: a 503, a connection reset after the
 * server committed the order, a 429 with Retry-After, and 10 % random 503s on top; two senders run
 * at once. The server must end with exactly 25 orders, 25 customers and 25 confirmation emails.
 */
export async function reliability(ctx: BenchContext): Promise<Figure[]> {
  const [line] = await cartLines(ctx, 1);
  if (!line) throw new Error('no product to order');
  const db = createClient({ url: `file:${ctx.databaseFile}` });
  const realFetch = globalThis.fetch;
  const tally = {
    orders: [] as number[],
    customers: [] as number[],
    emails: [] as number[],
    waiting: [] as number[],
    exact: 0,
  };
  const total = runs(ctx, 20, 1);
  try {
    for (let run = 0; run < total; run++) {
      const tag = `rel-${Date.now()}-${run}`;
      const seen = new Set<string>();
      // The network between the outbox and the server, with its faults.
      globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), ctx.baseUrl);
        const headers = new Headers(init?.headers);
        const key = headers.get('idempotency-key') ?? '';
        const which = Number(/-(\d+)(?:@|-attempt)/.exec(`${url.searchParams.get('email') ?? ''}${key}`)?.[1] ?? -1);
        const first = (name: string) => {
          const id = `${name}:${which}`;
          if (seen.has(id)) return false;
          seen.add(id);
          return true;
        };
        const unavailable = () => new Response('{"error":"Service unavailable"}', { status: 503 });
        if (Math.random() < 0.1) return unavailable();
        if (url.pathname === '/api/orders' && which % 3 === 0 && first('orders-503')) return unavailable();
        if (url.pathname === '/api/customers/search' && which % 3 === 2 && first('lookup-429')) {
          return new Response('{"error":"Too many requests"}', { status: 429, headers: { 'Retry-After': '1' } });
        }
        if (url.pathname === '/api/orders' && which % 3 === 1 && first('orders-reset')) {
          await realFetch(url, init);
          throw new TypeError('fetch failed: connection reset');
        }
        return realFetch(url, init);
      };
      for (const record of await listRecords()) await removeRecord(record.id);
      let clock = Date.now();
      for (let i = 0; i < REQUESTS; i++) {
        const request: OrderRequest = {
          version: 1,
          attemptId: `${tag}-${i}-attempt`,
          createdAt: new Date().toISOString(),
          form: {
            name: `Reliability ${i}`,
            email: `${tag}-${i}@example.com`,
            phone: '0400 000 000',
            hireDate: '2027-03-06',
            deliveryOption: 'pickup',
            deliveryAddress: '',
            orderNotes: '',
            wantsSignage: false,
          },
          lines: [{ ...line, quantity: 1 }],
        };
        await addRecord(newOutboxRecord({ kind: 'order', request, fallbackEmail: null, orderId: null }, clock));
      }
      // Two senders (a tab and the worker) at once, again and again, the clock moved past every backoff.
      for (let round = 0; round < 40; round++) {
        const now = () => clock;
        const [a, b] = await Promise.all([
          deliverOutbox({ owner: 'tab', now }),
          deliverOutbox({ owner: 'worker', now }),
        ]);
        if (a.waiting === 0 && b.waiting === 0) break;
        clock += 15 * 60_000;
      }
      globalThis.fetch = realFetch;
      // Fewer than 25 with records still waiting is slowness; fewer with none waiting would be loss.
      tally.waiting.push((await listRecords()).filter((r) => r.state !== 'sent').length);
      const count = async (sql: string) => Number((await db.execute({ sql, args: [`${tag}-%`] })).rows[0]?.n);
      const orders = await count(
        'SELECT COUNT(*) AS n FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.email LIKE ?',
      );
      const customers = await count('SELECT COUNT(*) AS n FROM customers WHERE email LIKE ?');
      const emails = await count(
        "SELECT COUNT(*) AS n FROM email_outbox WHERE kind = 'order_confirmation' AND to_address LIKE ?",
      );
      tally.orders.push(orders);
      tally.customers.push(customers);
      tally.emails.push(emails);
      if (orders === REQUESTS && customers === REQUESTS && emails === REQUESTS) tally.exact++;
    }
  } finally {
    globalThis.fetch = realFetch;
    db.close();
  }
  return [
    figure('reliability', `orders from ${REQUESTS} queued requests`, '', tally.orders, exactly(REQUESTS)),
    figure('reliability', `customers from ${REQUESTS} queued requests`, '', tally.customers, exactly(REQUESTS)),
    figure('reliability', `emails from ${REQUESTS} queued requests`, '', tally.emails, exactly(REQUESTS)),
    figure('reliability', 'requests not delivered after 40 rounds', '', tally.waiting, exactly(0)),
    figure('reliability', 'runs with exactly 25/25/25', 'runs', [tally.exact], exactly(total)),
  ];
}
