import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createApp } from '../../server/app';
import { createServices, type Services } from '../../server/app-services';
import type { Booking } from '../../server/booking';
import type { CatalogueCache } from '../../server/cache/catalogue-cache';
import { loadConfig, type ServerConfig } from '../../server/config';
import type { Db } from '../../server/db/client';
import { sweepBookings } from '../../server/services/booking-sweeper';
import type { MailContext } from '../../server/services/context';
import type { ProxyDeps } from '../../server/services/image-proxy';
import { openDb } from '../../server/upgrades/open-db';
import { nextSaturday } from '../fixtures/hire-dates';
import { startSqld } from '../fixtures/sqld';
import { copyTemplateDb, TEST_PHOTOS_DIR } from '../fixtures/test-db';

export interface TestApp {
  db: Db;
  config: ServerConfig;
  /** The app's catalogue answer cache and data version. */
  cache: CatalogueCache;
  /** The services the app was built over (as the server builds them). */
  services: Services;
  /** The Hono app itself (to put behind a real HTTP server). */
  app: ReturnType<typeof createApp>;
  request: (path: string, init?: RequestInit) => Promise<Response>;
  json: <T = any>(path: string, init?: RequestInit) => Promise<{ status: number; body: T; headers: Headers }>;
  post: <T = any>(
    path: string,
    body: unknown,
    headers?: Record<string, string>,
  ) => Promise<{ status: number; body: T; headers: Headers }>;
  count: (table: string) => Promise<number>;
  /** Moves the app's clock (holds, action links); null goes back to the real time. */
  setNow: (now: Date | null) => void;
  /** The app's booking rules (on its clock). */
  booking: Booking;
  /** What the app's emails are made with (its config, secret, booking and clock). */
  mail: MailContext;
  /** One sweep of lapsing holds, as the server runs every minute. */
  sweep: () => ReturnType<typeof sweepBookings>;
  /** Closes the database (and stops this app's sqld). */
  close: () => Promise<void>;
}

export type TestConfig = Partial<Omit<ServerConfig, 'rateLimits'>> & {
  rateLimits?: Partial<ServerConfig['rateLimits']>;
};

const GENEROUS = { limit: 10_000, windowMs: 60_000 };

/**
 * The whole app in process over a private copy of the seeded database: an embedded file, or in the
 * server-sqld project a sqld of its own serving that copy over HTTP. Every rate limit is generous
 * unless a test sets it.
 */
export async function makeTestApp(overrides: TestConfig = {}, proxy: ProxyDeps = {}): Promise<TestApp> {
  const sqldPath = inject('sqldPath');
  const sqld = sqldPath ? await startSqld(sqldPath, inject('templateDb')) : null;
  const file = sqld ? sqld.url : await copyTemplateDb(inject('templateDb'));
  const db = await openDb({ url: file });
  const { rateLimits, ...rest } = overrides;
  const config: ServerConfig = {
    ...loadConfig({}),
    databaseUrl: file,
    photosDir: TEST_PHOTOS_DIR,
    distDir: undefined,
    trustProxy: true,
    dataDir: await mkdtemp(path.join(tmpdir(), 'storefront-data-')),
    actionSecret: 'test-action-secret-0123456789abcdef0123456789',
    ...rest,
    rateLimits: {
      contact: GENEROUS,
      orders: GENEROUS,
      email: GENEROUS,
      emailRecipient: GENEROUS,
      lookup: GENEROUS,
      preview: GENEROUS,
      teamSignIn: GENEROUS,
      teamSignInIp: GENEROUS,
      ...rateLimits,
    },
  };
  let now: Date | null = null;
  const setNow = (next: Date | null) => {
    now = next;
  };
  const clock = () => now ?? new Date();
  const services = createServices({ db, config, proxy, clock });
  const { booking, catalogue: cache } = services;
  const app = createApp(services);
  const mail: MailContext = services;
  const sweep = () => sweepBookings(services);
  const request = async (path: string, init?: RequestInit) => app.request(path, init);
  const json = async (path: string, init?: RequestInit) => {
    const response = await request(path, init);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  };
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    json(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const count = async (table: string) => {
    const result = await db.$client.execute(`SELECT COUNT(*) AS n FROM ${table}`);
    return Number(result.rows[0]?.n ?? 0);
  };
  const close = async () => {
    db.$client.close();
    await sqld?.stop();
  };
  return { db, config, cache, services, app, request, json, post, count, close, setNow, booking, mail, sweep };
}

/** Creates a customer (or reuses one) and an order of one product (two units) on `hireDate`; answers the order id. */
export async function placeOrder(
  t: TestApp,
  email: string,
  fulfilment: 'pickup' | 'delivery' = 'pickup',
  hireDate = nextSaturday(),
  extra: Record<string, unknown> = {},
) {
  const found = await t.json(`/api/customers/search?email=${encodeURIComponent(email)}`);
  const customerId: string =
    found.body.data[0]?.id ??
    (
      await t.post('/api/customers', {
        data: { type: 'customers', attributes: { name: 'Ava Chen', email, phone: '0400 111 222' } },
      })
    ).body.data.id;
  const product = await t.db.$client.execute(
    'SELECT id FROM products WHERE archived = 0 AND show_in_store = 1 AND stock_count > 5 ORDER BY id LIMIT 1',
  );
  const created = await t.post('/api/orders', {
    customer_id: customerId,
    starts_at: hireDate,
    stops_at: hireDate,
    fulfillment_type: fulfilment,
    ...(fulfilment === 'delivery' ? { delivery_address: '1 George St, Sydney NSW 2000' } : {}),
    lines: [{ id: String(product.rows[0]?.id), quantity: 2, isBundle: false, bundleVariations: [] }],
    ...extra,
  });
  if (created.status !== 201) throw new Error(`order not created: ${JSON.stringify(created.body)}`);
  return String(created.body.order.data.id);
}

let newCustomers = 0;

/**
 * A new customer's pickup request for `quantity` of one product on `date`, through the API: the
 * order's answer (status 201 expected by the caller).
 */
export async function orderAsNewCustomer(t: TestApp, productId: string, quantity: number, date: string) {
  newCustomers++;
  const customer = await t.post('/api/customers', {
    data: {
      type: 'customers',
      attributes: {
        name: `Customer ${newCustomers}`,
        email: `customer-${newCustomers}-${Date.now()}@example.com`,
        phone: '0400 111 222',
      },
    },
  });
  return t.post('/api/orders', {
    customer_id: customer.body.data.id,
    starts_at: date,
    stops_at: date,
    fulfillment_type: 'pickup',
    lines: [{ id: productId, quantity, isBundle: false, bundleVariations: [] }],
  });
}

/**
 * The middle of the current fixed rate-limit window, for `setNow`: a test's requests made there all
 * fall in one window, where on the wall clock a window's end could fall between them.
 */
export const middleOfWindow = (windowMs: number) =>
  new Date(Math.floor(Date.now() / windowMs) * windowMs + windowMs / 2);

/**
 * Sets one key of the stored business.json, as an import or the workspace's settings would, and lets
 * the app read it at once.
 */
export async function setBusinessSetting(t: TestApp, key: string, value: unknown) {
  await t.db.$client.execute({
    sql: `UPDATE business_settings SET settings = json_set(settings, '$.${key}', json(?)) WHERE id = 1`,
    args: [JSON.stringify(value)],
  });
  await t.cache.version.refresh();
  await t.services.settings.fresh();
}
