import { asc, eq, inArray, sql } from 'drizzle-orm';
import { handOverTimeText } from '../../src/lib/api-contract/hold-window';
import type { Db } from '../db/client';
import { bundles, customers, orderLines, orders, productGroups, products } from '../db/schema';
import { NotFound } from '../lib/domain-errors';
import { emailPhotoUrl, publicOrigin } from '../lib/public-origin';
import type { MailContext } from '../services/context';
import { type PricedLine, storedLineOf } from '../services/order-lines';
import type { OrderView } from './order-view';
import { ownLinesOf, ownLineView } from './own-lines';

type OrderInsert = typeof orders.$inferInsert;
interface CustomerDetails {
  name: string;
  /** Null for a customer taken by phone with no email address: they get no emails. */
  email: string | null;
  phone: string | null;
}

/** A request's view from what its own transaction wrote (its emails are queued in that transaction). */
export function requestView(
  ctx: MailContext,
  order: OrderInsert & { id: string },
  customer: CustomerDetails,
  lines: PricedLine[],
  problem: string | null,
): OrderView {
  const origin = publicOrigin(ctx.config);
  return {
    orderId: order.id,
    customerName: customer.name,
    customerPhone: customer.phone ?? '',
    hireDate: order.startsAt.slice(0, 10),
    lastDay: (order.stopsAt ?? order.startsAt).slice(0, 10),
    fulfilment: order.fulfillmentType,
    pickup:
      order.fulfillmentType === 'pickup'
        ? ctx.booking.window(order.startsAt.slice(0, 10), 'pickup', (order.stopsAt ?? order.startsAt).slice(0, 10))
        : null,
    deliveryAddress: order.deliveryAddress ?? null,
    notes: order.notes ?? null,
    wantsSignage: order.wantsSignage ?? false,
    items: lines.map((line) => ({
      name: line.title,
      quantity: line.quantity,
      priceCents: line.priceInCents,
      variations: line.choices,
      photoUrl: emailPhotoUrl(origin, line.photoUrl),
    })),
    deliveryFee:
      order.fulfillmentType === 'delivery' && order.deliveryFeeInCents != null
        ? { label: order.deliveryFeeLabel ?? 'Delivery', cents: order.deliveryFeeInCents }
        : null,
    pricesIncludeGst: order.pricesIncludeGst ?? false,
    ownLines: [],
    gstFreeCents: order.gstFreeInCents ?? 0,
    subtotalCents: order.subtotalInCents,
    shopUrl: origin,
    problem,
    brand: ctx.business(),
  };
}

/** The photo of each line's item (a product's group photo, a bundle's own), by line id. */
async function linePhotos(
  db: Pick<Db, 'select'>,
  lines: (typeof orderLines.$inferSelect)[],
): Promise<Map<string, string | null>> {
  const productIds = lines.filter((line) => line.itemType === 'products').map((line) => line.itemId);
  const bundleIds = lines.filter((line) => line.itemType === 'bundles').map((line) => line.itemId);
  const productPhotos = productIds.length
    ? await db
        .select({
          id: products.id,
          photoUrl: sql<string | null>`coalesce(${products.photoUrl}, ${productGroups.photoUrl})`,
        })
        .from(products)
        .innerJoin(productGroups, eq(productGroups.id, products.productGroupId))
        .where(inArray(products.id, productIds))
    : [];
  const bundlePhotos = bundleIds.length
    ? await db
        .select({ id: bundles.id, photoUrl: bundles.photoUrl })
        .from(bundles)
        .where(inArray(bundles.id, bundleIds))
    : [];
  const byItem = new Map([...productPhotos, ...bundlePhotos].map((row) => [row.id, row.photoUrl]));
  return new Map(lines.map((line) => [line.id, byItem.get(line.itemId) ?? null]));
}

/** A stored request's view, read back from the database, with its order and customer rows. */
export async function storedOrderView(db: Pick<Db, 'select'>, ctx: MailContext, orderId: string) {
  const [row] = await db
    .select({ order: orders, customer: customers })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId));
  if (!row) throw new NotFound(`Order ${orderId}`);
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  const chosenIds = lines.flatMap((line) =>
    (line.bundleVariations as { productId?: unknown }[]).map((v) => String(v.productId ?? '')),
  );
  const chosen = chosenIds.length
    ? await db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, chosenIds))
    : [];
  const names = new Map(chosen.map((p) => [p.id, p.name]));
  const photos = await linePhotos(db, lines);
  const own = await ownLinesOf(db, orderId);
  const { order, customer } = row;
  const priced: PricedLine[] = lines.map((line) => ({
    ...storedLineOf(line),
    photoUrl: photos.get(line.id) ?? null,
    choices: (line.bundleVariations as { productId?: unknown }[])
      .map((v) => names.get(String(v.productId ?? '')))
      .filter((name): name is string => name !== undefined),
    products: [],
  }));
  const problem = order.status === 'reserved' ? null : (order.problem ?? 'Our team will finish this order by hand.');
  const view = requestView(ctx, order, customer, priced, problem);
  view.handOverTime = handOverTimeText(order.handOverFrom, order.handOverTo);
  view.ownLines = own.map(ownLineView);
  return { view, order, customer };
}
