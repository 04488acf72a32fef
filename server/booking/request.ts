import { randomUUID } from 'node:crypto';
import { addLocalDays, DEFAULT_TIME_ZONE } from '../../src/lib/api-contract/dates';
import type { HoldWindow } from '../../src/lib/api-contract/hold-window';
import { orderHolds } from '../db/schema';
import type { BookingRequest, BookingSettings, RequestOutcome, Tx } from './booking';
import { recordEvent } from './events';
import { checkNeeds } from './holds-read';

/**
 * A new request, inside the write transaction that stores it: when every product is free on every
 * day of its window (what others hold counted), it holds them until `holdDays` from now; otherwise
 * (or when something cannot be held at all) its products are recorded as wanted, holding nothing,
 * for the team to answer by hand.
 */
export async function holdRequest(
  tx: Tx,
  input: BookingRequest,
  window: HoldWindow,
  settings: BookingSettings,
  now: Date,
): Promise<RequestOutcome> {
  const { shortfalls, free } = await checkNeeds(tx, window, input.needs, now);
  const held = shortfalls.length === 0 && input.problems.length === 0;
  // Held until the same time of day on the business's clock, `holdDays` later (a daylight-saving change between keeps it).
  const expiresAt = held
    ? addLocalDays(now, settings.holdDays, settings.timeZone ?? DEFAULT_TIME_ZONE).toISOString()
    : null;
  if (input.needs.size > 0) {
    await tx.insert(orderHolds).values(
      [...input.needs].map(([productId, quantity]) => ({
        id: randomUUID(),
        orderId: input.orderId,
        productId,
        quantity,
        holdFrom: window.from,
        holdTo: window.to,
        state: held ? ('held' as const) : ('wanted' as const),
        expiresAt,
      })),
    );
  }
  // A customer's request is in its order row (when, what, whether held); one an upgrade gave its holds
  // is said in the history.
  if (input.origin === 'upgraded') {
    await recordEvent(tx, input.orderId, 'system', 'upgraded', now, {
      held,
      expiresAt,
      shortfalls: shortfalls.map(({ name, needed, free: left }) => ({ name, needed, free: left })),
      problems: input.problems,
    });
  }
  return { held, window, expiresAt, shortfalls, free };
}
