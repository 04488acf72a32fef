import { enqueueMail, queuedKeys } from '../mail/queue';
import { log } from '../observability/logger';
import { storedOrderView } from '../orders';
import type { BusinessStore } from './business';
import type { ServiceContext } from './context';
import { queueCustomerReminders } from './customer-reminders';
import { queuePaymentReminders } from './payment-reminders';
import { queueQuoteReminders } from './quotes';
import { holdReminderEmail } from './team-emails';

/** What a sweep needs: the services, and the stored settings to read afresh before it starts. */
export type Sweeping = ServiceContext & { settings: Pick<BusinessStore, 'fresh'> };

/**
 * One sweep, in one write transaction, on the business's stored settings read afresh as it starts
 * (never the built-in defaults of a process that has not read them yet, nor settings another process
 * on the same libSQL server has changed since): holds whose time ran out lapse, and the team is emailed once a
 * day before a hold lapses and once when it has (each reminder once per hold, however many processes
 * sweep); customers are reminded before their hire and its return (`queueCustomerReminders`) and of
 * what they owe, and a booking with nothing paid is released when the owner asks for it
 * (`queuePaymentReminders`); a quote not yet accepted is reminded before it lapses (`queueQuoteReminders`).
 * Answers how many lapsed and how many reminders were queued.
 */
export async function sweepBookings(services: Sweeping): Promise<{ lapsed: number; reminders: number }> {
  const business = await services.settings.fresh();
  const deps: ServiceContext = { ...services, business: () => business };
  const { db, booking } = deps;
  const today = booking.today();
  const result = await db.transaction(async (tx) => {
    const { lapsed, lapsingSoon } = await booking.sweep(tx);
    const money = await queuePaymentReminders(tx, deps, today);
    const quotes = await queueQuoteReminders(tx, deps, today);
    const customers = (await queueCustomerReminders(tx, deps, today)) + money.reminders + quotes;
    const due = [
      ...lapsingSoon.map((hold) => ({ ...hold, when: 'lapsing' as const })),
      ...lapsed.map((hold) => ({ ...hold, when: 'lapsed' as const })),
    ]
      // A hire that is over needs no answer.
      .filter((hold) => hold.holdTo >= today)
      .map((hold) => ({ ...hold, key: `hold_${hold.when}:${hold.orderId}:${hold.expiresAt}` }));
    if (due.length === 0) return { lapsed: lapsed.length, reminders: customers };
    // A reminder already queued is not drawn again (lapsing requests come up every minute for a day).
    const queued = await queuedKeys(
      tx,
      due.map((hold) => hold.key),
    );
    let reminders = customers;
    for (const hold of due.filter((h) => !queued.has(h.key))) {
      const { view, customer } = await storedOrderView(tx, deps, hold.orderId);
      const window = view.pickup ?? booking.window(view.hireDate, view.fulfilment, view.lastDay);
      const email = holdReminderEmail(deps, hold.when, {
        view,
        customerEmail: customer.email,
        window,
        expiresAt: hold.expiresAt,
      });
      if (!(await enqueueMail(tx, email, deps.clock())).existing) reminders++;
    }
    return { lapsed: lapsed.length, reminders };
  });
  return result;
}

/**
 * Sweeps now and every `everyMs`: a lapsed hold shows free within that time. The answer stops the
 * timer and resolves once a sweep under way has finished.
 */
export function startBookingSweeper(deps: Sweeping, everyMs = 60_000): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = sweepBookings(deps).catch((error) => log().error({ err: error }, 'Booking sweep failed'));
  };
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
