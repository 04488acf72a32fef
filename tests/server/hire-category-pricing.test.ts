import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, weekdayOf } from '../../src/lib/api-contract/hold-window';
import { MONDAY, weekdayAhead } from '../fixtures/hire-dates';
import { makeTestApp, type TestApp } from './helpers';
import { addMember, formFields, getPage, postForm, signIn } from './team-helpers';

/**
 * Issue 60: a category priced its own way (`hire_pricing.by_category`). An item tagged with the
 * category (or a category under it) is priced by its rule, the rest by the business's (the demo's 25%
 * a day); the owner sets it in the settings form, refused by its category when it does not read.
 */
let t: TestApp;
let customerId: string;
let owner: { cookie: string; csrf: string };
beforeAll(async () => {
  t = await makeTestApp();
  const created = await t.post('/api/customers', {
    data: { type: 'customers', attributes: { name: 'Cat Egory', email: 'cat@example.com', phone: '0400 333 555' } },
  });
  customerId = created.body.data.id;
  await addMember(t, 'octa@example.com', 'owner');
  owner = await signIn(t, 'octa@example.com');
});
afterAll(() => t?.close());

const rows = async (sql: string, args: (string | number)[] = []) => (await t.db.$client.execute({ sql, args })).rows;

/** A visible product tagged with a category, and one with no tag of that category. */
async function productsAround() {
  const [inside] = await rows(
    `SELECT p.id, p.base_price_in_cents AS price, t.tag FROM products p
       JOIN product_groups g ON g.id = p.product_group_id
       JOIN item_tags t ON t.owner_type = 'product_groups' AND t.owner_id = g.id
     WHERE p.archived = 0 AND p.show_in_store = 1 AND g.archived = 0 AND g.show_in_store = 1
       AND p.base_price_in_cents > 0 ORDER BY p.id LIMIT 1`,
  );
  const tag = String(inside?.tag);
  const [outside] = await rows(
    `SELECT p.id, p.base_price_in_cents AS price FROM products p JOIN product_groups g ON g.id = p.product_group_id
     WHERE p.archived = 0 AND p.show_in_store = 1 AND g.archived = 0 AND g.show_in_store = 1 AND p.base_price_in_cents > 0
       AND NOT EXISTS (SELECT 1 FROM item_tags t WHERE t.owner_type = 'product_groups' AND t.owner_id = g.id AND t.tag = ?)
     ORDER BY p.id LIMIT 1`,
    [tag],
  );
  for (const row of [inside, outside])
    await rows('UPDATE products SET stock_count = 100, turnaround_days = 0 WHERE id = ?', [String(row?.id)]);
  return {
    tag,
    inside: { id: String(inside?.id), price: Number(inside?.price) },
    outside: { id: String(outside?.id), price: Number(outside?.price) },
  };
}

/** The demo's open days (Monday, Wednesday to Friday) after the first, less its closed dates. */
function openDaysAfter(first: string, last: string): number {
  const closed = new Set(t.services.business().closedDays.map((day) => day.date));
  let count = 0;
  for (let day = addDays(first, 1); day <= last; day = addDays(day, 1))
    if ([1, 3, 4, 5].includes(weekdayOf(day)) && !closed.has(day)) count++;
  return count;
}

const half = (cents: number, days: number) => cents + Math.floor((cents * days * 5_000 + 5_000) / 10_000);
const quarter = (cents: number, days: number) => cents + Math.floor((cents * days * 2_500 + 5_000) / 10_000);

describe('a category priced its own way', () => {
  it('prices its items by its rule and the rest by the business’s, on the same request', async () => {
    const { tag, inside, outside } = await productsAround();
    await rows(
      `UPDATE business_settings SET settings = json_set(settings, '$.hire_pricing.by_category', json(?)) WHERE id = 1`,
      [JSON.stringify({ [tag]: { extra_day_percent: 50 } })],
    );
    await t.cache.version.refresh();
    const first = weekdayAhead(MONDAY, 10);
    const last = addDays(first, 6);
    const created = await t.post('/api/orders', {
      customer_id: customerId,
      starts_at: first,
      stops_at: last,
      fulfillment_type: 'pickup',
      lines: [
        { id: inside.id, quantity: 1, isBundle: false, bundleVariations: [] },
        { id: outside.id, quantity: 2, isBundle: false, bundleVariations: [] },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const extra = openDaysAfter(first, last);
    const lines = created.body.order.data.attributes.lines as { price_in_cents: number }[];
    expect(lines.map((line) => line.price_in_cents)).toEqual([
      half(inside.price, extra),
      quarter(outside.price, extra),
    ]);
    expect(created.body.order.data.attributes.subtotal_in_cents).toBe(
      half(inside.price, extra) + 2 * quarter(outside.price, extra),
    );
    // One day is the event price, whatever the category.
    const oneDay = await t.post('/api/orders', {
      customer_id: customerId,
      starts_at: weekdayAhead(MONDAY, 11),
      stops_at: weekdayAhead(MONDAY, 11),
      fulfillment_type: 'pickup',
      lines: [{ id: inside.id, quantity: 1, isBundle: false, bundleVariations: [] }],
    });
    expect(oneDay.body.order.data.attributes.lines[0].price_in_cents).toBe(inside.price);
  });

  it('is set in the owner’s settings, and a line that does not read is refused by its category', async () => {
    const fields = formFields(await (await getPage(t, '/team/settings', owner.cookie)).text());
    expect(fields['hire.by_category']).toMatch(/^[a-z0-9_-]+: 50$/);
    const refused = await postForm(
      t,
      '/team/settings',
      { ...fields, 'hire.by_category': 'marquees: 50\nfurniture: a lot' },
      owner.cookie,
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('hire_pricing.by_category.furniture');
    const saved = await postForm(
      t,
      '/team/settings',
      { ...fields, 'hire.by_category': 'marquees: 50\nfurniture: 3 1, 7 1.5, 90 2' },
      owner.cookie,
    );
    expect(saved.status).toBe(303);
    const stored = JSON.parse(String((await rows('SELECT settings FROM business_settings WHERE id = 1'))[0]?.settings))
      .hire_pricing.by_category;
    expect(stored).toEqual({
      marquees: { extra_day_percent: 50 },
      furniture: {
        tiers: [
          { up_to_days: 3, multiplier: 1 },
          { up_to_days: 7, multiplier: 1.5 },
          { up_to_days: 90, multiplier: 2 },
        ],
      },
    });
  });
});
