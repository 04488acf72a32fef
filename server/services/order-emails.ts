import { and, asc, eq, inArray } from 'drizzle-orm';
import { type EmailBody, FALLBACK_ORDER_ID, totalsWithGst } from '../../src/lib/api-contract';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { bundles, customers, emailOutbox, orderLines, orders, productGroups, products } from '../db/schema';
import { notFound } from '../lib/http';
import { absolutePhotoUrl, publicOrigin } from '../lib/public-origin';
import { tooMany } from '../middleware/rate-limit';
import {
  type OrderEmailView,
  renderAcknowledgementEmail,
  renderFallbackEmail,
  renderOrderEmail,
} from './email-templates';
import type { Mailer, SentEmail } from './mailer';
import type { RateLimiter } from './rate-limiter';
import { sendTeamEmail } from './team-emails';

export interface OrderEmailDeps {
  db: Db;
  mailer: Mailer;
  limiter: RateLimiter;
  config: ServerConfig;
  /** Signs the team email's action links. */
  secret: string;
  clock: () => Date;
}

const cents = (price: string | number) => Math.round(Number(price) * 100);

async function limitRecipient({ limiter, config }: OrderEmailDeps, address: string) {
  const verdict = await limiter.hit('email-recipient', address.toLowerCase(), config.rateLimits.emailRecipient);
  if (verdict.limited) tooMany(verdict.retryAfter);
}

/** The photo of each line's item (a product's group photo, a bundle's own), by line id. */
async function linePhotos(db: Db, lines: (typeof orderLines.$inferSelect)[]): Promise<Map<string, string | null>> {
  const productIds = lines.filter((line) => line.itemType === 'products').map((line) => line.itemId);
  const bundleIds = lines.filter((line) => line.itemType === 'bundles').map((line) => line.itemId);
  const productPhotos = productIds.length
    ? await db
        .select({ id: products.id, photoUrl: productGroups.photoUrl })
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

/** The confirmation of a stored order, built from the server's records only. */
async function storedOrderView(db: Db, orderId: string, body: EmailBody, origin: string) {
  const [row] = await db
    .select({ order: orders, customer: customers })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId));
  if (!row) notFound(`Order ${orderId}`);
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
  const { order, customer } = row;
  const view: OrderEmailView = {
    orderId: order.id,
    customerName: customer.name,
    customerPhone: customer.phone ?? '',
    hireDate: order.startsAt.slice(0, 10),
    fulfilment: order.fulfillmentType,
    deliveryAddress: order.deliveryAddress,
    // Notes and the signage wish exist only in the request; they go to the order's own customer.
    notes: body.order_notes?.trim() || null,
    wantsSignage: body.wantsSignage,
    items: lines.map((line) => ({
      name: line.title,
      quantity: line.quantity,
      priceCents: line.priceInCents,
      variations: (line.bundleVariations as { productId?: unknown }[])
        .map((v) => names.get(String(v.productId ?? '')))
        .filter((name): name is string => name !== undefined),
      photoUrl: absolutePhotoUrl(origin, photos.get(line.id) ?? null),
    })),
    subtotalCents: order.subtotalInCents,
    shopUrl: origin,
    problem: order.status === 'reserved' ? null : (order.problem ?? 'Our team will finish this order by hand.'),
  };
  return { view, recipient: customer.email };
}

/** Logs where the client's copy of the order differs from the stored one; the email uses the stored one. */
function logTampering(view: OrderEmailView, body: EmailBody, recipient: string) {
  const differences: string[] = [];
  if (body.customer_email.toLowerCase() !== recipient) differences.push('customer_email');
  if (cents(body.order_total) !== totalsWithGst(view.subtotalCents).totalCents) {
    differences.push(`order_total ${body.order_total}`);
  }
  const claimed = body.items.map((i) => `${i.name}|${i.quantity}|${cents(i.price)}`).join(';');
  const stored = view.items.map((i) => `${i.name}|${i.quantity}|${i.priceCents}`).join(';');
  if (claimed !== stored) differences.push('items');
  if (differences.length) {
    console.warn(
      `Email for order ${view.orderId}: the request's ${differences.join(', ')} differ from the stored order`,
    );
  }
}

/** The spec's fallback (order not stored): the request in full to the business, a fixed note to the visitor. */
async function sendFallback(deps: OrderEmailDeps, body: EmailBody): Promise<SentEmail> {
  await limitRecipient(deps, body.customer_email);
  const view: OrderEmailView = {
    orderId: FALLBACK_ORDER_ID,
    customerName: body.customer_name,
    customerPhone: body.customer_phone,
    hireDate: body.order_date,
    fulfilment: body.order_fufilment_type,
    deliveryAddress: body.order_delivery_address ?? null,
    notes: body.order_notes ?? null,
    wantsSignage: body.wantsSignage,
    items: body.items.map((item) => ({
      name: item.name,
      quantity: item.quantity,
      priceCents: cents(item.price),
      variations: item.bundleVariations.map((v) => v.name),
    })),
    // As the visitor's browser sent it (the team checks it): the lines' sum, before GST.
    subtotalCents: body.items.reduce((sum, item) => sum + cents(item.price) * item.quantity, 0),
    problem: [body.errorMessage, body.manualProcessingDetails?.cause].filter(Boolean).join(' ') || null,
    shopUrl: publicOrigin(deps.config),
  };
  await deps.mailer.send({
    kind: 'order_fallback',
    to: deps.config.businessEmail,
    replyTo: body.customer_email,
    payload: body,
    orderId: FALLBACK_ORDER_ID,
    ...renderFallbackEmail(view, body.customer_email),
  });
  return deps.mailer.send({
    kind: 'order_acknowledgement',
    to: body.customer_email,
    // The request is kept with the record for the team; none of it is in the email.
    payload: body,
    orderId: FALLBACK_ORDER_ID,
    ...renderAcknowledgementEmail(publicOrigin(deps.config)),
  });
}

/**
 * POST /api/email. For a stored order the recipient, items, prices and total come from the database,
 * and a second request for the same order answers the first email. 'Unassigned' is the spec's fallback.
 */
export async function sendOrderEmail(deps: OrderEmailDeps, body: EmailBody): Promise<SentEmail> {
  if (body.order_id === FALLBACK_ORDER_ID) return sendFallback(deps, body);
  const { view, recipient } = await storedOrderView(deps.db, body.order_id, body, publicOrigin(deps.config));
  logTampering(view, body, recipient);
  const [existing] = await deps.db
    .select({ id: emailOutbox.id, status: emailOutbox.status })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'order_confirmation'), eq(emailOutbox.orderId, view.orderId)));
  if (existing) return { ...existing, replayed: true };
  await limitRecipient(deps, recipient);
  const sent = await deps.mailer.send({
    kind: 'order_confirmation',
    to: recipient,
    payload: body,
    orderId: view.orderId,
    ...renderOrderEmail(view),
  });
  // The team's own email, with the links the customer's never carries; once, with the first confirmation.
  if (!sent.replayed) await sendTeamEmail(deps, view, recipient);
  return sent;
}
