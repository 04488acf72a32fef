import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/api-contract/hold-window';
import { SATURDAY, weekdayAhead, written } from '../fixtures/hire-dates';
import { makeTestApp, placeOrder, type TestApp } from './helpers';

/** Issue 48: customers hear of their hire before it starts and before its return, once each. */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t?.close());

const reminders = async (orderId: string) =>
  (
    await t.db.$client.execute({
      sql: "SELECT kind, to_address, subject, text FROM email_outbox WHERE order_id = ? AND kind LIKE 'customer_%' ORDER BY rowid",
      args: [orderId],
    })
  ).rows;

/** Midday in Sydney on a day: the business's clock says that day. */
const middayOn = (day: string) => new Date(`${day}T02:00:00Z`);

describe('customer reminders', () => {
  it('reminds a confirmed pickup two days before, once, and the day before it comes back', async () => {
    const saturday = weekdayAhead(SATURDAY, 20);
    const pickupDay = addDays(saturday, -1);
    const returnDay = addDays(saturday, 2);
    const confirmed = await placeOrder(t, 'remind-me@example.com', 'pickup', saturday);
    const held = await placeOrder(t, 'still-waiting@example.com', 'pickup', saturday);
    await t.db.transaction((tx) => t.booking.decide(tx, confirmed, 'confirm', 'system'));
    try {
      // Three days before: too early.
      t.setNow(middayOn(addDays(pickupDay, -3)));
      await t.sweep();
      expect(await reminders(confirmed)).toEqual([]);
      // Two days before: the reminder, once however often the sweep runs.
      t.setNow(middayOn(addDays(pickupDay, -2)));
      await t.sweep();
      await t.sweep();
      const [hire, ...more] = await reminders(confirmed);
      expect(more).toEqual([]);
      expect(hire?.kind).toBe('customer_hire_reminder');
      expect(hire?.to_address).toBe('remind-me@example.com');
      expect(String(hire?.subject)).toMatch(
        new RegExp(`^Your hire ${confirmed} from .+ starts ${written(pickupDay)}$`),
      );
      expect(String(hire?.text)).toContain(`Your order ${confirmed} is ready to pick up on ${written(pickupDay)} from`);
      // A request the team has not confirmed is not reminded.
      expect(await reminders(held)).toEqual([]);
      // The day before the return: its reminder.
      t.setNow(middayOn(addDays(returnDay, -1)));
      await t.sweep();
      const kinds = (await reminders(confirmed)).map((row) => row.kind);
      expect(kinds).toEqual(['customer_hire_reminder', 'customer_return_reminder']);
      const [, back] = await reminders(confirmed);
      expect(String(back?.text)).toContain(`Please bring your order ${confirmed} back on ${written(returnDay)}`);
    } finally {
      t.setNow(null);
    }
  });

  it('sends none when the business turns them off', async () => {
    await t.db.$client.execute(
      "UPDATE business_settings SET settings = json_set(settings, '$.remind_days_before_hire', 0, '$.remind_days_before_return', 0) WHERE id = 1",
    );
    await t.cache.version.refresh();
    await t.services.settings.fresh();
    const saturday = weekdayAhead(SATURDAY, 22);
    const id = await placeOrder(t, 'no-reminders@example.com', 'delivery', saturday);
    await t.db.transaction((tx) => t.booking.decide(tx, id, 'confirm', 'system'));
    try {
      for (const day of [addDays(saturday, -3), addDays(saturday, -2), addDays(saturday, 0)]) {
        t.setNow(middayOn(day));
        await t.sweep();
      }
      expect(await reminders(id)).toEqual([]);
    } finally {
      t.setNow(null);
    }
  });
});
