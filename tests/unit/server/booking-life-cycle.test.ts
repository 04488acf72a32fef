// @vitest-environment node
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type Booking,
  createBooking,
  EVENTS,
  nextStep,
  type RequestEvent,
  type RequestState,
  requestState,
  STATES,
} from '../../../server/booking';
import { type Db, openDatabase } from '../../../server/db/client';
import { customers, orderHolds, orders, productGroups, products } from '../../../server/db/schema';

/** The table as a person reads it: what each event does in each state ('-' changes nothing; '!' re-checks stock). */
const NOTHING = { hand_over: '-', return: '-', change: '-' };
const CHANGE = { hand_over: '-', return: '-' };
const EXPECTED: Record<RequestState, Record<RequestEvent, string>> = {
  holding: {
    ...{ confirm: 'confirmed!', decline: 'declined', cancel: 'cancelled', extend: 'holding', lapse: 'lapsed' },
    ...{ ...CHANGE, change: 'holding!' },
  },
  lapsed: {
    ...{ confirm: 'confirmed!', decline: 'declined', cancel: 'cancelled', extend: 'holding!', lapse: '-' },
    ...{ ...CHANGE, change: 'holding!' },
  },
  not_held: {
    ...{ confirm: 'confirmed!', decline: 'declined', cancel: 'cancelled', extend: 'holding!', lapse: '-' },
    ...{ ...CHANGE, change: 'holding!' },
  },
  confirmed: {
    ...{ confirm: '-', decline: '-', cancel: 'cancelled', extend: '-', lapse: '-' },
    ...{ hand_over: 'out', return: 'returned', change: 'confirmed!' },
  },
  declined: { confirm: '-', decline: '-', cancel: '-', extend: '-', lapse: '-', ...NOTHING },
  cancelled: { confirm: '-', decline: '-', cancel: '-', extend: '-', lapse: '-', ...NOTHING },
  out: { confirm: '-', decline: '-', cancel: '-', extend: '-', lapse: '-', ...NOTHING, return: 'returned' },
  returned: { confirm: '-', decline: '-', cancel: '-', extend: '-', lapse: '-', ...NOTHING },
};

describe('the request life cycle table', () => {
  it('says what every event does in every state', () => {
    expect(STATES.sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const state of STATES) {
      for (const event of EVENTS) {
        const step = nextStep(state, event);
        const read = step.kind === 'unchanged' ? '-' : `${step.to}${step.recheck ? '!' : ''}`;
        expect(`${state} + ${event} = ${read}`).toBe(`${state} + ${event} = ${EXPECTED[state][event]}`);
      }
    }
  });

  it('reads a request’s state from its decision, else its holds at the time', () => {
    const now = new Date('2027-03-01T00:00:00Z');
    const later = '2027-03-02T00:00:00.000Z';
    const earlier = '2027-02-28T00:00:00.000Z';
    expect(requestState('declined', [{ state: 'held', expiresAt: later }], now)).toBe('declined');
    expect(requestState(null, [{ state: 'held', expiresAt: later }], now)).toBe('holding');
    expect(requestState(null, [{ state: 'held', expiresAt: earlier }], now)).toBe('lapsed');
    expect(requestState(null, [{ state: 'lapsed', expiresAt: earlier }], now)).toBe('lapsed');
    expect(requestState(null, [{ state: 'wanted', expiresAt: null }], now)).toBe('not_held');
    expect(requestState(null, [], now)).toBe('not_held');
    // Once confirmed: out when handed over, back when returned, out again while pieces are missing.
    const booked = [{ state: 'confirmed', expiresAt: null, holdTo: '2027-03-22' }];
    const missing = [...booked, { state: 'confirmed', expiresAt: null, holdTo: '9999-12-31' }];
    expect(requestState('confirmed', booked, now)).toBe('confirmed');
    expect(requestState('confirmed', booked, now, { handedOverOn: '2027-03-19', returnedOn: null })).toBe('out');
    expect(requestState('confirmed', booked, now, { handedOverOn: '2027-03-19', returnedOn: '2027-03-22' })).toBe(
      'returned',
    );
    expect(requestState('confirmed', missing, now, { handedOverOn: '2027-03-19', returnedOn: '2027-03-22' })).toBe(
      'out',
    );
  });
});

/**
 * Each transition through the booking module itself, with no HTTP: an in-memory database holding one
 * product of two units, and a clock the test moves.
 */
describe('every transition, through the booking module', () => {
  const HIRE_DATE = '2027-03-20';
  let db: Db;
  let now: Date;
  let booking: Booking;
  let number = 1000;

  beforeEach(async () => {
    db = await openDatabase({ url: ':memory:' });
    now = new Date('2027-03-01T01:00:00Z');
    booking = createBooking({
      settings: () => ({ holdDays: 7, hireDays: { pickup: [4, 5], return: [1] }, timeZone: 'Australia/Sydney' }),
      clock: () => now,
    });
    await db.insert(productGroups).values({
      id: 'g1',
      slug: 'arch',
      name: 'Arch',
      description: '',
      basePriceInCents: 10_000,
      variationFields: [],
      position: 1,
    });
    await db.insert(products).values({
      id: 'p1',
      productGroupId: 'g1',
      name: 'Arch',
      variationValues: [],
      basePriceInCents: 10_000,
      stockCount: 2,
      position: 1,
    });
    await db
      .insert(customers)
      .values({ id: 'c1', name: 'Ava', email: 'ava@example.com', updatedAt: now.toISOString() });
  });
  afterEach(() => db.$client.close());

  /** A new request for `quantity` arches, held when they are free (or, with a problem, never held). */
  async function request(quantity: number, problems: string[] = []) {
    const id = `o${++number}`;
    await db.transaction(async (tx) => {
      await tx.insert(orders).values({
        id,
        number,
        customerId: 'c1',
        startsAt: `${HIRE_DATE}T00:00:00Z`,
        stopsAt: `${HIRE_DATE}T23:59:59Z`,
        fulfillmentType: 'pickup',
        status: 'reserved',
        subtotalInCents: quantity * 10_000,
      });
      await booking.request(tx, {
        orderId: id,
        hireDate: HIRE_DATE,
        fulfilment: 'pickup',
        needs: new Map([['p1', quantity]]),
        problems,
      });
    });
    return id;
  }
  const kindOf = async (id: string) => (await booking.state(db, id))?.kind;
  const holdStates = async (id: string) =>
    (await db.select({ state: orderHolds.state }).from(orderHolds).where(eq(orderHolds.orderId, id))).map(
      (r) => r.state,
    );
  const decide = (id: string, action: 'confirm' | 'decline' | 'cancel') =>
    db.transaction((tx) => booking.decide(tx, id, action, 'system'));
  const extend = (id: string, days = 3) => db.transaction((tx) => booking.extend(tx, id, days, 'system'));
  const sweep = () => db.transaction((tx) => booking.sweep(tx));
  const handOver = (id: string, day = booking.today()) =>
    db.transaction((tx) => booking.handOver(tx, id, day, 'system'));
  const recordReturn = (id: string, day = booking.today()) =>
    db.transaction((tx) =>
      booking.recordReturn(tx, id, { day, missing: new Map(), damaged: new Map(), note: null }, 'system'),
    );
  const lapse = async () => {
    now = new Date(now.getTime() + 8 * 86_400_000);
    await sweep();
  };

  /** A request brought to a state by the events that lead there. */
  async function requestIn(state: RequestState): Promise<string> {
    if (state === 'not_held') return request(1, ['An item is no longer for hire']);
    const id = await request(1);
    if (state === 'lapsed') await lapse();
    if (state === 'declined' || state === 'cancelled') await decide(id, state === 'declined' ? 'decline' : 'cancel');
    if (state === 'confirmed' || state === 'out' || state === 'returned') await decide(id, 'confirm');
    if (state === 'out' || state === 'returned') await handOver(id);
    if (state === 'returned') await recordReturn(id);
    expect(await kindOf(id)).toBe(state);
    return id;
  }

  const apply = async (id: string, event: RequestEvent) => {
    if (event === 'extend') return (await extend(id)).kind;
    if (event === 'lapse') {
      now = new Date(now.getTime() + 8 * 86_400_000);
      await sweep();
      return 'swept';
    }
    if (event === 'hand_over') return (await handOver(id)).kind;
    if (event === 'change') {
      const input = { hireDate: HIRE_DATE, fulfilment: 'pickup' as const, needs: new Map([['p1', 2]]), problems: [] };
      return (await db.transaction((tx) => booking.change(tx, id, input, 'system'))).kind;
    }
    if (event === 'return') return (await recordReturn(id)).kind;
    return (await decide(id, event)).kind;
  };

  for (const state of STATES) {
    for (const event of EVENTS) {
      const step = nextStep(state, event);
      it(`${state} + ${event} → ${step.kind === 'move' ? step.to : 'unchanged'}`, async () => {
        const id = await requestIn(state);
        const outcome = await apply(id, event);
        if (event !== 'lapse') expect(outcome).toBe(step.kind === 'move' ? 'applied' : 'unchanged');
        expect(await kindOf(id)).toBe(step.kind === 'move' ? step.to : state);
      });
    }
  }

  it('not_held: confirming and more time are refused while an item has no product to hold; declining releases it', async () => {
    const id = await requestIn('not_held');
    await db
      .update(orders)
      .set({ unplaced: ['Table setting: no plate chosen'] })
      .where(eq(orders.id, id));
    expect(await decide(id, 'confirm')).toMatchObject({
      kind: 'refused',
      unplaced: ['Table setting: no plate chosen'],
    });
    expect((await extend(id)).kind).toBe('refused');
    expect(await kindOf(id)).toBe('not_held');
    expect((await decide(id, 'decline')).kind).toBe('applied');
    expect(await holdStates(id)).toEqual(['released']);
  });

  it('re-checks stock: a lapsed request cannot be confirmed or held again once others hold its units', async () => {
    const first = await requestIn('lapsed');
    const second = await request(2);
    expect(await kindOf(second)).toBe('holding');
    const refused = await decide(first, 'confirm');
    expect(refused).toMatchObject({ kind: 'refused', shortfalls: [{ name: 'Arch', needed: 1, free: 0 }] });
    expect((await extend(first)).kind).toBe('refused');
    expect(await kindOf(first)).toBe('lapsed');
    // Once the other request is declined, the units are free again and the lapsed one holds.
    await decide(second, 'decline');
    expect((await extend(first)).kind).toBe('applied');
    expect(await kindOf(first)).toBe('holding');
  });

  it('confirming holds the units until the window ends; cancelling a confirmed request releases them', async () => {
    const id = await requestIn('holding');
    await decide(id, 'confirm');
    expect(await holdStates(id)).toEqual(['confirmed']);
    now = new Date(now.getTime() + 30 * 86_400_000);
    await sweep();
    expect(await kindOf(id)).toBe('confirmed');
    await decide(id, 'cancel');
    expect(await holdStates(id)).toEqual(['released']);
  });
});
