import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { nextSaturday, written } from '../fixtures/hire-dates';
import { makeTestApp, orderAsNewCustomer, setBusinessSetting, type TestApp } from './helpers';

/**
 * Issue 31: the team's decisions go through the booking module. Confirm holds everything or refuses
 * and changes nothing; a lapsed hold is checked again; the request page shows the booking as it is
 * now; reminders go once; racing decisions and orders never promise more than the stock.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  // These tests answer requests through the team email's links themselves (the owner's choice).
  await setBusinessSetting(t, 'email_links_act_without_sign_in', true);
});
afterAll(() => t?.close());

const rows = async (sql: string, args: (string | number)[] = []) => (await t.db.$client.execute({ sql, args })).rows;

/** A new customer's request for `quantity` of one product on `date`: its id, answer and team email links. */
async function request(productId: string, quantity: number, date: string) {
  const answer = await orderAsNewCustomer(t, productId, quantity, date);
  expect(answer.status).toBe(201);
  const id = String(answer.body.order.data.id);
  const [team] = await rows("SELECT text FROM email_outbox WHERE kind = 'order_team' AND order_id = ?", [id]);
  const link = (action: string) =>
    new URL(new RegExp(`^${action}: (\\S+)$`, 'm').exec(String(team?.text))?.[1] ?? '').pathname;
  return {
    id,
    status: String(answer.body.order.data.attributes.status),
    links: { confirm: link('Confirm'), decline: link('Decline'), cancel: link('Cancel') },
  };
}
const act = (link: string, form: Record<string, string> = {}) =>
  t.request(link, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
const page = async (link: string) => (await (await t.request(link)).text()).replace(/&#39;/g, "'");
const holdStates = async (orderId: string) =>
  (await rows('SELECT state FROM order_holds WHERE order_id = ?', [orderId])).map((row) => row.state);
/** Units held or confirmed of a product on each day of a window (what is promised). */
async function promisedOn(productId: string, day: string) {
  const [row] = await rows(
    `SELECT COALESCE(SUM(quantity), 0) AS n FROM order_holds WHERE product_id = ? AND hold_from <= ? AND hold_to >= ?
     AND (state = 'confirmed' OR (state = 'held' AND expires_at > ?))`,
    [productId, day, day, new Date().toISOString()],
  );
  return Number(row?.n);
}
/** A visible product whose stock is set to `stock` for this test alone. */
async function productWithStock(stock: number, skip: string[]) {
  const [row] = await rows(
    `SELECT p.id FROM products p JOIN product_groups g ON g.id = p.product_group_id
     WHERE p.archived = 0 AND p.show_in_store = 1 AND g.archived = 0 AND g.show_in_store = 1
     AND p.id NOT IN (SELECT value FROM json_each(?)) ORDER BY p.id LIMIT 1`,
    [JSON.stringify(skip)],
  );
  const id = String(row?.id);
  await rows('UPDATE products SET stock_count = ? WHERE id = ?', [stock, id]);
  skip.push(id);
  return id;
}
const used: string[] = [];

describe('confirming a request', () => {
  it('refuses a request that went to manual processing while another holds the stock, says what is short and who holds it, and changes nothing', async () => {
    const product = await productWithStock(1, used);
    const saturday = nextSaturday(0);
    const holder = await request(product, 1, saturday);
    expect(holder.status).toBe('reserved');
    const late = await request(product, 1, saturday);
    expect(late.status).toBe('manual_review');

    const shown = await page(late.links.confirm);
    expect(shown).toContain(
      'It holds nothing: it went to manual processing. Confirming it now would be refused: it is short.',
    );
    expect(shown).toContain(
      `1 needed, 0 free ${written(addDays(saturday, -1))} to ${written(addDays(saturday, 2))} (held by request ${holder.id})`,
    );
    expect(shown).not.toContain('<button type="submit">Confirm this request</button>');

    const refused = await act(late.links.confirm);
    expect(refused.status).toBe(409);
    const text = await refused.text();
    expect(text).toContain('Not confirmed: nothing was changed');
    expect(text).toContain(`(held by request ${holder.id})`);
    expect(await holdStates(late.id)).toEqual(['wanted']);
    expect((await rows('SELECT decision FROM orders WHERE id = ?', [late.id]))[0]?.decision).toBeNull();
    expect(await promisedOn(product, saturday)).toBe(1);
    expect(
      await rows("SELECT id FROM email_outbox WHERE kind = 'order_confirmed' AND order_id = ?", [late.id]),
    ).toHaveLength(0);

    // The holder is declined: the stock is free, a third request takes it, and the late one is still refused.
    expect((await act(holder.links.decline)).status).toBe(200);
    const third = await request(product, 1, saturday);
    expect(third.status).toBe('reserved');
    const again = await act(late.links.confirm);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(`(held by request ${third.id})`);
    expect(await promisedOn(product, saturday)).toBe(1);
  });

  it('holds a manual request as confirmed once the stock is free again', async () => {
    const product = await productWithStock(1, used);
    const saturday = nextSaturday(1);
    const holder = await request(product, 1, saturday);
    const late = await request(product, 1, saturday);
    await act(holder.links.cancel);
    expect(await page(late.links.confirm)).toContain('confirming it holds it all');
    const done = await act(late.links.confirm);
    expect(done.status).toBe(200);
    expect(await holdStates(late.id)).toEqual(['confirmed']);
    expect(await promisedOn(product, saturday)).toBe(1);
    // Now the stock is taken: a new request goes to manual processing.
    expect((await request(product, 1, saturday)).status).toBe('manual_review');
  });

  it('checks a lapsed hold again: confirms it when still free, refuses it when taken since', async () => {
    const product = await productWithStock(1, used);
    const saturday = nextSaturday(2);
    const first = await request(product, 1, saturday);
    const placed = Date.now();
    expect(await page(first.links.confirm)).toMatch(/Holding its items .* until \w+day \d+ \w+ \d{4} at \d/);
    try {
      t.setNow(new Date(placed + 8 * 86_400_000));
      await t.sweep();
      expect(await holdStates(first.id)).toEqual(['lapsed']);
      const shown = await page(first.links.confirm);
      expect(shown).toMatch(
        /Its hold lapsed \w+day \d+ \w+ \d{4} at \d{1,2}:\d{2} [ap]m: its items count as free again\./,
      );
      expect(shown).toContain('confirming it holds it all');
      // Someone else takes the unit meanwhile: the lapsed request is short now.
      const taker = await request(product, 1, saturday);
      expect(taker.status).toBe('reserved');
      const refused = await act(first.links.confirm);
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain(`(held by request ${taker.id})`);
      expect(await holdStates(first.id)).toEqual(['lapsed']);
      // The taker declined, the lapsed request confirms and holds again.
      await act(taker.links.decline);
      expect((await act(first.links.confirm)).status).toBe(200);
      expect(await holdStates(first.id)).toEqual(['confirmed']);
    } finally {
      t.setNow(null);
    }
    expect(await promisedOn(product, saturday)).toBe(1);
  });
});

describe('reminders', () => {
  it('emails the team once a day before a hold lapses and once when it has, and the request stays answerable', async () => {
    const product = await productWithStock(3, used);
    const saturday = nextSaturday(3);
    const req = await request(product, 1, saturday);
    const [hold] = await rows('SELECT expires_at FROM order_holds WHERE order_id = ?', [req.id]);
    const expires = Date.parse(String(hold?.expires_at));
    const reminders = (kind: string) =>
      rows('SELECT to_address, subject, text FROM email_outbox WHERE kind = ? AND order_id = ?', [kind, req.id]);
    try {
      t.setNow(new Date(expires - 25 * 3_600_000));
      await t.sweep();
      expect(await reminders('hold_lapsing')).toHaveLength(0);
      t.setNow(new Date(expires - 23 * 3_600_000));
      await t.sweep();
      await t.sweep();
      const lapsing = await reminders('hold_lapsing');
      expect(lapsing).toHaveLength(1);
      expect(lapsing[0]?.to_address).toBe(t.config.businessEmail);
      expect(String(lapsing[0]?.subject)).toMatch(
        new RegExp(`^Order request ${req.id} for ${written(saturday)}: its hold lapses `),
      );
      expect(String(lapsing[0]?.text)).toMatch(/^Confirm: http.*\/team\/requests\//m);
      t.setNow(new Date(expires + 60_000));
      expect((await t.sweep()).lapsed).toBeGreaterThanOrEqual(1);
      await t.sweep();
      const lapsed = await reminders('hold_lapsed');
      expect(lapsed).toHaveLength(1);
      expect(String(lapsed[0]?.subject)).toBe(`Order request ${req.id} for ${written(saturday)}: its hold has lapsed`);
      expect(await reminders('hold_lapsing')).toHaveLength(1);
      // Still answerable from the reminder's own links.
      const link = new URL(/^Confirm: (\S+)$/m.exec(String(lapsed[0]?.text))?.[1] ?? '').pathname;
      expect((await act(link)).status).toBe(200);
      expect(await holdStates(req.id)).toEqual(['confirmed']);
    } finally {
      t.setNow(null);
    }
  });
});

describe('racing', () => {
  it('never promises more than the stock when 20 decisions and orders race', async () => {
    const product = await productWithStock(0, used);
    const saturday = nextSaturday(4);
    // Ten requests arrive while nothing is in stock: all go to the team, holding nothing.
    const waiting = [];
    for (let i = 0; i < 10; i++) waiting.push(await request(product, 1, saturday));
    expect(waiting.every((r) => r.status === 'manual_review')).toBe(true);
    // Three come in; ten confirms and ten new orders race for them.
    await rows('UPDATE products SET stock_count = 3 WHERE id = ?', [product]);
    const confirms = waiting.map((r) => act(r.links.confirm).then((answer) => answer.status));
    const orders = Array.from({ length: 10 }, () => request(product, 1, saturday).then((r) => r.status));
    const [confirmed, ordered] = await Promise.all([Promise.all(confirms), Promise.all(orders)]);
    const won = confirmed.filter((status) => status === 200).length + ordered.filter((s) => s === 'reserved').length;
    expect(won).toBe(3);
    expect(confirmed.every((status) => status === 200 || status === 409)).toBe(true);
    for (const day of [-1, 0, 1, 2].map((n) => addDays(saturday, n))) expect(await promisedOn(product, day)).toBe(3);
  });
});
