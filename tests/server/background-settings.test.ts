import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../server/app-services';
import { sweepBookings } from '../../server/services/booking-sweeper';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { formatMoney } from '../../src/lib/api-contract/money';
import { KOWHAI } from '../fixtures/businesses';
import { SATURDAY, weekdayAhead } from '../fixtures/hire-dates';
import { makeTestApp, placeOrder, setBusinessSetting, type TestApp } from './helpers';

/**
 * Issue 59: background work runs on the business's stored settings only. A freshly started process
 * used to sweep with the built-in defaults until a web request made it read them: its reminders named
 * another business, its GST and deposit. And a reminder that fell due while the server was down is
 * still sent once it is back.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  await setBusinessSetting(t, 'name', KOWHAI.name);
  await setBusinessSetting(t, 'gst_rate', KOWHAI.gst_rate);
  await setBusinessSetting(t, 'payments', {
    deposit_percent: 30,
    bank_transfer: { account_name: 'Kowhai Party Hire Ltd', account_number: '12-3140-0123456-00' },
  });
});
afterAll(() => t?.close());

/** Midday in Sydney on a day (the test app's business keeps Sydney's time zone). */
const middayOn = (day: string) => new Date(`${day}T02:00:00Z`);

/** A process started afresh on the same database, its first sweep on `day`: no web request before it. */
const sweepAfterRestart = (day: string) =>
  sweepBookings(createServices({ db: t.db, config: t.config, clock: () => middayOn(day) }));

const emailsOf = async (orderId: string, kind: string) =>
  (
    await t.db.$client.execute({
      sql: 'SELECT subject, text FROM email_outbox WHERE order_id = ? AND kind = ? ORDER BY rowid',
      args: [orderId, kind],
    })
  ).rows;

describe('background work on the stored settings', () => {
  it('reminds of a deposit after a restart in the business’s own name, GST, deposit and bank details', async () => {
    const hireDate = weekdayAhead(SATURDAY, 40);
    const confirmedOn = addDays(hireDate, -30);
    const id = await placeOrder(t, 'restart-deposit@example.com', 'pickup', hireDate);
    try {
      t.setNow(middayOn(confirmedOn));
      await t.db.transaction((tx) => t.booking.decide(tx, id, 'confirm', 'system'));
      await sweepAfterRestart(addDays(confirmedOn, 2));
      const [deposit, ...more] = await emailsOf(id, 'payment_deposit_reminder');
      expect(more).toEqual([]);
      const order = await t.db.$client.execute({
        sql: 'SELECT subtotal_in_cents FROM orders WHERE id = ?',
        args: [id],
      });
      const subtotal = Number(order.rows[0]?.subtotal_in_cents);
      const total = subtotal + Math.round(subtotal * 0.15);
      const text = String(deposit?.text);
      expect(text).toContain(KOWHAI.name);
      expect(text).not.toContain('Event Hire\n');
      expect(text).toContain(`the deposit of ${formatMoney(Math.round(total * 0.3))} books your date`);
      expect(text).toContain('12-3140-0123456-00');
    } finally {
      t.setNow(null);
    }
  });

  it('sends the pickup reminder on the first day when the server was down on the days before it', async () => {
    const hireDate = weekdayAhead(SATURDAY, 30);
    const id = await placeOrder(t, 'down-before@example.com', 'pickup', hireDate);
    try {
      t.setNow(middayOn(addDays(hireDate, -20)));
      await t.db.transaction((tx) => t.booking.decide(tx, id, 'confirm', 'system'));
      const holds = await t.booking.holdsIn(t.db, { from: addDays(hireDate, -7), to: addDays(hireDate, 7) });
      const first = holds
        .filter((hold) => hold.orderId === id)
        .map((hold) => hold.from)
        .sort()[0] as string;
      // Down from before the reminder's day until the morning of the first day.
      await sweepAfterRestart(first);
      await sweepAfterRestart(first);
      const reminders = await emailsOf(id, 'customer_hire_reminder');
      expect(reminders).toHaveLength(1);
      expect(String(reminders[0]?.subject)).toContain(KOWHAI.name);
    } finally {
      t.setNow(null);
    }
  });
});
