import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../server/app-services';
import { moneyOf } from '../../server/money';
import { sweepBookings } from '../../server/services/booking-sweeper';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { SATURDAY, weekdayAhead, written } from '../fixtures/hire-dates';
import { makeTestApp, placeOrder, type TestApp } from './helpers';
import { addMember, formFields, getPage, postForm, signIn } from './team-helpers';

/**
 * Issue 49: the money reminders through the mail queue, each once (after a restart too): an unpaid
 * deposit some days after confirming, the balance before its due day; and, when the owner asks for
 * it, a booking with nothing paid released.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t?.close());

const moneyEmails = async (orderId: string) =>
  (
    await t.db.$client.execute({
      sql: "SELECT kind, subject, text FROM email_outbox WHERE order_id = ? AND kind LIKE 'payment_%' ORDER BY rowid",
      args: [orderId],
    })
  ).rows;

/** Midday in Sydney on a day: the business's clock says that day. */
const middayOn = (day: string) => new Date(`${day}T02:00:00Z`);

/** The same database swept by a freshly started server (its own services, its own clock). */
const sweepAfterRestart = (day: string) =>
  sweepBookings(createServices({ db: t.db, config: t.config, clock: () => middayOn(day) }));

describe('money reminders', () => {
  it('reminds of an unpaid deposit two days after confirming, once, and of the balance three days before it is due', async () => {
    const hireDate = weekdayAhead(SATURDAY, 40);
    const confirmedOn = addDays(hireDate, -30);
    const id = await placeOrder(t, 'deposit-late@example.com', 'pickup', hireDate);
    try {
      t.setNow(middayOn(confirmedOn));
      await t.db.transaction((tx) => t.booking.decide(tx, id, 'confirm', 'system'));
      await t.sweep();
      expect(await moneyEmails(id)).toEqual([]);
      t.setNow(middayOn(addDays(confirmedOn, 2)));
      await t.sweep();
      await t.sweep();
      await sweepAfterRestart(addDays(confirmedOn, 2));
      const [deposit, ...more] = await moneyEmails(id);
      expect(more).toEqual([]);
      expect(deposit?.kind).toBe('payment_deposit_reminder');
      expect(String(deposit?.subject)).toBe(`Your deposit for request ${id} (${written(hireDate)}) is still to pay`);
      expect(String(deposit?.text)).toMatch(/the deposit of \$[\d,.]+ books your date\. We have not received it yet\./);
      expect(String(deposit?.text)).toMatch(new RegExp(`/booking/${id}-[A-Za-z0-9_-]{22}`));

      const business = t.services.business();
      const money = await moneyOf(t.db, id, {
        terms: business.payments,
        timeZone: business.timeZone,
        gstRate: business.gstRate,
      });
      const due = money?.schedule.balance?.due as string;
      expect(due).toBe(addDays(hireDate, -3));
      t.setNow(middayOn(addDays(due, -4)));
      await t.sweep();
      expect((await moneyEmails(id)).map((row) => row.kind)).toEqual(['payment_deposit_reminder']);
      t.setNow(middayOn(addDays(due, -3)));
      await t.sweep();
      await sweepAfterRestart(addDays(due, -2));
      const kinds = (await moneyEmails(id)).map((row) => row.kind);
      expect(kinds).toEqual(['payment_deposit_reminder', 'payment_balance_reminder']);
      const balance = (await moneyEmails(id))[1];
      expect(String(balance?.subject)).toBe(`The balance for request ${id} is due ${written(due)}`);
      expect(String(balance?.text)).toMatch(
        /- the balance, \$[\d,.]+\n- the bond, \$[\d,.]+, refunded after the return/,
      );
    } finally {
      t.setNow(null);
    }
  });

  it('releases a booking with nothing paid when the owner asks for it, telling the customer why', async () => {
    await addMember(t, 'olive@example.com', 'owner');
    const owner = await signIn(t, 'olive@example.com');
    const fields = formFields(await (await getPage(t, '/team/settings', owner.cookie)).text());
    expect(fields['pay.release_unpaid_after_days']).toBe('0');
    const saved = await postForm(
      t,
      '/team/settings',
      { ...fields, 'pay.release_unpaid_after_days': '3' },
      owner.cookie,
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/team/settings?done=saved');
    await t.cache.version.refresh();
    expect((await t.services.settings.fresh()).payments.releaseUnpaidAfterDays).toBe(3);
    const hireDate = weekdayAhead(SATURDAY, 60);
    const confirmedOn = addDays(hireDate, -40);
    const unpaid = await placeOrder(t, 'never-paid@example.com', 'pickup', hireDate);
    const paid = await placeOrder(t, 'paid-some@example.com', 'pickup', hireDate);
    try {
      t.setNow(middayOn(confirmedOn));
      for (const id of [unpaid, paid]) await t.db.transaction((tx) => t.booking.decide(tx, id, 'confirm', 'system'));
      await t.db.$client.execute({
        sql: `INSERT INTO payments (id, order_id, kind, towards, method, amount_cents, paid_on, recorded_by, recorded_at)
              VALUES ('p-release-test', ?, 'payment', 'hire', 'cash', 1000, ?, 'olive@example.com', ?)`,
        args: [paid, confirmedOn, middayOn(confirmedOn).toISOString()],
      });
      t.setNow(middayOn(addDays(confirmedOn, 2)));
      await t.sweep();
      expect((await t.booking.state(t.db, unpaid))?.kind).toBe('confirmed');
      t.setNow(middayOn(addDays(confirmedOn, 3)));
      await t.sweep();
      await t.sweep();
      expect((await t.booking.state(t.db, unpaid))?.kind).toBe('cancelled');
      expect((await t.booking.state(t.db, paid))?.kind).toBe('confirmed');
      const told = await t.db.$client.execute({
        sql: "SELECT text FROM email_outbox WHERE order_id = ? AND kind = 'order_cancelled'",
        args: [unpaid],
      });
      expect(told.rows).toHaveLength(1);
      expect(String(told.rows[0]?.text)).toContain('Released: nothing was paid within 3 days of confirming');
    } finally {
      t.setNow(null);
    }
    // The reminder and the release, on the request's page and in the log (the session on today's clock).
    const page = await (await getPage(t, `/team/requests/${unpaid}`, owner.cookie)).text();
    expect(page).toContain('<strong>Deposit reminder (to the customer)</strong> to never-paid@example.com');
    const log = await (await getPage(t, '/team/activity?kind=cancelled', owner.cookie)).text();
    expect(log).toContain(`Released request ${unpaid}: nothing paid 3 days after confirming`);
  });
});
