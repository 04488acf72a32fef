import type { HireDays, HoldWindow } from '../../src/lib/api-contract/hold-window';
import type { Db } from '../db/database';
import type { orders, ReturnReport } from '../db/schema';
import type { FreeCount, HoldRow, Reader, Shortfall } from './holds-read';
import type { OrderAction, RequestState } from './life-cycle';
import type { BackOutcome, Repair, RepairInput, RepairOutcome } from './repairs';

export type { FreeCount, Shortfall } from './holds-read';
export type { Decision, OrderAction } from './life-cycle';
export type { BackOutcome, Repair, RepairInput, RepairOutcome } from './repairs';

/**
 * The business's booking rules, behind one narrow interface that every path calls: order requests,
 * the team's decisions, the sweep of lapsing holds, and stock changes. It is the only code that reads
 * or writes `order_holds`. Every write method runs inside the caller's write transaction, so what it
 * checks and what it changes commit together (writers take turns: BEGIN IMMEDIATE), and the caller
 * queues the emails that follow in that same transaction. An external rental back office could sit
 * behind this interface instead.
 */
export interface Booking {
  /** The business's date now (YYYY-MM-DD in its time zone): what "today" means to every rule. */
  today(): string;
  /**
   * The days a request holds: pickup on the last open pickup day on or before the event, return on
   * the first open return day after (a delivery: the open days before and after it).
   */
  window(hireDate: string, fulfilment: Fulfilment, lastDay?: string): HoldWindow;
  /**
   * Whether the business is closed for every hand-over day near the date (or near the last day of a
   * hire of several days): a new date is refused.
   */
  closedAround(hireDate: string, fulfilment: Fulfilment, lastDay?: string): boolean;
  /** Holds a new request's products in its window if all are free, else records them as wanted. */
  request(tx: Tx, input: BookingRequest): Promise<RequestOutcome>;
  /** Confirms (holding everything, or refusing with what is short), declines or cancels a request. */
  decide(tx: Tx, orderId: string, action: OrderAction, actor: Actor, note?: string | null): Promise<DecisionOutcome>;
  /** Gives an open request's hold `days` more (holding again, if everything is still free, when it lapsed). */
  extend(tx: Tx, orderId: string, days: number, actor: Actor): Promise<ExtendOutcome>;
  /**
   * Holds an open request until `until` (a quote's validity, issue 61), as `extend` does: a live hold
   * runs on to then (never shorter), a lapsed one holds again only if everything is still free.
   */
  holdUntil(tx: Tx, orderId: string, until: Date, actor: Actor): Promise<ExtendOutcome>;
  /**
   * Changes a held or confirmed request's lines, date or fulfilment: re-checked against stock on the
   * new window, all of it or nothing.
   */
  change(tx: Tx, orderId: string, input: ChangeInput, actor: Actor): Promise<ChangeOutcome>;
  /** Records a confirmed request's items picked up or delivered on `day` (early or late alike). */
  handOver(tx: Tx, orderId: string, day: string, actor: Actor): Promise<HandOverOutcome>;
  /** Records its items back on `day`, all or some: what is counted missing stays out until a later return. */
  recordReturn(tx: Tx, orderId: string, input: ReturnInput, actor: Actor): Promise<ReturnOutcome>;
  /** Which of these requests are promised beyond the stock on some day of their window (one read). */
  overPromised(db: Reader, orderIds: string[]): Promise<Set<string>>;
  /** Requests still out past their return day (late, or pieces missing), with since when. */
  stillOut(db: Reader, orderIds?: string[]): Promise<Map<string, StillOut>>;
  /**
   * Lapses the holds whose time ran out, lists the holds that lapse within a day, and keeps out the
   * pieces of requests handed over and not back after their return day.
   */
  sweep(tx: Tx): Promise<SweepOutcome>;
  /** Where new stock counts would fall below what is promised on some day from today on. */
  checkStock(
    tx: Reader,
    stock: ReadonlyMap<string, number>,
    turnaround?: ReadonlyMap<string, number>,
  ): Promise<StockShortfall[]>;
  /** A request's booking as it stands now, with what confirming it would do. */
  state(db: Reader, orderId: string): Promise<BookingState | null>;
  /**
   * The requests holding now, with when each hold lapses: all of them, those among `orderIds`, or
   * those that lapse before `lapsingBefore` (an ISO instant).
   */
  liveHolds(db: Reader, filter?: { orderIds?: string[]; lapsingBefore?: string }): Promise<Map<string, string>>;
  /** The holds that count now (held or confirmed) overlapping a window, with their state: the team's calendar. */
  holdsIn(db: Reader, window: HoldWindow, productIds?: string[]): Promise<CalendarHold[]>;
  /** Per product a request asks for: stock, need, and what other requests leave free in its window. */
  availability(db: Reader, orderId: string): Promise<FreeCount[]>;
  /** Per product, the most units held on any one day of the window (what dated availability subtracts). */
  peakHeld(db: Reader, window: HoldWindow, productIds?: string[]): Promise<Map<string, number>>;
  /**
   * Puts units in repair (issue 62): out of availability from `from` to `to`, refused where it would
   * leave bookings short unless `evenSo`.
   */
  putInRepair(tx: Tx, input: RepairInput): Promise<RepairOutcome>;
  /** Puts a repair's units back in stock from today. */
  backInStock(tx: Tx, id: string, by: string): Promise<BackOutcome>;
  /** The repairs of these products not yet put back (and those ended within 30 days, still to be put back). */
  openRepairs(db: Reader, productIds: readonly string[]): Promise<Repair[]>;
}

export type Fulfilment = 'pickup' | 'delivery';
/** Who acted: the customer, an email link, the system (sweeps, upgrades), or a team member. */
export type Actor = 'customer' | 'email link' | 'system' | `team:${string}`;
export type OrderRow = typeof orders.$inferSelect;

/** A database or a write transaction (drizzle's own type for either). */
export type Tx = Pick<Db, 'select' | 'selectDistinct' | 'insert' | 'update' | 'delete'>;

export interface BookingSettings {
  /** Days a new request holds its items unless the team answers it. */
  holdDays: number;
  hireDays: HireDays;
  /** The business's IANA time zone (Sydney's when not given). */
  timeZone?: string;
}

export interface BookingRequest {
  orderId: string;
  /** The first day of use; `lastDay` the last (the same day when not given). */
  hireDate: string;
  lastDay?: string;
  fulfilment: Fulfilment;
  /** Units per product (a bundle's items included). */
  needs: ReadonlyMap<string, number>;
  /**
   * What stops the request from being held (an item no longer for hire, a bundle item with nothing
   * chosen, a request that went to manual processing before holds existed): it is recorded, not held.
   */
  problems: readonly string[];
  /** 'upgraded': a request stored before holds existed, given its holds by an upgrade. */
  origin?: 'requested' | 'upgraded';
}

export interface RequestOutcome {
  held: boolean;
  window: HoldWindow;
  /** When the hold lapses unless the team answers (null when nothing is held). */
  expiresAt: string | null;
  shortfalls: Shortfall[];
  /** Per product, what is free in the window before this request's share. */
  free: FreeCount[];
}

export type DecisionOutcome =
  | { kind: 'applied'; order: OrderRow; window: HoldWindow }
  | { kind: 'refused'; order: OrderRow; window: HoldWindow; shortfalls: Shortfall[]; unplaced: string[] }
  | { kind: 'unchanged'; order: OrderRow }
  | { kind: 'not_found' };

/** A hold as the calendar reads it: a hold row with its state and whether pieces are still out. */
export interface CalendarHold extends HoldRow {
  state: 'held' | 'confirmed';
  /** Pieces out past their return day: late (not back), or missing after a return. `to` is OPEN_END while out. */
  stillOut: 'late' | 'missing' | null;
}

export type ExtendOutcome =
  | { kind: 'applied'; order: OrderRow; window: HoldWindow; expiresAt: string }
  | { kind: 'refused'; order: OrderRow; window: HoldWindow; shortfalls: Shortfall[]; unplaced: string[] }
  | { kind: 'unchanged'; order: OrderRow }
  | { kind: 'not_found' };

export interface ChangeInput {
  hireDate: string;
  /** The last day of use (the hire date when not given). */
  lastDay?: string;
  fulfilment: Fulfilment;
  /** Units per product after the change (a bundle's items included). */
  needs: ReadonlyMap<string, number>;
  /** What would stop it being held (an item no longer for hire, a bundle item with nothing chosen). */
  problems: readonly string[];
}

export type ChangeOutcome =
  | { kind: 'applied'; order: OrderRow; window: HoldWindow; expiresAt: string | null }
  | { kind: 'refused'; order: OrderRow; window: HoldWindow; shortfalls: Shortfall[]; problems: string[] }
  | { kind: 'unchanged'; order: OrderRow; state: RequestState }
  | { kind: 'not_found' };

export interface ReturnInput {
  day: string;
  /** Pieces not back, per product id (at most what the request booked). */
  missing: ReadonlyMap<string, number>;
  /** Pieces back damaged, per product id: back, and recorded. */
  damaged: ReadonlyMap<string, number>;
  note: string | null;
  /** A photo taken at this return (its stored file name), kept beside the earlier returns' photos. */
  photo?: string | null;
}

export interface StillOut {
  reason: 'late' | 'missing';
  /** The first day the pieces were out past the return day. */
  since: string;
}

export type HandOverOutcome =
  | { kind: 'applied'; order: OrderRow }
  /** A day before the request was made: not a hand-over that happened. */
  | { kind: 'too_early'; order: OrderRow; earliest: string }
  | { kind: 'unchanged'; order: OrderRow; state: RequestState }
  | { kind: 'not_found' };

export type ReturnOutcome =
  | { kind: 'applied'; order: OrderRow; state: RequestState; report: ReturnReport }
  | { kind: 'unchanged'; order: OrderRow; state: RequestState }
  | { kind: 'before_hand_over'; order: OrderRow; handedOverOn: string }
  | { kind: 'too_many'; order: OrderRow; productId: string; booked: number }
  | { kind: 'not_found' };

export interface SweepOutcome {
  /** Requests handed over and not back after their return day, marked late in this sweep. */
  late: string[];
  /** Requests whose hold ran out in this sweep (`holdTo`: the last day of their window). */
  lapsed: { orderId: string; expiresAt: string; holdTo: string }[];
  /** Requests whose hold runs out within a day. */
  lapsingSoon: { orderId: string; expiresAt: string; holdTo: string }[];
}

export interface StockShortfall {
  productId: string;
  name: string;
  /** A run of days on which `promised` units are held or confirmed. */
  from: string;
  to: string;
  promised: number;
  stock: number;
}

export type BookingState =
  /** Decided at `at`; a confirmed request is 'out' once handed over (or with pieces missing), then 'returned'. */
  | { kind: 'confirmed' | 'declined' | 'cancelled' | 'out' | 'returned'; at: string; window: HoldWindow }
  | {
      kind: 'holding' | 'lapsed' | 'not_held';
      window: HoldWindow;
      /** holding: when the hold lapses; lapsed: when it did. */
      expiresAt: string | null;
      /** What confirming now would meet: nothing short (it holds everything), or what is short. */
      shortfalls: Shortfall[];
      unplaced: string[];
    };
