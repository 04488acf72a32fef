import { addDays } from '../../src/lib/api-contract/hold-window';
import type { Tx } from '../booking';
import { enqueueMail, queuedKeys } from '../mail/queue';
import { storedOrderView } from '../orders';
import type { ServiceContext } from './context';
import { type HireReminder, renderHireReminderEmail } from './emails';

type Sweeping = Pick<ServiceContext, 'booking' | 'business' | 'clock' | 'config' | 'secret'>;

/**
 * The customers' reminders, queued by the sweep in its write transaction: for each confirmed booking,
 * once when its first day is `remindDaysBeforeHire` days away or nearer (a booking confirmed late is
 * reminded at once), and once when its return day is `remindDaysBeforeReturn` days away or nearer.
 * Each is keyed by the booking and the day it names, so it is queued once however many processes
 * sweep, and again only if that day moves. Answers how many were queued.
 */
export async function queueCustomerReminders(tx: Tx, deps: Sweeping, today: string): Promise<number> {
  const { remindDaysBeforeHire: beforeHire, remindDaysBeforeReturn: beforeReturn } = deps.business();
  if (beforeHire === 0 && beforeReturn === 0) return 0;
  const horizon = addDays(today, Math.max(beforeHire, beforeReturn));
  const windows = new Map<string, { from: string; to: string }>();
  for (const hold of await deps.booking.holdsIn(tx, { from: today, to: horizon })) {
    if (hold.state !== 'confirmed') continue;
    const known = windows.get(hold.orderId);
    windows.set(hold.orderId, {
      from: known && known.from < hold.from ? known.from : hold.from,
      to: known && known.to > hold.to ? known.to : hold.to,
    });
  }
  const due: { orderId: string; when: HireReminder; window: { from: string; to: string }; key: string }[] = [];
  for (const [orderId, window] of windows) {
    if (beforeHire > 0 && window.from >= today && window.from <= addDays(today, beforeHire)) {
      due.push({ orderId, when: 'hire', window, key: `customer_hire:${orderId}:${window.from}` });
    }
    if (beforeReturn > 0 && window.to >= today && window.to <= addDays(today, beforeReturn)) {
      due.push({ orderId, when: 'return', window, key: `customer_return:${orderId}:${window.to}` });
    }
  }
  if (due.length === 0) return 0;
  const queued = await queuedKeys(
    tx,
    due.map((reminder) => reminder.key),
  );
  let count = 0;
  for (const reminder of due.filter((r) => !queued.has(r.key))) {
    const { view, customer } = await storedOrderView(tx, deps, reminder.orderId);
    // A customer taken by phone with no email address is not emailed.
    if (!customer.email) continue;
    const email = {
      kind: reminder.when === 'hire' ? ('customer_hire_reminder' as const) : ('customer_return_reminder' as const),
      to: customer.email,
      payload: { orderId: reminder.orderId, when: reminder.when },
      orderId: reminder.orderId,
      dedupeKey: reminder.key,
      ...renderHireReminderEmail(reminder.when, view, reminder.window),
    };
    if (!(await enqueueMail(tx, email, deps.clock())).existing) count++;
  }
  return count;
}
