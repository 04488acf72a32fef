import { eq } from 'drizzle-orm';
import { waiverCents } from '../../src/lib/api-contract/damage-waiver';
import { formatMoney } from '../../src/lib/api-contract/money';
import { orders } from '../db/schema';
import { addWaiverLine, hasWaiver, hireCentsOf } from '../orders';
import type { ServiceContext } from './context';
import { announceChange } from './team/change-effects';

export type WaiverOutcome =
  | { kind: 'taken'; cents: number }
  | { kind: 'already' }
  | { kind: 'not_offered' }
  | { kind: 'closed' }
  | { kind: 'not_found' };

/**
 * The customer takes the damage waiver on their booking page (issue 61), where the business offers
 * it in the shop, before the items go out. In one write transaction: the waiver's line, the subtotal,
 * for an invoiced booking a credit note and a new tax invoice, the customer's email and the log.
 */
export async function takeWaiver(deps: ServiceContext, orderId: string): Promise<WaiverOutcome> {
  const waiver = deps.business().payments.damageWaiver;
  if (!waiver?.inShop) return { kind: 'not_offered' };
  const now = deps.clock();
  return deps.db.transaction(async (tx): Promise<WaiverOutcome> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!order) return { kind: 'not_found' };
    if (order.decision === 'declined' || order.decision === 'cancelled' || order.handedOverOn)
      return { kind: 'closed' };
    if (await hasWaiver(tx, orderId)) return { kind: 'already' };
    const feeCents = order.fulfillmentType === 'delivery' ? (order.deliveryFeeInCents ?? 0) : 0;
    const cents = waiverCents(await hireCentsOf(tx, orderId), waiver);
    await addWaiverLine(tx, orderId, waiver, feeCents);
    const [after] = await tx.select({ subtotal: orders.subtotalInCents }).from(orders).where(eq(orders.id, orderId));
    await announceChange(tx, deps, {
      orderId,
      changes: [`Added: Damage waiver: ${formatMoney(cents)}`],
      by: 'customer',
      now,
      before: { subtotalInCents: order.subtotalInCents },
      after: { subtotalInCents: after?.subtotal ?? order.subtotalInCents, waiver: true },
    });
    return { kind: 'taken', cents };
  });
}
