import { addDays, daysOf } from '../../../src/lib/api-contract/hold-window';
import type { Booking } from '../../booking';
import type { Db } from '../../db/client';
import { productsOf, type RequestSummary, requestsOf } from './calendar';

/** How many days the phone's list shows, from today. */
export const LIST_DAYS = 14;

export interface ListDay {
  day: string;
  /** Requests whose items go out that day, and whose come back. */
  out: RequestSummary[];
  back: RequestSummary[];
  /** Products promised beyond their stock that day (turnaround and pieces still out counted). */
  over: { productId: string; name: string; promised: number; stock: number }[];
}

/**
 * The calendar as a phone reads it: day by day for LIST_DAYS from `from` (today, unless the team
 * chose a day), what goes out, what comes back, and what is over-promised (of one category, or all).
 * Days with nothing on are left out.
 */
export async function upcomingDays(db: Db, booking: Booking, from: string, category?: string): Promise<ListDay[]> {
  const range = { from, to: addDays(from, LIST_DAYS - 1) };
  const chosen = await productsOf(db, category);
  const byId = new Map(chosen.map((p) => [p.id, p]));
  const holds = (await booking.holdsIn(db, range, category ? [...byId.keys()] : undefined)).filter(
    (hold) => hold.quantity > 0 && byId.has(hold.productId),
  );
  const requests = await requestsOf(db, holds);
  return daysOf(range).flatMap((day) => {
    const orderIds = (which: (hold: (typeof holds)[number]) => boolean) =>
      [...new Set(holds.filter(which).map((hold) => hold.orderId))]
        .map((id) => requests.get(id) as RequestSummary)
        .sort((a, b) => a.number - b.number);
    const promised = new Map<string, number>();
    for (const hold of holds) {
      if (day < hold.from || day > hold.busyTo) continue;
      promised.set(hold.productId, (promised.get(hold.productId) ?? 0) + hold.quantity);
    }
    const over = [...promised]
      .map(([productId, count]) => ({ product: byId.get(productId), productId, count }))
      .filter(({ product, count }) => product && count > product.stock)
      .map(({ product, productId, count }) => ({
        productId,
        name: product?.name ?? productId,
        promised: count,
        stock: product?.stock ?? 0,
      }));
    const entry: ListDay = {
      day,
      out: orderIds((hold) => !hold.stillOut && hold.from === day),
      back: orderIds((hold) => !hold.stillOut && hold.to === day),
      over,
    };
    return entry.out.length || entry.back.length || entry.over.length ? [entry] : [];
  });
}
