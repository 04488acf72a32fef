import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the few endpoints of Stripe's API the shop calls (tests only), answering as Stripe's
 * API reference documents them: POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id, POST
 * /v1/checkout/sessions/:id/expire (400 unless open), POST /v1/refunds, GET /v1/payouts and GET
 * /v1/balance_transactions?payout= (with each source as given), POST /v1/payment_intents/:id/capture
 * (amount_to_capture; 400 unless the hold is uncaptured) and /cancel (a hold released), form-encoded, with
 * Bearer keys and Idempotency-Key headers (a repeated key answers the first object again).
 */
export interface StripeCall {
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export interface FakeStripe {
  url: string;
  calls: StripeCall[];
  /** Refunds fail with Stripe's error shape while this is set. */
  failRefunds: boolean;
  /** Refunds answer 500 (Stripe out of reach, for the client's retries too) while this is set. */
  downRefunds: boolean;
  /** The sessions made, by id: a test marks one 'complete' to have Stripe refuse to expire it. */
  sessions: Map<string, Record<string, unknown>>;
  /** Captures and cancels of held payments answer 500 (Stripe out of reach) while this is set. */
  downHolds: boolean;
  /** Held payment intents taken from or released, by id: what Stripe did with each hold. */
  intents: Map<string, { status: 'succeeded' | 'canceled'; amountReceived: number }>;
  /** Payouts, newest first, each with its balance transactions (GET /v1/payouts, /v1/balance_transactions). */
  payouts: { payout: Record<string, unknown>; transactions: Record<string, unknown>[] }[];
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

const body = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });

export async function startFakeStripe(): Promise<FakeStripe> {
  const byKey = new Map<string, unknown>();
  const fake: FakeStripe = {
    url: '',
    calls: [],
    failRefunds: false,
    downRefunds: false,
    sessions: new Map(),
    downHolds: false,
    intents: new Map(),
    payouts: [],
    close: async () => {},
  };
  const server: Server = createServer(async (request, response) => {
    const form = new URLSearchParams(await body(request));
    const key = request.headers['idempotency-key'] as string | undefined;
    fake.calls.push({
      path: request.url ?? '',
      form,
      idempotencyKey: key,
      authorization: request.headers.authorization,
    });
    const answer = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(value));
    };
    if (key && byKey.has(`${request.url}:${key}`)) return answer(200, byKey.get(`${request.url}:${key}`));
    let made: Record<string, unknown>;
    const url = new URL(request.url ?? '/', 'http://stripe.test');
    const list = (data: unknown[]) => answer(200, { object: 'list', data, has_more: false, url: url.pathname });
    if (request.method === 'GET' && url.pathname === '/v1/payouts') {
      return list(fake.payouts.map((entry) => entry.payout).slice(0, Number(url.searchParams.get('limit') ?? 10)));
    }
    if (request.method === 'GET' && url.pathname === '/v1/balance_transactions') {
      const payout = fake.payouts.find((entry) => entry.payout.id === url.searchParams.get('payout'));
      return list(payout?.transactions ?? []);
    }
    const intentPath = /^\/v1\/payment_intents\/(pi_[A-Za-z0-9_]+)\/(capture|cancel)$/.exec(url.pathname);
    if (request.method === 'POST' && intentPath) {
      if (fake.downHolds) return answer(500, { error: { type: 'api_error', message: 'Stripe is down' } });
      const intentId = intentPath[1] as string;
      if (fake.intents.has(intentId)) {
        return answer(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `This PaymentIntent could not be ${intentPath[2] === 'capture' ? 'captured' : 'canceled'} because it has a status of ${fake.intents.get(intentId)?.status}.`,
          },
        });
      }
      const capture = intentPath[2] === 'capture';
      const amountReceived = capture ? Number(form.get('amount_to_capture')) : 0;
      fake.intents.set(intentId, { status: capture ? 'succeeded' : 'canceled', amountReceived });
      made = {
        id: intentId,
        object: 'payment_intent',
        status: capture ? 'succeeded' : 'canceled',
        amount_received: amountReceived,
        ...(capture ? {} : { cancellation_reason: form.get('cancellation_reason') }),
      };
      if (key) byKey.set(`${request.url}:${key}`, made);
      return answer(200, made);
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/(cs_[A-Za-z0-9_]+)(\/expire)?$/.exec(request.url ?? '');
    if (sessionPath) {
      const session = fake.sessions.get(sessionPath[1] as string);
      if (!session)
        return answer(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
      if (request.method === 'GET') return answer(200, session);
      if (session.status !== 'open') {
        return answer(400, {
          error: {
            type: 'invalid_request_error',
            message: `Only Checkout Sessions with a status in ["open"] can be expired.`,
          },
        });
      }
      session.status = 'expired';
      return answer(200, session);
    }
    if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
      const session = id('cs');
      made = {
        id: session,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: form.get('client_reference_id'),
        metadata: Object.fromEntries(
          [...form].filter(([name]) => name.startsWith('metadata[')).map(([name, value]) => [name.slice(9, -1), value]),
        ),
        url: `https://checkout.stripe.com/c/pay/${session}`,
        amount_total: [...form]
          .filter(([name]) => /^line_items\[\d+\]\[price_data\]\[unit_amount\]$/.test(name))
          .reduce((sum, [, value]) => sum + Number(value), 0),
        currency: form.get('line_items[0][price_data][currency]'),
        capture_method: form.get('payment_intent_data[capture_method]') ?? 'automatic',
      };
      fake.sessions.set(session, made);
    } else if (request.method === 'POST' && request.url === '/v1/refunds') {
      if (fake.downRefunds) return answer(500, { error: { type: 'api_error', message: 'Stripe is down' } });
      if (fake.failRefunds) {
        return answer(402, { error: { type: 'invalid_request_error', message: 'Charge has already been refunded.' } });
      }
      made = {
        id: id('re'),
        object: 'refund',
        amount: Number(form.get('amount')),
        payment_intent: form.get('payment_intent'),
        metadata: Object.fromEntries(
          [...form].filter(([name]) => name.startsWith('metadata[')).map(([name, value]) => [name.slice(9, -1), value]),
        ),
        status: 'succeeded',
      };
    } else {
      return answer(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.url})` },
      });
    }
    if (key) byKey.set(`${request.url}:${key}`, made);
    answer(200, made);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
