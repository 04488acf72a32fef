import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, orders } from '../../db/schema';
import { enqueueMail } from '../../mail/queue';
import { storedOrderView } from '../../orders';
import type { ServiceContext } from '../context';
import { reissueInvoice } from '../documents';
import { renderChangeEmail } from '../emails';
import { type Acting, logActivity } from './activity';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * What follows any change the team makes to a request's lines or prices, inside the change's own
 * transaction: an invoiced booking gets a new tax invoice and a credit note for the old one, the
 * customer is emailed what changed (with both attached), and the activity log keeps the before and after.
 */
export async function announceChange(
  tx: Tx,
  deps: ServiceContext,
  change: {
    orderId: string;
    changes: string[];
    by: Acting;
    now: Date;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  },
): Promise<void> {
  const { orderId, changes, now } = change;
  const [row] = await tx
    .select({ email: customers.email })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId));
  const reissued = await reissueInvoice(tx, deps, orderId, now);
  if (reissued) {
    changes.push(
      `Tax invoice ${reissued.invoice.number} replaces the earlier one (credit note ${reissued.creditNote.number})`,
    );
  }
  const { view } = await storedOrderView(tx, deps, orderId);
  if (row?.email) {
    await enqueueMail(
      tx,
      {
        kind: 'order_changed',
        to: row.email,
        payload: { orderId, changes },
        orderId,
        dedupeKey: `order_changed:${orderId}:${now.toISOString()}`,
        ...(reissued ? { attachments: [reissued.invoice.id, reissued.creditNote.id] } : {}),
        ...renderChangeEmail(view, changes),
      },
      now,
    );
  }
  await logActivity(
    tx,
    change.by,
    {
      kind: 'changed',
      subjectType: 'request',
      subjectId: orderId,
      summary: `Changed request ${orderId}: ${changes.join('; ')}`,
      before: change.before,
      after: change.after,
    },
    now,
  );
}
