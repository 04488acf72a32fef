import { randomUUID } from 'node:crypto';
import { eq, inArray, max, sql } from 'drizzle-orm';
import type { OrderBody, OrderResult } from '../../src/lib/api-contract';
import { longDate, sydneyDate } from '../../src/lib/api-contract/dates';
import { holdWindow } from '../../src/lib/api-contract/hold-window';
import type { Db } from '../db/client';
import { bundleItems, bundles, customers, orderHolds, orderLines, orders, productGroups, products } from '../db/schema';
import { fail } from '../lib/http';
import { peakHeld } from './availability';

const FIRST_ORDER_NUMBER = 1001;

interface PricedLine {
  itemType: 'products' | 'bundles';
  itemId: string;
  title: string;
  quantity: number;
  priceInCents: number;
  bundleVariations: unknown[];
}

interface Problems {
  /** Lines that exceed stock or leave a bundle item without a product: the team books them by hand. */
  manual: string[];
  /** Lines whose item is no longer for hire: the order is kept but those lines cannot be booked. */
  unavailable: string[];
}

/**
 * The reads every order makes, built once per database: a query built by drizzle each time cost an
 * order about 0.1 ms per statement of CPU, which 20 shoppers at once wait on in turn.
 */
const prepared = new WeakMap<Db, ReturnType<typeof prepareHotReads>>();
const hotReads = (db: Db) => {
  let reads = prepared.get(db);
  if (!reads) {
    reads = prepareHotReads(db);
    prepared.set(db, reads);
  }
  return reads;
};

function prepareHotReads(db: Db) {
  return {
    customer: db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, sql.placeholder('id')))
      .prepare(),
    // Only the fields an order reads; the ids as one JSON array (SQLite binds no lists).
    products: db
      .select({
        product: {
          id: products.id,
          name: products.name,
          productGroupId: products.productGroupId,
          basePriceInCents: products.basePriceInCents,
          stockCount: products.stockCount,
          archived: products.archived,
          showInStore: products.showInStore,
        },
        group: { archived: productGroups.archived, showInStore: productGroups.showInStore },
      })
      .from(products)
      .innerJoin(productGroups, eq(productGroups.id, products.productGroupId))
      .where(sql`${products.id} IN (SELECT value FROM json_each(${sql.placeholder('ids')}))`)
      .prepare(),
  };
}

async function loadCatalogue(db: Db, body: OrderBody) {
  const bundleIds = body.lines.filter((l) => l.isBundle).map((l) => l.id);
  const productIds = new Set(body.lines.filter((l) => !l.isBundle).map((l) => l.id));
  for (const line of body.lines) for (const v of line.bundleVariations) productIds.add(v.productId);
  const [bundleRows, itemRows] = bundleIds.length
    ? await Promise.all([
        db.select().from(bundles).where(inArray(bundles.id, bundleIds)),
        db.select().from(bundleItems).where(inArray(bundleItems.bundleId, bundleIds)),
      ])
    : [[], []];
  for (const item of itemRows) if (item.productId) productIds.add(item.productId);
  const productRows = productIds.size
    ? await hotReads(db).products.execute({ ids: JSON.stringify([...productIds]) })
    : [];
  return {
    bundles: new Map(bundleRows.map((row) => [row.id, row])),
    bundleItems: itemRows.sort((a, b) => a.position - b.position),
    products: new Map(productRows.map((row) => [row.product.id, row])),
  };
}

/**
 * Checks every line against the catalogue and stock and prices it from the catalogue (never from the
 * client). Unknown ids are a 400; stock and bundle problems flag the order instead of failing it.
 */
function priceLines(body: OrderBody, catalogue: Awaited<ReturnType<typeof loadCatalogue>>) {
  const problems: Problems = { manual: [], unavailable: [] };
  const demand = new Map<string, number>();
  const need = (productId: string, quantity: number) => demand.set(productId, (demand.get(productId) ?? 0) + quantity);
  const lines: PricedLine[] = body.lines.map((line, index) => {
    if (!line.isBundle) {
      const entry = catalogue.products.get(line.id);
      if (!entry) fail(400, `Invalid body: lines.${index}.id: unknown product ${line.id}`);
      const { product, group } = entry;
      if (product.archived || group.archived || !group.showInStore || !product.showInStore) {
        problems.unavailable.push(`${product.name} is no longer available for hire`);
      }
      need(product.id, line.quantity);
      return {
        itemType: 'products',
        itemId: product.id,
        title: product.name,
        quantity: line.quantity,
        priceInCents: product.basePriceInCents,
        bundleVariations: [],
      };
    }
    const bundle = catalogue.bundles.get(line.id);
    if (!bundle) fail(400, `Invalid body: lines.${index}.id: unknown bundle ${line.id}`);
    if (bundle.archived || !bundle.showInStore)
      problems.unavailable.push(`${bundle.name} is no longer available for hire`);
    let unitPrice = 0;
    for (const item of catalogue.bundleItems.filter((i) => i.bundleId === bundle.id)) {
      const chosen = line.bundleVariations.find((v) => v.bundleItemId === item.id)?.productId;
      const productId = item.productId ?? chosen;
      const entry = productId ? catalogue.products.get(productId) : undefined;
      if (!entry || entry.product.productGroupId !== item.productGroupId) {
        problems.manual.push(`${bundle.name}: no product chosen for ${item.name}`);
        continue;
      }
      if (entry.product.archived) problems.unavailable.push(`${entry.product.name} is no longer available for hire`);
      unitPrice += entry.product.basePriceInCents * item.quantity * (1 - item.discountPercentage / 100);
      need(entry.product.id, item.quantity * line.quantity);
    }
    return {
      itemType: 'bundles',
      itemId: bundle.id,
      title: bundle.name,
      quantity: line.quantity,
      priceInCents: Math.round(unitPrice),
      bundleVariations: line.bundleVariations,
    };
  });
  for (const [productId, quantity] of demand) {
    const entry = catalogue.products.get(productId);
    if (entry && quantity > entry.product.stockCount) {
      problems.manual.push(`${entry.product.name}: ${quantity} requested, ${entry.product.stockCount} in stock`);
    }
  }
  return { lines, problems, demand };
}

export interface OrderDeps {
  db: Db;
  /** Days a new request holds its items unless the team confirms it. */
  holdDays: number;
  clock?: () => Date;
  /** Stores the answer in the order's own transaction (the request's Idempotency-Key record). */
  recordAnswer?: (tx: Transaction, answer: OrderResult) => Promise<void>;
}

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Stores an order request. Its hire date must not be past (Sydney). In the same write transaction
 * as the insert, the products it needs are checked against what other requests hold in its window:
 * when everything is free it holds them (a 'reserved' order); otherwise it is recorded for the team
 * as needing manual processing, holding nothing. Writers are serialised (BEGIN IMMEDIATE), so two
 * requests racing for the last unit, from two processes too, give exactly one holder.
 */
export async function createOrder(
  { db, holdDays, clock = () => new Date(), recordAnswer }: OrderDeps,
  body: OrderBody,
): Promise<OrderResult> {
  const now = clock();
  const hireDate = body.starts_at.slice(0, 10);
  if (hireDate < sydneyDate(now)) fail(400, `Invalid body: starts_at: the hire date ${hireDate} is in the past`);
  const [customer] = await hotReads(db).customer.execute({ id: body.customer_id });
  if (!customer) fail(400, `Invalid body: customer_id: unknown customer ${body.customer_id}`);
  const catalogue = await loadCatalogue(db, body);
  const { lines, problems, demand } = priceLines(body, catalogue);
  const window = holdWindow(hireDate, body.fulfillment_type);
  const subtotal = lines.reduce((sum, line) => sum + line.priceInCents * line.quantity, 0);

  return db.transaction(async (tx) => {
    if (problems.unavailable.length === 0 && problems.manual.length === 0) {
      const held = await peakHeld(tx, window, now, [...demand.keys()]);
      for (const [productId, quantity] of demand) {
        const entry = catalogue.products.get(productId);
        const free = Math.max(0, (entry?.product.stockCount ?? 0) - (held.get(productId) ?? 0));
        if (quantity > free) {
          problems.manual.push(
            `${entry?.product.name ?? productId}: ${quantity} requested, ${free} free from ${longDate(window.from)} to ${longDate(window.to)}`,
          );
        }
      }
    }
    const status = problems.unavailable.length
      ? 'fulfilment_failed'
      : problems.manual.length
        ? 'manual_review'
        : 'reserved';
    const problem = [...problems.unavailable, ...problems.manual].join('; ') || null;
    const [last] = await tx.select({ n: max(orders.number) }).from(orders);
    const number = (last?.n ?? FIRST_ORDER_NUMBER - 1) + 1;
    const id = String(number);
    const row = {
      id,
      number,
      customerId: customer.id,
      startsAt: body.starts_at,
      stopsAt: body.stops_at,
      fulfillmentType: body.fulfillment_type,
      deliveryAddress: body.fulfillment_type === 'delivery' ? (body.delivery_address ?? null) : null,
      status,
      problem,
      subtotalInCents: subtotal,
    } satisfies typeof orders.$inferInsert;
    await tx.insert(orders).values(row);
    await tx
      .insert(orderLines)
      .values(lines.map((line, position) => ({ id: randomUUID(), orderId: id, position, ...line })));
    if (status === 'reserved') {
      const expiresAt = new Date(now.getTime() + holdDays * 86_400_000).toISOString();
      await tx.insert(orderHolds).values(
        [...demand].map(([productId, quantity]) => ({
          id: randomUUID(),
          orderId: id,
          productId,
          quantity,
          holdFrom: window.from,
          holdTo: window.to,
          state: 'held' as const,
          expiresAt,
        })),
      );
    }
    const answer = answerFor(row, lines, status, problem, problems);
    // The answer commits with the order: a replay of this request finds both or neither.
    await recordAnswer?.(tx, answer);
    return answer;
  });
}

/** The answer to an order request, from what was stored. */
function answerFor(
  order: typeof orders.$inferInsert,
  lines: PricedLine[],
  status: string,
  problem: string | null,
  problems: Problems,
): OrderResult {
  const result: OrderResult = {
    order: {
      data: {
        id: order.id,
        type: 'orders',
        attributes: {
          number: order.number,
          status: order.status,
          customer_id: order.customerId,
          starts_at: order.startsAt,
          stops_at: order.stopsAt,
          fulfillment_type: order.fulfillmentType,
          delivery_address: order.deliveryAddress,
          subtotal_in_cents: order.subtotalInCents,
          lines: lines.map((line) => ({
            item_type: line.itemType,
            item_id: line.itemId,
            title: line.title,
            quantity: line.quantity,
            price_in_cents: line.priceInCents,
          })),
        },
      },
    },
  };
  if (status === 'fulfilment_failed') {
    result.fulfillmentError = true;
    result.errorMessage = problem ?? undefined;
    result.orderDetails = { status, problems: [...problems.unavailable, ...problems.manual] };
  } else if (status === 'manual_review') {
    result.needsManualProcessing = true;
    result.errorMessage = problem ?? undefined;
    result.orderDetails = { status, problems: problems.manual };
  }
  return result;
}
