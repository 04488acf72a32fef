import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { putMember } from '../../server/services/team/members';
import { startSession } from '../../server/services/team/sessions';
import { openDb } from '../../server/upgrades/open-db';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { nextSaturday } from '../fixtures/hire-dates';
import { GENEROUS_LIMITS, type ServerProcess, startServerProcess } from '../fixtures/server-process';
import { type RunningSqld, startSqld } from '../fixtures/sqld';

/**
 * Issue 48: the team's changes and new requests race the shop's orders through two app processes on
 * one sqld, and the last units are never promised twice, counting the days an item needs after a
 * return. Runs in the server-sqld project.
 */
const sqldPath = inject('sqldPath');

describe.skipIf(!sqldPath)('team changes, team requests and shop orders racing through two processes', () => {
  let sqld: RunningSqld;
  const apps: ServerProcess[] = [];
  let db: ReturnType<typeof createClient>;
  let session: { cookie: string; csrf: string };

  beforeAll(async () => {
    sqld = await startSqld(sqldPath, inject('templateDb'));
    const env = {
      DATABASE_URL: sqld.url,
      DIST_DIR: 'no-such-dist',
      ACTION_SECRET: 'multi-process-team-secret-0123456789abcdef',
    };
    apps.push(
      ...(await Promise.all([
        startServerProcess({ ...env, ...GENEROUS_LIMITS }),
        startServerProcess({ ...env, ...GENEROUS_LIMITS }),
      ])),
    );
    db = createClient({ url: sqld.url });
    const drizzle = await openDb({ url: sqld.url });
    const now = new Date();
    const { member } = await drizzle.transaction((tx) =>
      putMember(tx, { email: 'racer@shop.example', name: 'Racer', role: 'owner' }, 'system', now),
    );
    session = await startSession(drizzle, member.id, 'link', now);
    drizzle.$client.close();
  }, 60_000);
  afterAll(async () => {
    db?.close();
    await Promise.all(apps.map((app) => app.stop()));
    await sqld?.stop();
  });

  const rows = async (sql: string, args: string[] = []) => (await db.execute({ sql, args })).rows;
  const json = async (base: string, path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  };
  const form = (base: string, path: string, fields: Record<string, string>) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: base,
        Cookie: `team-session=${session.cookie}`,
      },
      body: new URLSearchParams({ _csrf: session.csrf, ...fields }),
      redirect: 'manual',
    });
  const shopOrder = async (base: string, email: string, productId: string, date: string) => {
    const created = await json(base, '/api/customers', {
      data: { type: 'customers', attributes: { name: 'Shop Racer', email, phone: '0400 111 222' } },
    });
    return json(base, '/api/orders', {
      customer_id: created.body.data.id,
      starts_at: date,
      stops_at: date,
      fulfillment_type: 'pickup',
      lines: [{ id: productId, quantity: 1, isBundle: false, bundleVariations: [] }],
    });
  };

  it('gives the last 3 units to exactly 3 of 12 racers, a week apart, when the item needs 6 days after each return', async () => {
    const [scarce, plenty] = (
      await rows(
        `SELECT p.id FROM products p JOIN product_groups g ON g.id = p.product_group_id
         WHERE p.archived = 0 AND p.show_in_store = 1 AND g.archived = 0 AND g.show_in_store = 1
         ORDER BY p.id LIMIT 2 OFFSET 7`,
      )
    ).map((row) => String(row.id)) as [string, string];
    await rows('UPDATE products SET stock_count = 3, turnaround_days = 6 WHERE id = ?', [scarce]);
    await rows('UPDATE products SET stock_count = 500 WHERE id = ?', [plenty]);
    const [a, b] = apps.map((app) => app.url) as [string, string];
    // The shop's orders want the item one Saturday; the team's requests and changes the next. On their
    // own dates each could have all 3; the 6 days after the first Saturday's return join them.
    const first = nextSaturday(6);
    const second = addDays(first, 7);
    // Four requests for something else, far off, which the team will move onto the second Saturday.
    const moved: { id: string; line: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const made = await shopOrder(a, `moved-${i}@example.com`, plenty, addDays(first, 28));
      const id = String(made.body.order.data.id);
      const [line] = await rows('SELECT id FROM order_lines WHERE order_id = ?', [id]);
      moved.push({ id, line: String(line?.id) });
    }
    const [shop, team, changes] = await Promise.all([
      Promise.all(
        Array.from({ length: 4 }, (_, i) => shopOrder(i % 2 ? a : b, `shop-${i}@example.com`, scarce, first)),
      ),
      Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          form(i % 2 ? b : a, '/team/requests/new', {
            name: `Phone Racer ${i}`,
            email: '',
            phone: '0400 222 333',
            hireDate: second,
            fulfilment: 'pickup',
            'product:0': scarce,
            'quantity:0': '1',
          }),
        ),
      ),
      Promise.all(
        moved.map(({ id, line }, i) =>
          form(i % 2 ? a : b, `/team/requests/${id}/change`, {
            hireDate: second,
            fulfilment: 'pickup',
            [`qty:${line}`]: '1',
            addProduct: scarce,
            addQuantity: '1',
            notes: '',
          }),
        ),
      ),
    ]);
    expect(shop.every((r) => r.status === 201)).toBe(true);
    expect(team.every((r) => r.status === 303)).toBe(true);
    expect(changes.every((r) => r.status === 303 || r.status === 409)).toBe(true);
    const won =
      shop.filter((r) => r.body.order.data.attributes.status === 'reserved').length +
      team.filter((r) => r.headers.get('location')?.endsWith('done=entered')).length +
      changes.filter((r) => r.status === 303).length;
    expect(won).toBe(3);
    // What is held of it, day by day with its turnaround, never passes the 3 there are.
    const holds = await rows(
      "SELECT quantity, hold_from, hold_to FROM order_holds WHERE product_id = ? AND state IN ('held', 'confirmed')",
      [scarce],
    );
    expect(holds.reduce((sum, hold) => sum + Number(hold.quantity), 0)).toBe(3);
    for (let day = addDays(first, -3); day <= addDays(second, 10); day = addDays(day, 1)) {
      const busy = holds
        .filter((hold) => String(hold.hold_from) <= day && day <= addDays(String(hold.hold_to), 6))
        .reduce((sum, hold) => sum + Number(hold.quantity), 0);
      expect(busy, day).toBeLessThanOrEqual(3);
    }
    // A change that lost changed nothing: its request still wants only what it had, on its own date.
    for (const [i, response] of changes.entries()) {
      if (response.status === 303) continue;
      const [order] = await rows('SELECT starts_at FROM orders WHERE id = ?', [moved[i]?.id ?? '']);
      expect(String(order?.starts_at).slice(0, 10)).toBe(addDays(first, 28));
    }
  }, 120_000);
});
