import { inArray } from 'drizzle-orm';
import { sydneyDate } from '../../src/lib/api-contract/dates';
import type { Booking } from '../booking';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';
import { enqueueMail } from '../mail/queue';
import { log } from '../observability/logger';
import type { MailContext } from './mail-context';
import { storedOrderView } from './order-emails';
import { holdReminderEmail } from './team-emails';

export interface SweeperDeps extends MailContext {
  db: Db;
  booking: Booking;
  /** Called when holds lapsed, so this process's dated answers move on at once. */
  holdsChanged?: () => unknown;
  /** Called when reminders were queued, so they go out at once. */
  mailQueued?: () => void;
}

/**
 * One sweep, in one write transaction: holds whose time ran out lapse, and the team is emailed once a
 * day before a hold lapses and once when it has (each reminder once per hold, however many processes
 * sweep). Answers how many lapsed and how many reminders were queued.
 */
export async function sweepBookings(deps: SweeperDeps): Promise<{ lapsed: number; reminders: number }> {
  const { db, booking } = deps;
  const today = sydneyDate(deps.clock());
  const result = await db.transaction(async (tx) => {
    const { lapsed, lapsingSoon } = await booking.sweep(tx);
    const due = [
      ...lapsingSoon.map((hold) => ({ ...hold, when: 'lapsing' as const })),
      ...lapsed.map((hold) => ({ ...hold, when: 'lapsed' as const })),
    ]
      // A hire that is over needs no answer.
      .filter((hold) => hold.holdTo >= today)
      .map((hold) => ({ ...hold, key: `hold_${hold.when}:${hold.orderId}:${hold.expiresAt}` }));
    if (due.length === 0) return { lapsed: lapsed.length, reminders: 0 };
    // A reminder already queued is not drawn again (lapsing requests come up every minute for a day).
    const queued = new Set(
      (
        await tx
          .select({ key: emailOutbox.dedupeKey })
          .from(emailOutbox)
          .where(
            inArray(
              emailOutbox.dedupeKey,
              due.map((hold) => hold.key),
            ),
          )
      ).map((row) => row.key),
    );
    let reminders = 0;
    for (const hold of due.filter((h) => !queued.has(h.key))) {
      const { view, customer } = await storedOrderView(tx, deps, hold.orderId);
      const window = view.pickup ?? booking.window(view.hireDate, view.fulfilment);
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
  if (result.lapsed > 0) await deps.holdsChanged?.();
  if (result.reminders > 0) deps.mailQueued?.();
  return result;
}

/** Sweeps now and every `everyMs`: a lapsed hold shows free within that time. */
export function startBookingSweeper(deps: SweeperDeps, everyMs = 60_000): () => void {
  const sweep = () => sweepBookings(deps).catch((error) => log().error({ err: error }, 'Booking sweep failed'));
  void sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
