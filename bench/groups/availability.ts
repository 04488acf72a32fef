import { loadRun } from '../autocannon-run';
import { type BenchContext, runs } from '../context';
import { atLeast, atMost, exactly, type Figure, figure } from '../results';

/** A Saturday far enough ahead to stay in the future. */
const DATE = '2030-03-02';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/** The parts of the API's JSON:API answers the bench reads. */
interface Doc {
  data: { id: string | number } & Array<{ id: string | number }>;
  included: Array<{ id: string | number }>;
}

async function getJson(url: string): Promise<Doc> {
  return (await (await fetch(url)).json()) as Doc;
}

async function postJson(url: string, body: unknown): Promise<{ status: number; body: Doc }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Doc };
}

/**
 * Issue 24's targets: a dated category listing under load (50 connections, after a warm-up, medians
 * of the runs), and order requests with their availability check and holds, 20 at a time.
 */
export async function availability(ctx: BenchContext): Promise<Figure[]> {
  const url = `${ctx.baseUrl}/api/boomerang/items?tag=decor&page=1&per_page=30&date=${DATE}`;
  await loadRun(url, ctx.quick ? 0.5 : 2);
  const results = [];
  for (let i = 0; i < runs(ctx, 3); i++) results.push(await loadRun(url, ctx.quick ? 1 : 10));

  const customer = await postJson(`${ctx.baseUrl}/api/customers`, {
    data: {
      type: 'customers',
      attributes: { name: 'Bench Shopper', email: `bench-${Date.now()}@example.com`, phone: '0400 000 000' },
    },
  });
  const listing = await getJson(`${ctx.baseUrl}/api/products/${await firstProduct(ctx)}`);
  const productId = String(listing.data.id);
  const latencies: number[] = [];
  const statuses: number[] = [];
  const perWorker = ctx.quick ? 3 : 10;
  await Promise.all(
    Array.from({ length: 20 }, async (_, worker) => {
      for (let i = 0; i < perWorker; i++) {
        const started = performance.now();
        const answer = await postJson(`${ctx.baseUrl}/api/orders`, {
          customer_id: customer.body.data.id,
          starts_at: DATE,
          stops_at: DATE,
          fulfillment_type: worker % 2 ? 'pickup' : 'delivery',
          ...(worker % 2 ? {} : { delivery_address: '1 George St, Sydney NSW 2000' }),
          lines: [{ id: productId, quantity: 1, isBundle: false, bundleVariations: [] }],
        });
        latencies.push(performance.now() - started);
        statuses.push(answer.status);
      }
    }),
  );
  return [
    figure(
      'availability',
      'dated category listing: requests/s',
      'req/s',
      results.map((r) => r.requestsPerSecond),
      atLeast(2000),
    ),
    figure(
      'availability',
      'dated category listing: p99',
      'ms',
      results.map((r) => r.p99),
      atMost(30),
    ),
    figure(
      'availability',
      'dated category listing: errors and non-2xx',
      '',
      [results.reduce((s, r) => s + r.failures, 0)],
      exactly(0),
    ),
    figure(
      'availability',
      `order request with availability check: p50 (20 concurrent, ${latencies.length} orders)`,
      'ms',
      [percentile(latencies, 50)],
    ),
    figure(
      'availability',
      'order request with availability check: p99 (20 concurrent)',
      'ms',
      [percentile(latencies, 99)],
      atMost(100),
    ),
    figure(
      'availability',
      'order requests not answered 201',
      '',
      [statuses.filter((s) => s !== 201).length],
      exactly(0),
    ),
  ];
}

async function firstProduct(ctx: BenchContext): Promise<string> {
  const groups = await getJson(`${ctx.baseUrl}/api/product_groups?per_page=1`);
  const detail = await getJson(`${ctx.baseUrl}/api/product-groups/${groups.data[0]?.id}`);
  return String(detail.included[0]?.id);
}
