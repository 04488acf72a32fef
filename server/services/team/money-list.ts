import { and, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import { addDays } from '../../../src/lib/api-contract/hold-window';
import { cancellations, customers, orders, payments } from '../../db/schema';
import { moneyOfMany, moneySettingsOf, payBacksOf } from '../../money';
import { bondSettlementOf } from '../bond-settlement';
import { cancellationOf } from '../cancellation';
import type { ServiceContext } from '../context';

/** One thing owed, to the business or by it: what the Money page lists, soonest due first. */
export interface Outstanding {
  orderId: string;
  customerName: string;
  what: 'Deposit' | 'Balance and bond' | 'Bond to return' | 'Refund to pay back' | 'Paid beyond what is owed';
  cents: number;
  /** The day it is due (YYYY-MM-DD); before today: overdue. */
  due: string;
  /** Owed to the business (a payment to come), or by it (money to pay back). */
  direction: 'in' | 'out';
}

/** How far back a booking is still looked at: its bond or a refund may wait on the team that long. */
const LOOK_BACK_DAYS = 400;

/**
 * Everything outstanding, soonest due first: deposits and balances (with bonds) owed on confirmed
 * bookings, bonds to return after the return, and cancelled bookings' refunds still to pay back.
 */
export async function outstanding(deps: ServiceContext): Promise<Outstanding[]> {
  const { db } = deps;
  const business = deps.business();
  const settings = moneySettingsOf(business);
  const since = addDays(deps.booking.today(), -LOOK_BACK_DAYS);
  const [confirmed, cancelled, notGoingAhead] = await Promise.all([
    db
      .select({ id: orders.id, name: customers.name, returnedOn: orders.returnedOn })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(and(eq(orders.decision, 'confirmed'), gte(orders.startsAt, since))),
    db
      .select({ id: cancellations.orderId, name: customers.name })
      .from(cancellations)
      .innerJoin(orders, eq(orders.id, cancellations.orderId))
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(and(isNotNull(cancellations.orderId), gte(cancellations.cancelledOn, since))),
    // Declined or cancelled requests that hold money (a card session paid after the answer).
    db
      .selectDistinct({ id: orders.id, name: customers.name })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .innerJoin(payments, eq(payments.orderId, orders.id))
      .where(and(inArray(orders.decision, ['declined', 'cancelled']), gte(orders.startsAt, since))),
  ]);
  const today = deps.booking.today();
  // Every booking's money in a few set-wise reads (10,000 bookings: one page answer, not thousands of reads).
  const monies = await moneyOfMany(
    db,
    [...new Set([...confirmed, ...notGoingAhead].map((order) => order.id))],
    settings,
  );
  const payBacks = await payBacksOf(db, monies);
  const payBackRow = async (order: { id: string; name: string }) => {
    const payBack = payBacks.get(order.id);
    if (payBack) {
      rows.push({
        orderId: order.id,
        customerName: order.name,
        what: 'Paid beyond what is owed',
        cents: payBack.hireCents + payBack.bondCents,
        due: today,
        direction: 'out',
      });
    }
  };
  const rows: Outstanding[] = [];
  for (const order of confirmed) {
    const money = monies.get(order.id);
    if (!money) continue;
    const base = { orderId: order.id, customerName: order.name };
    await payBackRow(order);
    if (order.returnedOn) {
      // Before it is settled, the whole bond paid waits; after, what is left to pay back of its refund.
      const settled = await bondSettlementOf(deps, order.id);
      const cents = settled ? settled.owedCents : money.bondPaidCents;
      if (cents > 0) rows.push({ ...base, what: 'Bond to return', cents, due: order.returnedOn, direction: 'out' });
      continue;
    }
    if (money.depositOwedCents > 0) {
      rows.push({
        ...base,
        what: 'Deposit',
        cents: money.depositOwedCents,
        due: money.schedule.deposit.due,
        direction: 'in',
      });
    }
    const rest = money.balanceOwedCents + money.bondOwedCents;
    if (rest > 0) {
      rows.push({
        ...base,
        what: 'Balance and bond',
        cents: rest,
        due: money.schedule.balance?.due ?? money.schedule.bond.due,
        direction: 'in',
      });
    }
  }
  for (const order of cancelled) {
    const record = await cancellationOf(db, order.id);
    if (record && record.owedCents > 0) {
      rows.push({
        orderId: order.id,
        customerName: order.name,
        what: 'Refund to pay back',
        cents: record.owedCents,
        due: record.cancelledOn,
        direction: 'out',
      });
    }
  }
  for (const order of notGoingAhead) await payBackRow(order);
  // Days as YYYY-MM-DD compare as text (no locale's collation: thousands of rows).
  return rows.sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : Number(a.orderId) - Number(b.orderId)));
}
