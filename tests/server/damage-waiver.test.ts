import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyOf } from '../../server/money';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { formatMoney } from '../../src/lib/api-contract/money';
import { MONDAY, weekdayAhead } from '../fixtures/hire-dates';
import { makeTestApp, type TestApp } from './helpers';
import { confirmForToken, formFields, getPage, postForm, pricedShop, signIn } from './team-helpers';

/**
 * Issue 61: the damage waiver. A percentage of the hire, charged at checkout when required or taken,
 * or taken on the booking page; a taxed line in the totals, re-priced with the hire; the damage it
 * covers is not kept from the bond, late days still are. On the file and on sqld.
 */
let t: TestApp;
let owner: { cookie: string; csrf: string };
let place: (quantity: number, day: string, extra?: Record<string, unknown>) => Promise<string>;
beforeAll(async () => {
  t = await makeTestApp();
  // $20.00 a piece: ten come to $200.00, and a 7.5% waiver to $15.00.
  ({ owner, request: place } = await pricedShop(t, { owner: 'wendy@example.com', customer: 'Wiremu Waiver' }));
  await setWaiver({ percent: 7.5, required: false, in_shop: true, covers_up_to: 200 });
});
afterAll(() => t?.close());

const rows = async (sql: string, args: (string | number)[] = []) => (await t.db.$client.execute({ sql, args })).rows;

async function setWaiver(waiver: Record<string, unknown> | null) {
  await rows(
    `UPDATE business_settings SET settings = json_set(settings, '$.payments.damage_waiver', json(?)) WHERE id = 1`,
    [JSON.stringify(waiver)],
  );
  await t.cache.version.refresh();
}

let week = 7;
const request = (extra: Record<string, unknown> = {}, quantity = 10) => {
  const day = typeof extra.starts_at === 'string' ? extra.starts_at : weekdayAhead(MONDAY, week++);
  return place(quantity, day, extra);
};
const subtotal = async (id: string) =>
  Number((await rows('SELECT subtotal_in_cents AS s FROM orders WHERE id = ?', [id]))[0]?.s);

describe('the damage waiver', () => {
  it('is charged at checkout when the shopper takes it, as a taxed line in the emails, and not when they do not', async () => {
    const taken = await request({ damage_waiver: true });
    expect(await subtotal(taken)).toBe(21_500);
    const [email] = await rows("SELECT text FROM email_outbox WHERE order_id = ? AND kind = 'order_confirmation'", [
      taken,
    ]);
    expect(String(email?.text)).toContain('Damage waiver (7.5% of the hire): $15.00');
    expect(String(email?.text)).toContain('Total (incl. GST): $236.50');
    expect(await subtotal(await request())).toBe(20_000);
  });

  it('is charged on every booking when required, whatever the request says, and never where the shop has none', async () => {
    await setWaiver({ percent: 5, required: true, in_shop: false });
    try {
      expect(await subtotal(await request({ damage_waiver: false }))).toBe(21_000);
      await setWaiver(null);
      expect(await subtotal(await request({ damage_waiver: true }))).toBe(20_000);
    } finally {
      await setWaiver({ percent: 7.5, required: false, in_shop: true, covers_up_to: 200 });
    }
  });

  it('is re-priced with the hire when the team changes the items', async () => {
    const id = await request({ damage_waiver: true });
    const [line] = await rows('SELECT id FROM order_lines WHERE order_id = ?', [id]);
    const changed = await postForm(
      t,
      `/team/requests/${id}/change`,
      {
        _csrf: owner.csrf,
        hireDate: weekdayAhead(MONDAY, week - 1),
        fulfilment: 'pickup',
        [`qty:${String(line?.id)}`]: '20',
      },
      owner.cookie,
    );
    expect(changed.status).toBe(303);
    // $400.00 and 7.5% of it.
    expect(await subtotal(id)).toBe(43_000);
  });

  it('is taken on the booking page once: a new tax invoice and a credit note, then nothing more', async () => {
    const id = await request();
    const token = await confirmForToken(t, id, owner);
    const before = (await (await t.request(`/api/bookings/${token}`)).json()) as { data: any };
    expect(before.data.waiver).toMatchObject({ taken: false, offered: true, cents: 1_500 });
    expect(before.data.waiver.text).toContain('Accidental damage up to $200.00 is not kept from your bond');
    const take = () =>
      t.request(`/api/bookings/${token}/waiver`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
    const taken = await take();
    expect(taken.status).toBe(200);
    const { data } = (await taken.json()) as { data: any };
    expect(data.waiver).toMatchObject({ taken: true, offered: false });
    expect(data.ownLines).toEqual([
      { label: 'Damage waiver (7.5% of the hire)', quantity: 1, unitCents: 1_500, gstFree: false },
    ]);
    expect(data.totalCents).toBe(23_650);
    expect((await take()).status).toBe(200);
    expect(await subtotal(id)).toBe(21_500);
    const documents = await rows('SELECT kind FROM documents WHERE order_id = ? ORDER BY seq, kind', [id]);
    expect(documents.map((row) => String(row.kind)).sort()).toEqual(['credit_note', 'invoice', 'invoice']);
    const [log] = await rows(
      "SELECT actor, summary FROM team_activity WHERE subject_id = ? AND kind = 'changed' ORDER BY rowid DESC LIMIT 1",
      [id],
    );
    expect(String(log?.summary)).toContain('Added: Damage waiver: $15.00');
    // A forged link changes nothing.
    expect(
      (await t.request(`/api/bookings/${id}-AAAAAAAAAAAAAAAAAAAAAA/waiver`, { method: 'POST', body: '{}' })).status,
    ).toBe(404);
  });

  it('keeps from the bond only the damage beyond its cover, and the late fee in full', async () => {
    const hireDate = weekdayAhead(MONDAY, week++);
    const id = await request({ damage_waiver: true, starts_at: hireDate, stops_at: hireDate });
    await confirmForToken(t, id, owner);
    const business = t.services.business();
    const money = await moneyOf(t.db, id, {
      terms: business.payments,
      timeZone: business.timeZone,
      gstRate: business.gstRate,
    });
    const total = money?.totalCents ?? 0;
    const bond = money?.schedule.bond.cents ?? 0;
    const pay = (towards: string, cents: number, day: string) =>
      postForm(
        t,
        `/team/requests/${id}/payments`,
        { _csrf: owner.csrf, kind: 'payment', towards, method: 'cash', amount: (cents / 100).toFixed(2), day },
        owner.cookie,
      );
    const today = t.booking.today();
    await pay('hire', total, today);
    await pay('bond', bond, today);
    const window = t.booking.window(hireDate, 'pickup');
    t.setNow(new Date(`${window.from}T01:00:00Z`));
    let me = await signIn(t, 'wendy@example.com');
    await postForm(t, `/team/requests/${id}/hand-over`, { _csrf: me.csrf, day: window.from }, me.cookie);
    const back = addDays(window.to, 1);
    t.setNow(new Date(`${back}T01:00:00Z`));
    me = await signIn(t, 'wendy@example.com');
    const out = await (await getPage(t, `/team/requests/${id}`, me.cookie)).text();
    const product = /name="missing:([^"]+)"/.exec(out)?.[1] ?? '';
    await postForm(
      t,
      `/team/requests/${id}/return`,
      { _csrf: me.csrf, day: back, [`missing:${product}`]: '0', [`damaged:${product}`]: '0' },
      me.cookie,
    );
    const page = await (await getPage(t, `/team/requests/${id}`, me.cookie)).text();
    expect(page).toContain('They took the damage waiver: it covers damage up to $200.00, which is not kept.');
    // $230.00 of damage: the waiver covers $200.00; the late fee (10% of the hire a day) is kept in full.
    const settled = await postForm(
      t,
      `/team/requests/${id}/bond`,
      { _csrf: me.csrf, kept: '230', reason: 'A table top cracked' },
      me.cookie,
    );
    expect(settled.headers.get('location')).toBe(`/team/requests/${id}?done=bond_settled`);
    const lateFee = Math.round(total / 10);
    const kept = Math.min(bond, lateFee + 3_000);
    const [row] = await rows('SELECT kept_cents, waiver_covered_cents FROM bond_settlements WHERE order_id = ?', [id]);
    expect({ kept: Number(row?.kept_cents), covered: Number(row?.waiver_covered_cents) }).toEqual({
      kept,
      covered: 20_000,
    });
    const [email] = await rows("SELECT text FROM email_outbox WHERE order_id = ? AND kind = 'bond_settled'", [id]);
    expect(String(email?.text)).toContain('Covered by your damage waiver: $200.00.');
    expect(String(email?.text)).toContain(`Kept for missing or damaged pieces: ${formatMoney(3_000)}.`);
  });

  it('is a setting in the owner’s form: saved, and refused by its field when out of range', async () => {
    owner = await signIn(t, 'wendy@example.com');
    const fields = formFields(await (await getPage(t, '/team/settings', owner.cookie)).text());
    expect(fields['pay.waiver_percent']).toBe('7.5');
    const refused = await postForm(t, '/team/settings', { ...fields, 'pay.waiver_percent': '80' }, owner.cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('must be more than 0 and at most 50 (the damage waiver, of the hire)');
    const saved = await postForm(
      t,
      '/team/settings',
      { ...fields, 'pay.waiver_percent': '10', 'pay.waiver_covers_up_to': '' },
      owner.cookie,
    );
    expect(saved.status).toBe(303);
    const [stored] = await rows(
      "SELECT json_extract(settings, '$.payments.damage_waiver') AS w FROM business_settings",
    );
    expect(JSON.parse(String(stored?.w))).toEqual({ percent: 10, required: false, in_shop: true, covers_up_to: null });
  });
});
