import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { FRIDAY, weekdayAhead } from '../fixtures/hire-dates';
import { makeTestApp, orderAsNewCustomer, type TestApp } from './helpers';

/**
 * Issue 47: a business's own time zone. Its "today" decides which hire dates are past, and every time
 * the server writes (the hold deadline in the team's email, the workspace) is on its clock.
 */
let t: TestApp;
let productId: string;
beforeAll(async () => {
  t = await makeTestApp();
  const product = await t.db.$client.execute(
    'SELECT id FROM products WHERE archived = 0 AND show_in_store = 1 AND stock_count > 20 ORDER BY id LIMIT 1',
  );
  productId = String(product.rows[0]?.id);
});
afterAll(() => t?.close());

/**
 * Sets business.json's time_zone as an import or the workspace would, and lets the app read it. The
 * business hands over every day until 11:59 pm, so that a hire for today is taken late at night and
 * these tests see only which day it is (hand-overs after closing: hire-range.test.ts).
 */
async function setTimeZone(zone: string) {
  const hours = Object.fromEntries(
    ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((day) => [day, '6am-11:59pm']),
  );
  await t.db.$client.execute({
    sql: "UPDATE business_settings SET settings = json_set(settings, '$.time_zone', ?, '$.opening_hours', json(?)) WHERE id = 1",
    args: [zone, JSON.stringify(hours)],
  });
  await t.cache.version.refresh();
  await t.services.settings.fresh();
  expect(t.services.business().timeZone).toBe(zone);
}

const teamEmailOf = async (orderId: string) =>
  String(
    (
      await t.db.$client.execute({
        sql: "SELECT text FROM email_outbox WHERE order_id = ? AND kind = 'order_team'",
        args: [orderId],
      })
    ).rows[0]?.text,
  );

describe('a business in Perth (UTC+8, no daylight saving)', () => {
  beforeAll(() => setTimeZone('Australia/Perth'));
  afterAll(() => t.setNow(null));

  it('takes a hire for today at 9:30 pm its time, when Sydney is already on tomorrow', async () => {
    const day = weekdayAhead(FRIDAY, 1);
    // 13:30 UTC: 9:30 pm in Perth, 12:30 am (or 11:30 pm in winter) the next day in Sydney.
    t.setNow(new Date(`${day}T13:30:00Z`));
    const today = await orderAsNewCustomer(t, productId, 1, day);
    expect(today.status).toBe(201);
    const yesterday = await orderAsNewCustomer(t, productId, 1, addDays(day, -1));
    expect(yesterday.status).toBe(400);
    expect(yesterday.body.error).toBe(`Invalid body: starts_at: the hire date ${addDays(day, -1)} is in the past`);
  });

  it("writes the hold's deadline in the team's email on Perth's clock", async () => {
    const day = weekdayAhead(FRIDAY, 3);
    // 01:18 UTC: 9:18 am in Perth (12:18 pm in summer in Sydney, 11:18 am in winter).
    t.setNow(new Date(`${addDays(day, -10)}T01:18:00Z`));
    const order = await orderAsNewCustomer(t, productId, 1, day);
    expect(order.status).toBe(201);
    const text = await teamEmailOf(String(order.body.order.data.id));
    expect(text).toMatch(/until \w+ \d+ \w+ \d{4} at 9:18 am unless you answer it first/);
  });
});

describe('a business in Auckland (UTC+13 in summer)', () => {
  beforeAll(() => setTimeZone('Pacific/Auckland'));
  afterAll(async () => {
    t.setNow(null);
    await setTimeZone('Australia/Sydney');
  });

  it('is on tomorrow already at 11:30 UTC, when Sydney is still on today', async () => {
    const day = weekdayAhead(FRIDAY, 5);
    t.setNow(new Date(`${day}T11:30:00Z`));
    const past = await orderAsNewCustomer(t, productId, 1, day);
    expect(past.status).toBe(400);
    expect(past.body.error).toContain('is in the past');
    expect((await orderAsNewCustomer(t, productId, 1, addDays(day, 1))).status).toBe(201);
  });

  it('refuses a time zone the engine does not know, naming the key', async () => {
    const { parseBusinessFile } = await import('../../src/lib/api-contract/business-file');
    const parsed = parseBusinessFile({ time_zone: 'Perth' });
    expect(parsed.problems).toEqual([
      { key: 'time_zone', message: 'must be a time zone name such as "Australia/Perth" or "Pacific/Auckland"' },
    ]);
  });
});

describe("Sydney's two daylight-saving changes", () => {
  beforeAll(() => setTimeZone('Australia/Sydney'));
  afterAll(() => t.setNow(null));

  // Summer time ends at 3 am on Sunday 4 April 2027 (clocks go back an hour) and starts at 2 am on
  // Sunday 3 October 2027 (forward an hour).
  it.each([
    ['ends (April)', '2027-04-02T23:00:00Z', 'Saturday 3 April 2027', 'Saturday 10 April 2027 at 10:00 am'],
    ['starts (October)', '2027-09-30T23:00:00Z', 'Friday 1 October 2027', 'Friday 8 October 2027 at 9:00 am'],
  ])('holds 7 days to the same time of day when summer time %s in between', async (_name, now, _day, until) => {
    t.setNow(new Date(now));
    const order = await orderAsNewCustomer(t, productId, 1, addDays(now.slice(0, 10), 20));
    expect(order.status).toBe(201);
    // 168 hours would say 9:00 am in April and 10:00 am in October.
    expect(await teamEmailOf(String(order.body.order.data.id))).toContain(`until ${until} unless you answer it first`);
  });

  it.each([
    // 00:30 on Sunday 4 April, before the clocks go back (summer time, UTC+11).
    ['the night summer time ends', '2027-04-03T13:30:00Z', '2027-04-04'],
    // 01:30 on Sunday 3 October, half an hour before the clocks go forward (standard time, UTC+10).
    ['the night summer time starts', '2027-10-02T15:30:00Z', '2027-10-03'],
    // 03:30 on Sunday 3 October, after the change (summer time, UTC+11).
    ['the morning after it started', '2027-10-02T16:30:00Z', '2027-10-03'],
  ])('knows what day it is on %s', async (_name, now, today) => {
    t.setNow(new Date(now));
    expect(t.booking.today()).toBe(today);
    expect((await orderAsNewCustomer(t, productId, 1, today)).status).toBe(201);
    const yesterday = await orderAsNewCustomer(t, productId, 1, addDays(today, -1));
    expect(yesterday.status).toBe(400);
    expect(yesterday.body.error).toContain('is in the past');
  });
});
