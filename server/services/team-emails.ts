import { eq, inArray } from 'drizzle-orm';
import { holdWindow } from '../../src/lib/api-contract/hold-window';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { orderHolds, orderLines, orders, products } from '../db/schema';
import { publicOrigin } from '../lib/public-origin';
import { ORDER_ACTIONS, type OrderAction, signAction } from './action-tokens';
import { peakHeld } from './availability';
import type { OrderEmailView } from './email-templates';
import type { Mailer, SentEmail } from './mailer';
import { renderTeamEmail } from './team-email-templates';

export interface TeamEmailDeps {
  db: Db;
  mailer: Mailer;
  config: ServerConfig;
  secret: string;
  clock: () => Date;
}

/** The products a request asks for: those it holds, or (holding nothing) those its lines name. */
async function productsOf(db: Db, orderId: string): Promise<string[]> {
  const held = await db.select({ id: orderHolds.productId }).from(orderHolds).where(eq(orderHolds.orderId, orderId));
  if (held.length) return [...new Set(held.map((row) => row.id))];
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const ids = lines.flatMap((line) => [
    ...(line.itemType === 'products' ? [line.itemId] : []),
    ...(line.bundleVariations as { productId?: unknown }[]).map((v) => String(v.productId ?? '')),
  ]);
  return [...new Set(ids.filter(Boolean))];
}

/** The team's address for an action on an order: a page at /team/requests/{token}. */
export const actionLink = (origin: string, token: string) => `${origin}/team/requests/${token}`;

/** The team's own email of a stored request, with its signed Confirm, Decline and Cancel links. */
export async function sendTeamEmail(
  deps: TeamEmailDeps,
  view: OrderEmailView,
  customerEmail: string,
): Promise<SentEmail> {
  const { db, config } = deps;
  const now = deps.clock();
  const [order] = await db.select().from(orders).where(eq(orders.id, view.orderId));
  if (!order) throw new Error(`Order ${view.orderId} vanished`);
  const window = holdWindow(order.startsAt.slice(0, 10), order.fulfillmentType);
  const ids = await productsOf(db, order.id);
  const [rows, held] = await Promise.all([
    ids.length
      ? db
          .select({ id: products.id, name: products.name, stock: products.stockCount })
          .from(products)
          .where(inArray(products.id, ids))
      : Promise.resolve([]),
    peakHeld(db, window, now, ids),
  ]);
  const origin = publicOrigin(config);
  const links = Object.fromEntries(
    ORDER_ACTIONS.map((action) => [action, actionLink(origin, signAction(deps.secret, order.id, action, now))]),
  ) as Record<OrderAction, string>;
  return deps.mailer.send({
    kind: 'order_team',
    to: config.businessEmail,
    replyTo: customerEmail,
    payload: { orderId: order.id },
    orderId: order.id,
    ...renderTeamEmail({
      order: view,
      customerEmail,
      window,
      free: rows.map((row) => ({
        name: row.name,
        stock: row.stock,
        free: Math.max(0, row.stock - (held.get(row.id) ?? 0)),
      })),
      manual: order.status !== 'reserved',
      links,
      holdDays: config.holdDays,
    }),
  });
}
