import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { nextSaturday } from '../fixtures/hire-dates';
import { GENEROUS_LIMITS, type ServerProcess, startServerProcess } from '../fixtures/server-process';
import { startSmtp } from '../fixtures/smtp';
import { type RunningSqld, startSqld } from '../fixtures/sqld';

/**
 * Two app processes (the real server, each on its own port) on one sqld: what must hold across
 * processes holds. Runs in the server-sqld project; the embedded-file project has no server to share.
 */
const sqldPath = inject('sqldPath');

/** Every process on one database signs the team's links with the same secret. */
const ACTION_SECRET = 'multi-process-action-secret-0123456789abcdef';

const startApp = (databaseUrl: string, env: Record<string, string> = {}) =>
  startServerProcess({
    DATABASE_URL: databaseUrl,
    DIST_DIR: 'no-such-dist',
    ACTION_SECRET,
    ...GENEROUS_LIMITS,
    RATE_LIMIT_CONTACT: '5/600',
    ...env,
  });

const post = async (base: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
};

describe.skipIf(!sqldPath)('two app processes on one sqld', () => {
  let sqld: RunningSqld;
  let a: string;
  let b: string;
  const apps: ServerProcess[] = [];
  let db: ReturnType<typeof createClient>;

  beforeAll(async () => {
    sqld = await startSqld(sqldPath, inject('templateDb'));
    apps.push(...(await Promise.all([startApp(sqld.url), startApp(sqld.url)])));
    [a, b] = apps.map((app) => app.url) as [string, string];
    db = createClient({ url: sqld.url });
  }, 60_000);
  afterAll(async () => {
    db?.close();
    await Promise.all(apps.map((app) => app.stop()));
    await sqld?.stop();
  });

  const count = async (sql: string, args: string[] = []) => Number((await db.execute({ sql, args })).rows[0]?.n);
  const customer = (email: string) => ({
    data: { type: 'customers', attributes: { name: 'Ava Chen', email, phone: '0400 111 222' } },
  });
  const product = async () =>
    String((await db.execute('SELECT id FROM products WHERE stock_count > 5 AND archived = 0 LIMIT 1')).rows[0]?.id);
  const order = (customerId: string, productId: string) => ({
    customer_id: customerId,
    starts_at: nextSaturday(),
    stops_at: nextSaturday(),
    fulfillment_type: 'pickup',
    lines: [{ id: productId, quantity: 1, isBundle: false, bundleVariations: [] }],
  });

  it('sees through one process the order made through the other', async () => {
    const created = await post(a, '/api/customers', customer('cross@example.com'));
    const made = await post(a, '/api/orders', order(created.body.data.id, await product()));
    expect(made.status).toBe(201);
    const orderId = made.body.order.data.id;
    const email = {
      customer_email: 'cross@example.com',
      customer_name: 'Ava Chen',
      order_id: orderId,
      order_date: nextSaturday(),
      order_total: '1.00',
      order_fufilment_type: 'pickup',
      items: [],
    };
    const viaB = await post(b, '/api/email', email);
    expect(viaB.status).toBe(202);
    // And the one-confirmation rule holds across them: A answers B's email.
    const viaA = await post(a, '/api/email', email);
    expect(viaA.body.data.id).toBe(viaB.body.data.id);
    expect(
      await count("SELECT COUNT(*) AS n FROM email_outbox WHERE order_id = ? AND kind = 'order_confirmation'", [
        orderId,
      ]),
    ).toBe(1);
  });

  it('commits one Idempotency-Key sent to both at once once', async () => {
    const key = `cross-${Date.now()}`;
    const body = customer('keyed@example.com');
    const [first, second] = await Promise.all([
      post(a, '/api/customers', body, { 'Idempotency-Key': key }),
      post(b, '/api/customers', body, { 'Idempotency-Key': key }),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body.data.id).toBe(second.body.data.id);
    expect(await count("SELECT COUNT(*) AS n FROM customers WHERE email = 'keyed@example.com'")).toBe(1);
  });

  it('gives one customer and no 5xx for 50 concurrent creates of one email split over both', async () => {
    const body = customer('fifty@example.com');
    const statuses = (
      await Promise.all(Array.from({ length: 50 }, (_, i) => post(i % 2 ? a : b, '/api/customers', body)))
    ).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(await count("SELECT COUNT(*) AS n FROM customers WHERE email = 'fifty@example.com'")).toBe(1);
  });

  it('numbers 20 concurrent orders through both without a gap, a duplicate or a 5xx', async () => {
    const created = await post(a, '/api/customers', customer('numbers@example.com'));
    const productId = await product();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(i % 2 ? a : b, '/api/orders', order(created.body.data.id, productId))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = results.map((r) => Number(r.body.order.data.attributes.number)).sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(20);
    expect((numbers.at(-1) ?? 0) - (numbers[0] ?? 0)).toBe(19);
  });

  it('gives exactly as many holders as units when 20 requests for the last 4 race through both', async () => {
    const created = await post(a, '/api/customers', customer('race@example.com'));
    const productId = String(
      (await db.execute('SELECT id FROM products WHERE stock_count > 5 AND archived = 0 ORDER BY id DESC LIMIT 1'))
        .rows[0]?.id,
    );
    await db.execute({ sql: 'UPDATE products SET stock_count = 4 WHERE id = ?', args: [productId] });
    const race = { ...order(created.body.data.id, productId), starts_at: nextSaturday(5), stops_at: nextSaturday(5) };
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => post(i % 2 ? a : b, '/api/orders', race)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const statuses = results.map((r) => r.body.order.data.attributes.status);
    expect(statuses.filter((s) => s === 'reserved')).toHaveLength(4);
    // Every other request is recorded, for the team to handle by hand.
    expect(statuses.filter((s) => s === 'manual_review')).toHaveLength(16);
    expect(results.filter((r) => r.body.needsManualProcessing)).toHaveLength(16);
    expect(
      await count("SELECT COALESCE(SUM(quantity), 0) AS n FROM order_holds WHERE product_id = ? AND state = 'held'", [
        productId,
      ]),
    ).toBe(4);
    expect(
      await count(
        `SELECT COUNT(*) AS n FROM orders o JOIN customers c ON c.id = o.customer_id
         WHERE c.email = 'race@example.com' AND o.starts_at = '${nextSaturday(5)}'`,
      ),
    ).toBe(20);
  });

  it('never promises more than the stock when 10 confirms and 10 orders race through both', async () => {
    const productId = String(
      (
        await db.execute(
          'SELECT id FROM products WHERE archived = 0 AND show_in_store = 1 AND stock_count > 0 ORDER BY id LIMIT 1 OFFSET 3',
        )
      ).rows[0]?.id,
    );
    const date = nextSaturday(7);
    const orderFor = async (email: string) => {
      const created = await post(a, '/api/customers', customer(email));
      return post(a, '/api/orders', { ...order(created.body.data.id, productId), starts_at: date, stops_at: date });
    };
    // Ten requests arrive while none is in stock: each goes to the team, holding nothing.
    await db.execute({ sql: 'UPDATE products SET stock_count = 0 WHERE id = ?', args: [productId] });
    const waiting: string[] = [];
    for (let i = 0; i < 10; i++) waiting.push((await orderFor(`wait-${i}@example.com`)).body.order.data.id);
    const confirmLink = async (orderId: string) => {
      const text = String(
        (
          await db.execute({
            sql: "SELECT text FROM email_outbox WHERE kind = 'order_team' AND order_id = ?",
            args: [orderId],
          })
        ).rows[0]?.text,
      );
      return new URL(/^Confirm: (\S+)$/m.exec(text)?.[1] ?? '').pathname;
    };
    const links = await Promise.all(waiting.map(confirmLink));
    // The links act on their own here (the owner's choice), as both processes see once they read the settings.
    await db.execute(
      "UPDATE business_settings SET settings = json_set(settings, '$.email_links_act_without_sign_in', json('true')) WHERE id = 1",
    );
    for (const server of [a, b]) {
      await expect.poll(async () => (await fetch(`${server}${links[0]}`, { redirect: 'manual' })).status).toBe(200);
    }
    // Three come in: ten confirms and ten new orders race for them, through both processes.
    await db.execute({ sql: 'UPDATE products SET stock_count = 3 WHERE id = ?', args: [productId] });
    const customers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(a, '/api/customers', customer(`racer-${i}@example.com`))),
    );
    const [confirmed, ordered] = await Promise.all([
      Promise.all(links.map((link, i) => fetch(`${i % 2 ? a : b}${link}`, { method: 'POST' }).then((r) => r.status))),
      Promise.all(
        customers.map((c, i) =>
          post(i % 2 ? b : a, '/api/orders', { ...order(c.body.data.id, productId), starts_at: date, stops_at: date }),
        ),
      ),
    ]);
    expect(confirmed.every((status) => status === 200 || status === 409)).toBe(true);
    expect(ordered.every((r) => r.status === 201)).toBe(true);
    const won =
      confirmed.filter((status) => status === 200).length +
      ordered.filter((r) => r.body.order.data.attributes.status === 'reserved').length;
    expect(won).toBe(3);
    expect(
      await count(
        "SELECT COALESCE(SUM(quantity), 0) AS n FROM order_holds WHERE product_id = ? AND state IN ('held', 'confirmed')",
        [productId],
      ),
    ).toBe(3);
  });

  it('counts a rate limit over requests to both', async () => {
    const message = { name: 'Ava', email: 'ava@example.com', phone: '0400 111 222', subject: 'Hi', message: 'Hello' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(i % 2 ? a : b, '/api/contact', message)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  /** Both processes check the shared catalogue version at most every 250 ms (the default). */
  const intervalPassed = () => new Promise((resolve) => setTimeout(resolve, 250));
  const getJson = async (base: string, path: string) => (await (await fetch(`${base}${path}`)).json()) as any;

  it("shows a price, stock and archive change in the other process's next read", async () => {
    const row = (
      await db.execute(
        `SELECT g.id AS group_id, p.id AS product_id FROM product_groups g
         JOIN item_tags t ON t.owner_id = g.id AND t.tag = 'decor'
         JOIN products p ON p.product_group_id = g.id AND p.archived = 0 AND p.show_in_store = 1
         WHERE g.archived = 0 AND g.show_in_store = 1 LIMIT 1`,
      )
    ).rows[0];
    const productPath = `/api/products/${row?.product_id}`;
    const listing = '/api/boomerang/items?tag=decor&page=1&per_page=30';
    const inListing = async (base: string) =>
      (await getJson(base, listing)).data.find((item: { id: string }) => item.id === row?.group_id);
    // Both caches hold the answers before the change.
    for (const base of [a, b]) {
      await getJson(base, productPath);
      expect(await inListing(base)).toBeDefined();
    }
    await db.execute({
      sql: 'UPDATE products SET stock_count = 77, base_price_in_cents = 4321 WHERE id = ?',
      args: [String(row?.product_id)],
    });
    await intervalPassed();
    for (const base of [a, b]) {
      const product = (await getJson(base, productPath)).data.attributes;
      expect([product.inventory.stock_count, product.base_price_in_cents]).toEqual([77, 4321]);
    }
    await db.execute({ sql: 'UPDATE product_groups SET archived = 1 WHERE id = ?', args: [String(row?.group_id)] });
    await intervalPassed();
    expect([await inListing(a), await inListing(b)]).toEqual([undefined, undefined]);
  });

  it("shows a photo and a bundle item change in the other process's next read", async () => {
    const item = (
      await db.execute(
        `SELECT bi.id, bi.bundle_id, bi.quantity FROM bundle_items bi JOIN bundles b ON b.id = bi.bundle_id
         WHERE b.archived = 0 AND b.show_in_store = 1 LIMIT 1`,
      )
    ).rows[0];
    const bundlePath = `/api/bundles/${item?.bundle_id}`;
    const photosPath = `/api/photos?owner_id=${item?.bundle_id}`;
    const quantityIn = (body: any) => body.included.find((i: { id: string }) => i.id === item?.id).attributes.quantity;
    const photoCount = {} as Record<string, number>;
    for (const base of [a, b]) {
      expect(quantityIn(await getJson(base, bundlePath))).toBe(Number(item?.quantity));
      photoCount[base] = (await getJson(base, photosPath)).data.length;
    }
    await db.execute({ sql: 'UPDATE bundle_items SET quantity = quantity + 2 WHERE id = ?', args: [String(item?.id)] });
    await db.execute({
      sql: `INSERT INTO photos (id, owner_id, owner_type, large_url, xlarge_url, width, height, position)
            VALUES ('shared-new-photo', ?, 'bundles', '/photos/b/large_n.webp', '/photos/b/xlarge_n.webp', 1200, 1200, 50)`,
      args: [String(item?.bundle_id)],
    });
    await intervalPassed();
    for (const base of [a, b]) {
      expect(quantityIn(await getJson(base, bundlePath))).toBe(Number(item?.quantity) + 2);
      expect((await getJson(base, photosPath)).data.length).toBe((photoCount[base] ?? 0) + 1);
    }
  });
});

describe.skipIf(!sqldPath)('two app processes sending one mail queue', () => {
  it('sends every email exactly once with both processes sending, one of them restarted mid-queue', {
    timeout: 120_000,
  }, async () => {
    // Its own sqld: processes without SMTP (the ones above) would take a share of the queue into their mail folders.
    const sqld = await startSqld(sqldPath, inject('templateDb'));
    const db = createClient({ url: sqld.url });
    const smtp = await startSmtp();
    const mailEnv = {
      SMTP_URL: smtp.url,
      BUSINESS_EMAIL: 'team@shop.example',
      MAIL_FROM: 'Test Shop <shop@shop.example>',
      PUBLIC_URL: 'https://shop.example',
      RATE_LIMIT_CONTACT: '1000/60',
    };
    const senders = await Promise.all([startApp(sqld.url, mailEnv), startApp(sqld.url, mailEnv)]);
    try {
      const message = (i: number) => ({
        name: `Sender ${i}`,
        email: `sender${i}@example.com`,
        phone: '0400 111 222',
        subject: `Queue ${i}`,
        message: 'Hello',
      });
      const [x, y] = senders.map((app) => app.url) as [string, string];
      await Promise.all(Array.from({ length: 60 }, (_, i) => post(i % 2 ? x : y, '/api/contact', message(i))));
      // One process restarts while the queue drains; the other keeps sending.
      await smtp.waitFor(10);
      await senders[0]?.stop();
      senders[0] = await startApp(sqld.url, mailEnv);
      await smtp.waitFor(60);
      // Every row marked sent: no sender holds one to try again.
      const unsent = async () =>
        Number((await db.execute("SELECT COUNT(*) AS n FROM email_outbox WHERE status != 'sent'")).rows[0]?.n);
      while ((await unsent()) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(smtp.received).toHaveLength(60);
      expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(60);
      expect(new Set(smtp.received.map((m) => m.subject)).size).toBe(60);
      expect(smtp.received.every((m) => m.to.join() === 'team@shop.example')).toBe(true);
      const sent = await db.execute(
        "SELECT COUNT(*) AS n FROM email_outbox WHERE kind = 'contact' AND status = 'sent'",
      );
      expect(Number(sent.rows[0]?.n)).toBe(60);
    } finally {
      await Promise.all(senders.map((app) => app.stop()));
      await smtp.stop();
      db.close();
      await sqld.stop();
    }
  });
});
