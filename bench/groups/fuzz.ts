import { createClient } from '@libsql/client';
import { cartLines } from '../cart-seed';
import { type BenchContext, runs } from '../context';
import { exactly, type Figure, figure } from '../results';

const TABLES = ['customers', 'orders', 'order_lines', 'contact_messages', 'email_outbox'];

/** A small deterministic generator, so a failing body can be found again. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const nested = (depth: number): unknown => (depth === 0 ? 'x' : { a: [nested(depth - 1)] });

/** Replaces, drops or adds one value somewhere in a JSON value. */
function mutate(value: unknown, rnd: () => number): unknown {
  const strange = [
    null,
    -1,
    0,
    1e308,
    '',
    ' ',
    'x'.repeat(5000),
    '2026-02-30',
    '<script>alert(1)</script>',
    '\u0000\ud800',
    '😀'.repeat(300),
    [],
    {},
    true,
    nested(40),
    '../../etc/passwd',
    "' OR 1=1 --",
  ];
  const pick = () => strange[Math.floor(rnd() * strange.length)];
  if (value === null || typeof value !== 'object') return rnd() < 0.7 ? pick() : value;
  if (Array.isArray(value)) {
    if (value.length === 0 || rnd() < 0.2) return [...value, pick()];
    const index = Math.floor(rnd() * value.length);
    return value.map((item, i) => (i === index ? mutate(item, rnd) : item));
  }
  const entries = Object.entries(value);
  const roll = rnd();
  if (roll < 0.15 && entries.length)
    return Object.fromEntries(entries.filter((_, i) => i !== Math.floor(rnd() * entries.length)));
  if (roll < 0.25) return { ...value, [`unknown_${Math.floor(rnd() * 100)}`]: pick() };
  const index = Math.floor(rnd() * entries.length);
  return Object.fromEntries(entries.map(([k, v], i) => [k, i === index ? mutate(v, rnd) : v]));
}

/**
 * 1,000 fuzzed bodies across the write endpoints: mutations of valid bodies, broken JSON and wrong
 * content types. No answer may be a 5xx, and no rejected request may write a row.
 */
export async function fuzz(ctx: BenchContext): Promise<Figure[]> {
  const [line] = await cartLines(ctx, 1);
  const db = createClient({ url: `file:${ctx.databaseFile}` });
  const created = await (
    await fetch(`${ctx.baseUrl}/api/customers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        data: { type: 'customers', attributes: { name: 'Fuzz', email: `fuzz-${Date.now()}@example.com` } },
      }),
    })
  ).json();
  const customerId = (created as { data: { id: string } }).data.id;
  const templates: { method: string; path: string; body: unknown }[] = [
    {
      method: 'POST',
      path: '/api/customers',
      body: { data: { type: 'customers', attributes: { name: 'A', email: 'a@example.com', phone: '0400 000 000' } } },
    },
    {
      method: 'PUT',
      path: `/api/customers/${customerId}`,
      body: { data: { id: customerId, type: 'customers', attributes: { phone: '0400 000 001' } } },
    },
    {
      method: 'POST',
      path: '/api/orders',
      body: {
        customer_id: customerId,
        starts_at: '2027-03-06',
        stops_at: '2027-03-06',
        fulfillment_type: 'pickup',
        lines: [{ id: line?.id, quantity: 1, isBundle: false, bundleVariations: [] }],
      },
    },
    { method: 'POST', path: '/api/email', body: { customer_email: 'a@example.com', order_id: '1', hasError: false } },
    {
      method: 'POST',
      path: '/api/contact',
      body: { name: 'A', email: 'a@example.com', phone: '1', subject: 'S', message: 'M' },
    },
  ];
  const counts = async () => {
    const values = await Promise.all(
      TABLES.map(async (t) => Number((await db.execute(`SELECT COUNT(*) AS n FROM ${t}`)).rows[0]?.n)),
    );
    return values.join(',');
  };
  const rnd = random(20261123);
  const total = runs(ctx, 1000, 100);
  let serverErrors = 0;
  let writtenByRejected = 0;
  let accepted = 0;
  const statuses = new Map<number, number>();
  try {
    for (let i = 0; i < total; i++) {
      const template = templates[i % templates.length];
      if (!template) continue;
      let body = template.body;
      for (let m = 0; m < 1 + Math.floor(rnd() * 3); m++) body = mutate(body, rnd);
      const roll = rnd();
      const text = roll < 0.05 ? '{"broken": ' : roll < 0.08 ? 'x'.repeat(70 * 1024) : JSON.stringify(body);
      const contentType = rnd() < 0.05 ? 'text/plain' : 'application/json';
      const before = await counts();
      const response = await fetch(`${ctx.baseUrl}${template.path}`, {
        method: template.method,
        headers: { 'content-type': contentType },
        body: text,
      });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status >= 500) serverErrors++;
      if (response.ok) accepted++;
      else if ((await counts()) !== before) writtenByRejected++;
    }
  } finally {
    db.close();
  }
  const spread = [...statuses]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  return [
    figure('fuzz', `5xx answers to ${total} fuzzed bodies`, '', [serverErrors], exactly(0), spread),
    figure('fuzz', 'rejected requests that wrote a row', '', [writtenByRejected], exactly(0), `${accepted} accepted`),
  ];
}
