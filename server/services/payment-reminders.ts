import { and, eq, gte, isNull } from 'drizzle-orm';
import { dayIn } from '../../src/lib/api-contract/dates';
import { addDays } from '../../src/lib/api-contract/hold-window';
import type { Tx } from '../booking';
import { orders } from '../db/schema';
import { publicOrigin } from '../lib/public-origin';
import { enqueueMail, queuedKeys } from '../mail/queue';
import { moneyOf, moneySettingsOf, releaseHolds } from '../money';
import { storedOrderView } from '../orders';
import { bookingPageUrl } from './booking-links';
import type { ServiceContext } from './context';
import { renderDecisionEmail, renderPaymentReminderEmail } from './emails';
import { logActivity } from './team/activity';

type Sweeping = Pick<ServiceContext, 'booking' | 'business' | 'clock' | 'config' | 'secret'>;

/**
 * The money reminders, queued by the sweep in its write transaction, each once (keyed by the booking,
 * and for the balance by its due day): an unpaid deposit `depositReminderDays` after confirming, the
 * balance (and bond) `balanceReminderDays` before it is due. With `releaseUnpaidAfterDays` set, a
 * confirmed booking with nothing paid that long after confirming is released: cancelled through the
 * booking module (its stock free again), the customer emailed why, the activity log told.
 * Answers how many emails were queued and how many bookings released.
 */
export async function queuePaymentReminders(
  tx: Tx,
  deps: Sweeping,
  today: string,
): Promise<{ reminders: number; released: number }> {
  const business = deps.business();
  const terms = business.payments;
  if (terms.depositReminderDays === 0 && terms.balanceReminderDays === 0 && terms.releaseUnpaidAfterDays === 0) {
    return { reminders: 0, released: 0 };
  }
  const settings = moneySettingsOf(business);
  // Confirmed bookings not yet handed over, whose hire is today or later.
  const open = await tx
    .select({ id: orders.id, decidedAt: orders.decidedAt })
    .from(orders)
    .where(and(eq(orders.decision, 'confirmed'), isNull(orders.handedOverOn), gte(orders.startsAt, today)));
  const due: { orderId: string; when: 'deposit' | 'balance'; key: string }[] = [];
  const release: string[] = [];
  const monies = new Map<string, NonNullable<Awaited<ReturnType<typeof moneyOf>>>>();
  for (const order of open) {
    const money = await moneyOf(tx, order.id, settings);
    if (!money || !order.decidedAt) continue;
    monies.set(order.id, money);
    const confirmedOn = dayIn(new Date(order.decidedAt), business.timeZone);
    const nothingPaid = money.paidCents <= 0 && money.bondPaidCents <= 0 && money.bondHeldCents <= 0;
    if (
      terms.releaseUnpaidAfterDays > 0 &&
      nothingPaid &&
      today >= addDays(confirmedOn, terms.releaseUnpaidAfterDays)
    ) {
      release.push(order.id);
      continue;
    }
    if (
      terms.depositReminderDays > 0 &&
      money.depositOwedCents > 0 &&
      today >= addDays(confirmedOn, terms.depositReminderDays)
    ) {
      due.push({ orderId: order.id, when: 'deposit', key: `payment_deposit:${order.id}` });
    }
    const balance = money.schedule.balance;
    if (
      terms.balanceReminderDays > 0 &&
      balance &&
      !money.schedule.allDueNow &&
      money.balanceOwedCents + money.bondOwedCents > 0 &&
      today >= addDays(balance.due, -terms.balanceReminderDays) &&
      today <= balance.due
    ) {
      due.push({ orderId: order.id, when: 'balance', key: `payment_balance:${order.id}:${balance.due}` });
    }
  }
  const queued = due.length
    ? await queuedKeys(
        tx,
        due.map((reminder) => reminder.key),
      )
    : new Set<string>();
  const now = deps.clock();
  let reminders = 0;
  for (const reminder of due.filter((r) => !queued.has(r.key))) {
    const { view, customer } = await storedOrderView(tx, deps, reminder.orderId);
    // A customer taken by phone with no email address is not emailed: the team calls.
    if (!customer.email) continue;
    const email = {
      kind: reminder.when === 'deposit' ? ('payment_deposit_reminder' as const) : ('payment_balance_reminder' as const),
      to: customer.email,
      payload: { orderId: reminder.orderId, when: reminder.when },
      orderId: reminder.orderId,
      dedupeKey: reminder.key,
      ...renderPaymentReminderEmail(
        reminder.when,
        view,
        monies.get(reminder.orderId) as NonNullable<Awaited<ReturnType<typeof moneyOf>>>,
        bookingPageUrl(deps, reminder.orderId),
      ),
    };
    if (!(await enqueueMail(tx, email, now)).existing) reminders++;
  }
  let released = 0;
  for (const orderId of release) {
    const note = `Released: nothing was paid within ${terms.releaseUnpaidAfterDays} days of confirming, so the date is free again. Write to us if you would still like it.`;
    const result = await deps.booking.decide(tx, orderId, 'cancel', 'system', note);
    if (result.kind !== 'applied') continue;
    released++;
    await releaseHolds(tx, orderId, now);
    const { view, customer } = await storedOrderView(tx, deps, orderId);
    if (customer.email) {
      await enqueueMail(
        tx,
        {
          kind: 'order_cancelled',
          to: customer.email,
          payload: { orderId, decision: 'cancelled', note, released: true },
          orderId,
          dedupeKey: `order_cancelled:${orderId}`,
          ...renderDecisionEmail(
            'cancelled',
            { orderId, customerName: view.customerName, hireDate: view.hireDate },
            note,
            publicOrigin(deps.config),
            business,
          ),
        },
        now,
      );
    }
    await logActivity(
      tx,
      'system',
      {
        kind: 'cancelled',
        subjectType: 'request',
        subjectId: orderId,
        summary: `Released request ${orderId}: nothing paid ${terms.releaseUnpaidAfterDays} days after confirming`,
        after: { decision: 'cancelled', note },
      },
      now,
    );
  }
  return { reminders, released };
}
