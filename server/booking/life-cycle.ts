import type { orders } from '../db/schema';
import { OPEN_END } from './holds-read';

/**
 * A request's life cycle: which state it is in, and what each event does to it. Every change of a
 * request asks `nextStep` first (the team's answers, an extension, the sweep's lapse), so the rules of
 * what may follow what live in this one table.
 *
 * Glossary (one spelling of each in new code):
 * - **request**: a customer's order request (a row of `orders`), until the team answers it and after.
 * - **hold**: the units a request keeps from other requests for its window (rows of `order_holds`).
 * - **window**: the days a hold covers, from the pickup day to the return day (`HoldWindow`).
 * - **lapse**: a hold's time ran out unanswered; it stops counting, and the request stays open.
 * - **decision**: the team's answer, stored on the request: confirmed, declined or cancelled.
 * - **hand-over**: a confirmed request's items picked up or delivered (on a day, early or late).
 * - **return**: its items back, all or some; what is missing stays out until a later return.
 */

/**
 * Where a request stands. The first three are open (no decision yet): its hold is live, its hold
 * lapsed, or it never held (manual processing). Then the decisions; a confirmed request then goes
 * out (handed over, or some pieces still missing after a return) and comes back (returned).
 */
/** The team's three answers to a request. */
export type OrderAction = 'confirm' | 'decline' | 'cancel';
/** What the team decided, stored on the request. */
export type Decision = NonNullable<(typeof orders.$inferSelect)['decision']>;

export type RequestState = 'holding' | 'lapsed' | 'not_held' | Decision | 'out' | 'returned';

/**
 * What can happen to a request: the team's three answers, more time, its hold's time running out,
 * its items handed over, and their return.
 */
export type RequestEvent = OrderAction | 'extend' | 'lapse' | 'hand_over' | 'return' | 'change';

/**
 * What an event does in a state: the request moves (and `recheck`: only if every product is still free
 * on every day of its window, checked inside the write transaction), or nothing changes.
 */
export type Step = { kind: 'move'; to: RequestState; recheck: boolean } | { kind: 'unchanged' };

const move = (to: RequestState, recheck = false): Step => ({ kind: 'move', to, recheck });
const UNCHANGED: Step = { kind: 'unchanged' };

/** An open request: confirming re-checks its stock; more time re-checks it unless the hold is live. */
const open = (holdIsLive: boolean): Partial<Record<RequestEvent, Step>> => ({
  confirm: move('confirmed', true),
  decline: move('declined'),
  cancel: move('cancelled'),
  extend: move('holding', !holdIsLive),
  // A change (lines, date, fulfilment) is all re-checked on its new window; it holds when it fits.
  change: move('holding', true),
});

/** The table: (state, event) → step. A pair not listed changes nothing. */
export const LIFE_CYCLE: Readonly<Record<RequestState, Partial<Record<RequestEvent, Step>>>> = {
  holding: { ...open(true), lapse: move('lapsed') },
  lapsed: open(false),
  not_held: open(false),
  // The team decides once; a confirmed request may still be cancelled (which releases its units) until
  // its items are out. A return recorded with no hand-over before it says they went out too.
  confirmed: {
    cancel: move('cancelled'),
    change: move('confirmed', true),
    hand_over: move('out'),
    return: move('returned'),
  },
  declined: {},
  cancelled: {},
  // A return brings back what it counts; pieces it counts missing keep the request out.
  out: { return: move('returned') },
  returned: {},
};

export const STATES = Object.keys(LIFE_CYCLE) as RequestState[];
export const EVENTS: readonly RequestEvent[] = [
  'confirm',
  'decline',
  'cancel',
  'extend',
  'lapse',
  'change',
  'hand_over',
  'return',
];

const DECISIONS: readonly string[] = ['confirmed', 'declined', 'cancelled'] satisfies Decision[];
/** Whether a state is one of the team's three answers (out and returned come after one). */
export const isDecision = (state: RequestState): state is Decision => DECISIONS.includes(state);

export function nextStep(state: RequestState, event: RequestEvent): Step {
  return LIFE_CYCLE[state][event] ?? UNCHANGED;
}

/** What is stored of a confirmed request's hand-over and return. */
export interface Handling {
  handedOverOn: string | null;
  returnedOn: string | null;
}

/**
 * A request's state from what is stored: its decision (and, once confirmed, its hand-over and
 * return), else its holds' states at `now`.
 */
export function requestState(
  decision: Decision | null,
  holds: ReadonlyArray<{ state: string; expiresAt: string | null; holdTo?: string }>,
  now: Date,
  handling: Handling = { handedOverOn: null, returnedOn: null },
): RequestState {
  if (decision === 'confirmed' && (handling.handedOverOn || handling.returnedOn)) {
    const stillOut = holds.some((hold) => hold.state === 'confirmed' && hold.holdTo === OPEN_END);
    return handling.returnedOn && !stillOut ? 'returned' : 'out';
  }
  if (decision) return decision;
  const at = now.toISOString();
  if (holds.some((hold) => hold.state === 'held' && (hold.expiresAt ?? '') > at)) return 'holding';
  // A held row whose time has run out has lapsed, whether or not a sweep has marked it yet.
  if (holds.some((hold) => hold.state === 'lapsed' || hold.state === 'held')) return 'lapsed';
  return 'not_held';
}

/** Whether the team's answer would change a request with this decision (the email links ask before offering it). */
export function allowedAfter(action: OrderAction, decision: Decision | null): boolean {
  // Every open state takes every answer; only the decision matters here.
  return nextStep(decision ?? 'not_held', action).kind === 'move';
}
