import { addDays } from '../../src/lib/api-contract/hold-window';
import { nextSaturday } from '../../tests/fixtures/hire-dates';
import { loadRun } from '../autocannon-run';
import { type BenchContext, runs } from '../context';
import { startFloorProcess } from '../floor-process';
import { keepAliveConnection } from '../keep-alive-client';
import { atLeast, atMost, exactly, type Figure, figure } from '../results';

/**
 * Saturdays from the clock, inside the two years the server takes: the measured orders' from three
 * weeks on, the warm-up's from a year on (never the same dates).
 */
const DATE = nextSaturday(1);
const WARM_UP_DATE = nextSaturday(50);
/** The 7-day hires' first Saturday: between the two, over dates of their own. */
const WEEK_DATE = nextSaturday(25);
/** Each run's orders spread over this many Saturdays. */
const SATURDAYS = 50;

/** The Saturday `weeks` weeks after `date` (a Saturday). */
const saturdayAfter = (date: string, weeks: number) => addDays(date, weeks * 7);

const median = (values: number[]) => percentile(values, 50);

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
  // 20 shoppers at once, each on a connection kept from browsing, sending its next order as soon as
  // the last is answered, with an Idempotency-Key as the checkout sends. The client is a bare socket:
  // a fetch loop in this process cost about 3 ms of CPU per request on the cores the server uses, and
  // its own queue showed up as server latency.
  const shoppers = await Promise.all(Array.from({ length: 20 }, () => keepAliveConnection(ctx.baseUrl)));
  let sent = 0;
  // `days`: each order's days of use (7: a week's hire, its whole window checked and held).
  const orders = async (firstDate: string, perShopper: number, to = shoppers, days = 1) => {
    const latencies: number[] = [];
    let notCreated = 0;
    let held = 0;
    const started = performance.now();
    await Promise.all(
      to.map(async (shopper, index) => {
        for (let i = 0; i < perShopper; i++) {
          const delivery = index % 2 === 0;
          // Events spread over 50 Saturdays, 4 orders each a run: the first few of a date hold the
          // item (its stock is 2 or 3), the rest are recorded for the team, as for a popular item.
          const date = saturdayAfter(firstDate, sent % SATURDAYS);
          const answer = await shopper.post(
            '/api/orders',
            {
              customer_id: customer.body.data.id,
              starts_at: date,
              stops_at: addDays(date, days - 1),
              fulfillment_type: delivery ? 'delivery' : 'pickup',
              ...(delivery ? { delivery_address: '1 George St, Sydney NSW 2000' } : {}),
              lines: [{ id: productId, quantity: 1, isBundle: false, bundleVariations: [] }],
            },
            { 'Idempotency-Key': `bench-${Date.now()}-${sent++}:order` },
          );
          latencies.push(answer.ms);
          if (answer.status !== 201) notCreated++;
          else if (answer.body.includes('"status":"reserved"')) held++;
        }
      }),
    );
    return { latencies, notCreated, held, perSecond: latencies.length / ((performance.now() - started) / 1000) };
  };
  // A fresh process compiles the order path over its first few hundred orders (per order, CPU fell
  // from 6 ms to 3 ms over the first 800), which a shop's server does once, not per order: the cold
  // figure is the first 20 at once, then a warm-up on another date, as the listing has one.
  const cold = await orders(WARM_UP_DATE, 1);
  const warmUp = await orders(WARM_UP_DATE, ctx.quick ? 2 : 10);
  const warm = [];
  for (let i = 0; i < runs(ctx, 5); i++) warm.push(await orders(DATE, ctx.quick ? 3 : 10));
  // Issue 60: a week's hire each (Saturday to Friday), held and priced over its whole window.
  const week = [];
  for (let i = 0; i < runs(ctx, 5); i++) week.push(await orders(WEEK_DATE, ctx.quick ? 3 : 10, shoppers, 7));
  for (const shopper of shoppers) shopper.close();
  // The floor, measured the same way in the same run: what this machine allows for 20 writers taking
  // turns at one embedded file, each doing an order's writes (see bench/order-floor-server.mjs).
  const floor = await startFloorProcess('order-floor-server.mjs');
  const bare = await Promise.all(Array.from({ length: 20 }, () => keepAliveConnection(floor.url)));
  await orders(WARM_UP_DATE, ctx.quick ? 3 : 12, bare);
  const floorRuns = [];
  for (let i = 0; i < runs(ctx, 5); i++) floorRuns.push(await orders(DATE, ctx.quick ? 3 : 10, bare));
  for (const connection of bare) connection.close();
  await floor.stop();
  const p99s = warm.map((run) => percentile(run.latencies, 99));
  const floorP99s = floorRuns.map((run) => percentile(run.latencies, 99));
  const weekP99s = week.map((run) => percentile(run.latencies, 99));
  const notCreated = [cold, warmUp, ...warm, ...week].reduce((sum, run) => sum + run.notCreated, 0);
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
      `order request with availability check: p50 (20 concurrent, ${warm[0]?.latencies.length ?? 0} orders a run)`,
      'ms',
      warm.map((run) => percentile(run.latencies, 50)),
    ),
    figure(
      'availability',
      'order requests a second, 20 shoppers at once (each booked, its emails queued)',
      'req/s',
      warm.map((run) => run.perSecond),
    ),
    figure('availability', 'order request floor: the same writes, requests a second', 'req/s', [
      median(floorRuns.map((run) => run.perSecond)),
    ]),
    figure('availability', 'order request, cold process: slowest of the first 20 at once', 'ms', [
      Math.max(...cold.latencies),
    ]),
    figure(
      'availability',
      'order request with availability check and its two emails queued: p99 (20 concurrent)',
      'ms',
      p99s,
      atMost(100),
    ),
    figure('availability', 'order request floor: the same writes, bare node:http and libSQL: p99', 'ms', floorP99s),
    figure(
      'availability',
      'order request for a 7-day hire (its whole window checked and held): p99 (20 concurrent)',
      'ms',
      weekP99s,
      atMost(100),
    ),
    figure('availability', 'order request for a 7-day hire p99: times the floor', 'x', [
      median(weekP99s) / median(floorP99s),
    ]),
    figure('availability', 'order request p99: times the floor', 'x', [median(p99s) / median(floorP99s)]),
    figure(
      'availability',
      'measured order requests that held their item (the rest: for the team)',
      '%',
      warm.map((run) => Math.round((100 * run.held) / run.latencies.length)),
    ),
    figure('availability', 'order requests not answered 201', '', [notCreated], exactly(0)),
  ];
}

async function firstProduct(ctx: BenchContext): Promise<string> {
  const groups = await getJson(`${ctx.baseUrl}/api/product_groups?per_page=1`);
  const detail = await getJson(`${ctx.baseUrl}/api/product-groups/${groups.data[0]?.id}`);
  return String(detail.included[0]?.id);
}
