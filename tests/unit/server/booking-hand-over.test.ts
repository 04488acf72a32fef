// @vitest-environment node
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Booking, createBooking } from '../../../server/booking';
import { type Db, openDatabase } from '../../../server/db/client';
import { customers, orders, productGroups, products } from '../../../server/db/schema';

/**
 * Hand-over and return through the booking module, with no HTTP: one product of 4 units, requests
 * picked up on Thursday 18 March 2027 and back on Monday 22 March, and a clock the test moves.
 */
describe('hand-over and return', () => {
  const HIRE_DATE = '2027-03-20';
  let db: Db;
  let now: Date;
  let booking: Booking;
  let number = 2000;

  beforeEach(async () => {
    db = await openDatabase({ url: ':memory:' });
    now = new Date('2027-03-01T01:00:00Z');
    booking = createBooking({
      settings: () => ({ holdDays: 7, hireDays: { pickup: [4, 5], return: [1] }, timeZone: 'Australia/Sydney' }),
      clock: () => now,
    });
    await db.insert(productGroups).values({
      id: 'g1',
      slug: 'chair',
      name: 'Chair',
      description: '',
      basePriceInCents: 1_000,
      variationFields: [],
      position: 1,
    });
    await db.insert(products).values({
      id: 'p1',
      productGroupId: 'g1',
      name: 'Crossback chair',
      variationValues: [],
      basePriceInCents: 1_000,
      stockCount: 4,
      position: 1,
    });
    await db
      .insert(customers)
      .values({ id: 'c1', name: 'Ava', email: 'ava@example.com', updatedAt: now.toISOString() });
  });
  afterEach(() => db.$client.close());

  /** A confirmed request for `quantity` chairs on a hire date. */
  async function confirmed(quantity: number, hireDate = HIRE_DATE) {
    const id = `o${++number}`;
    await db.transaction(async (tx) => {
      await tx.insert(orders).values({
        id,
        number,
        customerId: 'c1',
        startsAt: `${hireDate}T00:00:00Z`,
        stopsAt: `${hireDate}T23:59:59Z`,
        fulfillmentType: 'pickup',
        status: 'reserved',
        subtotalInCents: quantity * 1_000,
      });
      await booking.request(tx, {
        orderId: id,
        hireDate,
        fulfilment: 'pickup',
        needs: new Map([['p1', quantity]]),
        problems: [],
      });
      expect((await booking.decide(tx, id, 'confirm', 'system')).kind).toBe('applied');
    });
    return id;
  }
  const at = (day: string) => {
    now = new Date(`${day}T01:00:00Z`);
  };
  const handOver = (id: string, day: string) => db.transaction((tx) => booking.handOver(tx, id, day, 'system'));
  const back = (id: string, day: string, missing = 0, damaged = 0) =>
    db.transaction((tx) =>
      booking.recordReturn(
        tx,
        id,
        {
          day,
          missing: new Map([['p1', missing]]),
          damaged: new Map([['p1', damaged]]),
          note: missing ? 'Two left at the venue' : null,
        },
        'system',
      ),
    );
  /** Chairs held on the busiest day of a window (of 4 in stock). */
  const held = async (from: string, to: string) => (await booking.peakHeld(db, { from, to }, ['p1'])).get('p1') ?? 0;
  const kind = async (id: string) => (await booking.state(db, id))?.kind;

  it('records a pickup a day early: the hold starts that day, and the request is out', async () => {
    const id = await confirmed(3);
    expect(await held('2027-03-17', '2027-03-17')).toBe(0);
    at('2027-03-17');
    expect((await handOver(id, '2027-03-17')).kind).toBe('applied');
    expect(await kind(id)).toBe('out');
    expect(await held('2027-03-17', '2027-03-17')).toBe(3);
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    expect(row?.handedOverOn).toBe('2027-03-17');
    // Twice is once: the second changes nothing.
    expect((await handOver(id, '2027-03-18')).kind).toBe('unchanged');
  });

  it('an early return frees the days after it', async () => {
    const id = await confirmed(3);
    at('2027-03-18');
    await handOver(id, '2027-03-18');
    at('2027-03-21');
    expect((await back(id, '2027-03-21')).kind).toBe('applied');
    expect(await kind(id)).toBe('returned');
    expect(await held('2027-03-22', '2027-03-22')).toBe(0);
    expect(await held('2027-03-21', '2027-03-21')).toBe(3);
  });

  it('a partial return keeps the missing pieces out, with no end, until a later return counts them back', async () => {
    const id = await confirmed(3);
    at('2027-03-18');
    await handOver(id, '2027-03-18');
    at('2027-03-22');
    const partly = await back(id, '2027-03-22', 2, 1);
    expect(partly).toMatchObject({ kind: 'applied', state: 'out', report: { missing: { p1: 2 }, damaged: { p1: 1 } } });
    expect(await kind(id)).toBe('out');
    expect((await booking.stillOut(db, [id])).get(id)).toEqual({ reason: 'missing', since: '2027-03-23' });
    // A request months later finds only 2 of 4 chairs.
    expect(await held('2027-09-01', '2027-09-03')).toBe(2);
    const later = `o${number + 1}`;
    await db.transaction(async (tx) => {
      await tx.insert(orders).values({
        id: later,
        number: number + 1,
        customerId: 'c1',
        startsAt: '2027-09-04T00:00:00Z',
        stopsAt: '2027-09-04T23:59:59Z',
        fulfillmentType: 'pickup',
        status: 'reserved',
        subtotalInCents: 3_000,
      });
      const outcome = await booking.request(tx, {
        orderId: later,
        hireDate: '2027-09-04',
        fulfilment: 'pickup',
        needs: new Map([['p1', 3]]),
        problems: [],
      });
      expect(outcome.held).toBe(false);
      expect(outcome.shortfalls).toMatchObject([{ name: 'Crossback chair', needed: 3, free: 2, heldBy: [id] }]);
    });
    number++;
    // The two turn up a week later: everything is back.
    at('2027-03-29');
    expect(await back(id, '2027-03-29', 0)).toMatchObject({ kind: 'applied', state: 'returned' });
    expect(await kind(id)).toBe('returned');
    expect(await held('2027-09-01', '2027-09-03')).toBe(0);
    expect(await held('2027-03-25', '2027-03-25')).toBe(2);
    expect(await booking.stillOut(db, [id])).toEqual(new Map());
  });

  it('a request not back after its return day is late: the sweep keeps its pieces out until they are recorded back', async () => {
    const id = await confirmed(3);
    const next = await confirmed(2, '2027-04-03');
    at('2027-03-18');
    await handOver(id, '2027-03-18');
    at('2027-03-22');
    expect((await db.transaction((tx) => booking.sweep(tx))).late).toEqual([]);
    at('2027-03-23');
    expect((await db.transaction((tx) => booking.sweep(tx))).late).toEqual([id]);
    expect((await db.transaction((tx) => booking.sweep(tx))).late).toEqual([]);
    expect((await booking.stillOut(db, [id])).get(id)).toEqual({ reason: 'late', since: '2027-03-23' });
    // The next booking's chairs are over-promised: 3 out late and 2 confirmed, of 4.
    expect(await held('2027-04-01', '2027-04-05')).toBe(5);
    expect(await booking.availability(db, next)).toMatchObject([{ needed: 2, free: 1 }]);
    // Back on the 25th: free from the 26th.
    at('2027-03-25');
    expect(await back(id, '2027-03-25')).toMatchObject({ kind: 'applied', state: 'returned' });
    expect(await held('2027-03-24', '2027-03-25')).toBe(3);
    expect(await held('2027-03-26', '2027-03-31')).toBe(0);
    expect(await booking.availability(db, next)).toMatchObject([{ needed: 2, free: 4 }]);
  });

  it('turnaround: an item is busy its turnaround days after the return day, and after an early return', async () => {
    await db.update(products).set({ turnaroundDays: 2 }).where(eq(products.id, 'p1'));
    const id = await confirmed(3);
    // Back Monday 22 March; cleaning takes Tuesday and Wednesday.
    expect(await held('2027-03-24', '2027-03-24')).toBe(3);
    expect(await held('2027-03-25', '2027-03-25')).toBe(0);
    // A delivery for Wednesday 24th (out from the day before) finds 1 of 4 free: short, it holds nothing.
    const week = `o${++number}`;
    await db.transaction(async (tx) => {
      await tx.insert(orders).values({
        id: week,
        number,
        customerId: 'c1',
        startsAt: '2027-03-24T00:00:00Z',
        stopsAt: '2027-03-24T23:59:59Z',
        fulfillmentType: 'delivery',
        status: 'reserved',
        subtotalInCents: 2_000,
      });
      const outcome = await booking.request(tx, {
        orderId: week,
        hireDate: '2027-03-24',
        fulfilment: 'delivery',
        needs: new Map([['p1', 2]]),
        problems: [],
      });
      expect(outcome.held).toBe(false);
      expect(outcome.shortfalls).toMatchObject([{ needed: 2, free: 1, heldBy: [id] }]);
    });
    // Back early, on Saturday 20th: busy through Monday 22nd only.
    at('2027-03-18');
    await handOver(id, '2027-03-18');
    at('2027-03-20');
    await back(id, '2027-03-20');
    expect(await held('2027-03-22', '2027-03-22')).toBe(3);
    expect(await held('2027-03-23', '2027-03-24')).toBe(0);
  });

  it('turnaround: a new request counts its own turnaround days against the next hire', async () => {
    await db.update(products).set({ turnaroundDays: 4 }).where(eq(products.id, 'p1'));
    const next = await confirmed(2, '2027-03-27');
    // 3 chairs back Monday 22nd stay busy to Friday 26th, when 2 of the 4 go out for the 27th.
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
        subtotalInCents: 3_000,
      });
      const outcome = await booking.request(tx, {
        orderId: id,
        hireDate: HIRE_DATE,
        fulfilment: 'pickup',
        needs: new Map([['p1', 3]]),
        problems: [],
      });
      expect(outcome.held).toBe(false);
      expect(outcome.shortfalls).toMatchObject([
        { needed: 3, free: 2, days: [{ from: '2027-03-26', to: '2027-03-26', free: 2 }], heldBy: [next] },
      ]);
    });
  });

  it('refuses a return before the hand-over, and more pieces missing than were booked; a confirmed one cannot be cancelled once out', async () => {
    const id = await confirmed(3);
    at('2027-03-18');
    await handOver(id, '2027-03-18');
    expect(await back(id, '2027-03-17')).toMatchObject({ kind: 'before_hand_over', handedOverOn: '2027-03-18' });
    expect(await back(id, '2027-03-18', 4)).toMatchObject({ kind: 'too_many', productId: 'p1', booked: 3 });
    expect(await kind(id)).toBe('out');
    expect((await db.transaction((tx) => booking.decide(tx, id, 'cancel', 'system'))).kind).toBe('unchanged');
  });
});
