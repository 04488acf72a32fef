import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the few endpoints of Stripe's API the shop calls (tests only), answering as Stripe's
 * API reference documents them: POST /v1/checkout/sessions and POST /v1/refunds, form-encoded, with
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
  const fake: FakeStripe = { url: '', calls: [], failRefunds: false, close: async () => {} };
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
      };
    } else if (request.method === 'POST' && request.url === '/v1/refunds') {
      if (fake.failRefunds) {
        return answer(402, { error: { type: 'invalid_request_error', message: 'Charge has already been refunded.' } });
      }
      made = {
        id: id('re'),
        object: 'refund',
        amount: Number(form.get('amount')),
        payment_intent: form.get('payment_intent'),
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
