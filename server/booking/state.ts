import type { HoldWindow } from '../../src/lib/api-contract/hold-window';
import type { BookingState, OrderRow } from './booking';
import { needsOf } from './decide';
import { checkNeeds, orderRow, type Reader } from './holds-read';

/**
 * A request's booking as it stands at `now` (not as its emails said): decided; holding until when;
 * lapsed; or never held. For an open request without a live hold, what confirming would meet now.
 */
export async function bookingState(
  db: Reader,
  orderId: string,
  now: Date,
  windowOf: (order: OrderRow) => HoldWindow,
): Promise<BookingState | null> {
  const order = await orderRow(db, orderId);
  if (!order) return null;
  const { rows, needs, window } = await needsOf(db, order, windowOf);
  if (order.decision) return { kind: order.decision, at: order.decidedAt ?? '', window };
  const at = now.toISOString();
  const live = rows.find((row) => row.state === 'held' && (row.expiresAt ?? '') > at);
  if (live) return { kind: 'holding', window, expiresAt: live.expiresAt, shortfalls: [], unplaced: [] };
  const lapsed = rows.find((row) => row.state === 'lapsed' || row.state === 'held');
  const { shortfalls } = await checkNeeds(db, window, needs, now, orderId);
  return {
    kind: lapsed ? 'lapsed' : 'not_held',
    window,
    expiresAt: lapsed?.expiresAt ?? null,
    shortfalls,
    unplaced: order.unplaced ?? [],
  };
}
