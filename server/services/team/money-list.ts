import { and, eq, gte, isNotNull } from 'drizzle-orm';
import { addDays } from '../../../src/lib/api-contract/hold-window';
import { cancellations, customers, orders } from '../../db/schema';
import { moneyOf, moneySettingsOf } from '../../money';
import { bondSettlementOf } from '../bond-settlement';
import { cancellationOf } from '../cancellation';
import type { ServiceContext } from '../context';

/** One thing owed, to the business or by it: what the Money page lists, soonest due first. */
export interface Outstanding {
  orderId: string;
  customerName: string;
  what: 'Deposit' | 'Balance and bond' | 'Bond to return' | 'Refund to pay back';
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
  const [confirmed, cancelled] = await Promise.all([
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
  ]);
  const rows: Outstanding[] = [];
  for (const order of confirmed) {
    const money = await moneyOf(db, order.id, settings);
    if (!money) continue;
    const base = { orderId: order.id, customerName: order.name };
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
  return rows.sort((a, b) => a.due.localeCompare(b.due) || Number(a.orderId) - Number(b.orderId));
}
