import { DEFAULT_TIME_ZONE, dayIn } from '../../src/lib/api-contract/dates';
import { holdWindow, openRangeWindow } from '../../src/lib/api-contract/hold-window';
import type { Booking, BookingSettings, OrderRow } from './booking';
import { changeRequest } from './change';
import { checkStockChange } from './check-stock';
import { decideRequest } from './decide';
import { extendHold } from './extend';
import { handOver, holdLateReturns, overPromised, recordReturn, stillOutOrders } from './hand-over';
import { peakHeld } from './holds-read';
import { backInStock, openRepairs, putInRepair } from './repairs';
import { holdRequest } from './request';
import { bookingState, calendarHolds, liveHolds, requestAvailability } from './state';
import { sweepHolds } from './sweep';

export * from './booking';
export { recordEvent } from './events';
export { OPEN_END } from './holds-read';
export * from './life-cycle';

export interface BookingDeps {
  settings: () => BookingSettings;
  clock?: () => Date;
}

/** The booking rules of this shop (see Booking), with its settings and clock. */
export function createBooking({ settings, clock = () => new Date() }: BookingDeps): Booking {
  // A date closed all round (closures added after it was booked) keeps its usual days rather than none.
  const window: Booking['window'] = (hireDate, fulfilment, lastDay = hireDate) => {
    const days = settings().hireDays;
    return (
      openRangeWindow(hireDate, lastDay, fulfilment, days) ?? {
        from: holdWindow(hireDate, fulfilment, { ...days, closed: undefined }).from,
        to: holdWindow(lastDay > hireDate ? lastDay : hireDate, fulfilment, { ...days, closed: undefined }).to,
      }
    );
  };
  // A request holds from its first day of use to its last (the hire days are stored as days).
  const windowOf = (order: OrderRow) =>
    window(order.startsAt.slice(0, 10), order.fulfillmentType, order.stopsAt.slice(0, 10));
  const today = () => dayIn(clock(), settings().timeZone ?? DEFAULT_TIME_ZONE);
  return {
    today,
    window,
    closedAround: (hireDate, fulfilment, lastDay = hireDate) =>
      openRangeWindow(hireDate, lastDay, fulfilment, settings().hireDays) === null,
    request: (tx, input) =>
      holdRequest(tx, input, window(input.hireDate, input.fulfilment, input.lastDay), settings(), clock()),
    decide: (tx, orderId, action, actor, note = null) =>
      decideRequest(tx, orderId, action, actor, note, clock(), windowOf),
    extend: (tx, orderId, days, actor) =>
      extendHold(tx, orderId, days, actor, clock(), windowOf, settings().timeZone ?? DEFAULT_TIME_ZONE),
    holdUntil: (tx, orderId, until, actor) =>
      extendHold(tx, orderId, { until }, actor, clock(), windowOf, settings().timeZone ?? DEFAULT_TIME_ZONE),
    change: (tx, orderId, input, actor) =>
      changeRequest(
        tx,
        orderId,
        input,
        actor,
        clock(),
        window(input.hireDate, input.fulfilment, input.lastDay),
        settings(),
      ),
    handOver: (tx, orderId, day, actor) => handOver(tx, orderId, day, actor, clock()),
    recordReturn: (tx, orderId, input, actor) => recordReturn(tx, orderId, input, actor, clock()),
    stillOut: (db, orderIds) => stillOutOrders(db, orderIds),
    overPromised: (db, orderIds) => overPromised(db, orderIds, clock()),
    sweep: async (tx) => ({ ...(await sweepHolds(tx, clock())), late: await holdLateReturns(tx, today(), clock()) }),
    checkStock: (tx, stock, turnaround) => checkStockChange(tx, stock, clock(), today(), turnaround),
    state: (db, orderId) => bookingState(db, orderId, clock(), windowOf),
    liveHolds: (db, filter = {}) => liveHolds(db, filter, clock()),
    holdsIn: (db, window, productIds) => calendarHolds(db, window, clock(), productIds),
    availability: (db, orderId) => requestAvailability(db, orderId, clock(), windowOf),
    peakHeld: (db, range, productIds) => peakHeld(db, range, clock(), productIds),
    putInRepair: (tx, input) => putInRepair(tx, input, clock(), today()),
    backInStock: (tx, id, by) => backInStock(tx, id, today(), by, clock()),
    openRepairs: (db, productIds) => openRepairs(db, productIds, today()),
  };
}
