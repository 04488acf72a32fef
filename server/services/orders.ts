import { eq, sql } from 'drizzle-orm';
import type { OrderBody, OrderResult } from '../../src/lib/api-contract';
import { extraDaysByRule, hireExtraDays, hireRuleFor } from '../../src/lib/api-contract/business-settings';
import { waiverCents } from '../../src/lib/api-contract/damage-waiver';
import { dayIn, hireDayOf, latestHireDate, longDate, MAX_YEARS_AHEAD } from '../../src/lib/api-contract/dates';
import {
  type DeliveryZone,
  deliveryFeeLabel,
  deliveryFeeOf,
  postcodeOfAddress,
} from '../../src/lib/api-contract/delivery-zones';
import { earliestHireDay, inTimeFor, tooLateText } from '../../src/lib/api-contract/hand-over-day';
import { daysOfUse, hireUnitCents } from '../../src/lib/api-contract/hire-pricing';
import { addDays, closedAroundText, type HoldWindow } from '../../src/lib/api-contract/hold-window';
import type { RequestOutcome, Shortfall } from '../booking';
import type { Db } from '../db/client';
import { orderLines, orders } from '../db/schema';
import { InvalidRequest, PriceChangedError } from '../lib/domain-errors';
import { addWaiverLine, requestView, waiverView } from '../orders';
import { bookingToken } from './booking-links';
import type { ServiceContext } from './context';
import { requestSchedule } from './emails';
import { lineCategoryKeys, orderCategoryKeys } from './order-categories';
import { queueRequestEmails } from './order-emails';
import { hotReads, lineRows, loadCatalogue, type PricedLine, priceLines } from './order-lines';

const FIRST_ORDER_NUMBER = 1001;

export interface OrderOptions {
  /** Stores the answer in the order's own transaction (the request's Idempotency-Key record). */
  recordAnswer?: (tx: Transaction, answer: OrderResult) => Promise<void>;
}

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** How a shortfall reads in the order's problem: more than the stock, or what the window leaves. */
function shortfallProblem(short: Shortfall, window: HoldWindow): string {
  return short.needed > short.stock
    ? `${short.name}: ${short.needed} requested, ${short.stock} in stock`
    : `${short.name}: ${short.needed} requested, ${short.free} free from ${longDate(window.from)} to ${longDate(window.to)}`;
}

/**
 * A hire's last day of use: on or after its first, and within the business's longest hire. A request
 * that says otherwise is refused naming `stops_at` and what to write (it never stores days it does not hold).
 */
function checkLastDay(first: string, last: string, longest: number): void {
  if (last < first) {
    throw new InvalidRequest(
      'stops_at',
      `the last day ${last} is before the first, ${first}: write a day on or after it`,
    );
  }
  if (daysOfUse(first, last) > longest) {
    throw new InvalidRequest(
      'stops_at',
      `a hire runs at most ${longest} days: write a last day on or before ${addDays(first, longest - 1)}`,
    );
  }
}

/**
 * Stores an order request. Its hire date must be from today (in the business's time zone), at most two
 * years ahead and near an open day to hand the items over on (closed days and public holidays). In
 * one write transaction it is numbered, stored with its lines, notes and signage wish, held by the
 * booking module if every product is free in its window (else recorded for the team as needing manual
 * processing), and its two emails (the customer's confirmation and the team's) are queued. Writers
 * take turns (BEGIN IMMEDIATE), so two requests racing for the last unit, from two processes too, give
 * exactly one holder.
 */
export async function createOrder(
  deps: ServiceContext,
  body: OrderBody,
  { recordAnswer }: OrderOptions = {},
): Promise<OrderResult> {
  const { db, booking } = deps;
  const business = deps.business();
  // The first and last days of use, read on the business's clock and stored as days (issue 60).
  const hireDate = hireDayOf(body.starts_at, business.timeZone);
  const lastDay = hireDayOf(body.stops_at, business.timeZone);
  const today = booking.today();
  if (hireDate < today) throw new InvalidRequest('starts_at', `the hire date ${hireDate} is in the past`);
  if (hireDate > latestHireDate(today)) {
    throw new InvalidRequest('starts_at', `the hire date ${hireDate} is more than ${MAX_YEARS_AHEAD} years ahead`);
  }
  checkLastDay(hireDate, lastDay, business.hirePricing.longestHireDays);
  if (booking.closedAround(hireDate, body.fulfillment_type)) {
    throw new InvalidRequest('starts_at', closedAroundText(longDate(hireDate)));
  }
  if (booking.closedAround(lastDay, body.fulfillment_type)) {
    throw new InvalidRequest('stops_at', closedAroundText(longDate(lastDay)));
  }
  // Today after closing, or a pickup day gone by: refused, naming the first hire date still possible.
  const now = deps.clock();
  if (!inTimeFor(hireDate, body.fulfillment_type, business, now)) {
    const next = earliestHireDay(body.fulfillment_type, business, now);
    throw new InvalidRequest('starts_at', tooLateText(longDate(hireDate), next && longDate(next)));
  }
  const [customer] = await hotReads(db).customer.execute({ id: body.customer_id });
  if (!customer) throw new InvalidRequest('customer_id', `unknown customer ${body.customer_id}`);
  const catalogue = await loadCatalogue(db, body);
  const priced = priceLines(body, catalogue);
  const { needs, unavailable, unplaced } = priced;
  // Each line's price for the whole hire: the event price, and the extra days of use by the business's
  // rule, or its category's own (read only when the business has category rules).
  const extraDays = hireExtraDays(business, hireDate, lastDay);
  const lineCategories =
    business.hirePricingByCategory.length > 0 && lastDay > hireDate ? await lineCategoryKeys(db, priced.lines) : null;
  const lines = priced.lines.map((line, index) => {
    const rule = lineCategories ? hireRuleFor(business, lineCategories[index]) : business.hirePricing;
    const extra = rule === business.hirePricing ? extraDays : extraDaysByRule(business, rule, hireDate, lastDay);
    return { ...line, priceInCents: hireUnitCents(line.priceInCents, extra, rule) };
  });
  const linesCents = lines.reduce((sum, line) => sum + line.priceInCents * line.quantity, 0);
  // Priced otherwise than the shopper was shown (prices or the rule changed since): nothing is stored.
  const shown = body.expected_subtotal_in_cents;
  if (shown !== undefined && shown !== linesCents) {
    throw new PriceChangedError(shown, {
      subtotal_in_cents: linesCents,
      event_prices_in_cents: priced.lines.map((line) => line.priceInCents),
    });
  }
  // A delivery's fee by its postcode's zone, the server's own (the team quotes what no zone prices).
  const delivery = deliveryOf(body, linesCents, business.deliveryZones);
  // The damage waiver (issue 61): required, or taken by the shopper where the shop offers it.
  const waiver = business.payments.damageWaiver;
  const takesWaiver = waiver !== null && (waiver.required || (waiver.inShop && body.damage_waiver === true));
  const waiverLine = takesWaiver ? waiverCents(linesCents, waiver) : 0;
  const subtotal = linesCents + (delivery.feeCents ?? 0) + waiverLine;

  return db.transaction(async (tx) => {
    const known = unavailable.length ? 'fulfilment_failed' : unplaced.length ? 'manual_review' : 'reserved';
    const fields = {
      customerId: customer.id,
      startsAt: hireDate,
      stopsAt: lastDay,
      fulfillmentType: body.fulfillment_type,
      deliveryAddress: body.fulfillment_type === 'delivery' ? (body.delivery_address ?? null) : null,
      status: known as typeof orders.$inferInsert.status,
      problem: [...unavailable, ...unplaced].join('; ') || null,
      subtotalInCents: subtotal,
      notes: body.order_notes?.trim() || null,
      wantsSignage: body.wants_signage ?? false,
      unplaced: unplaced.length ? unplaced : null,
      deliveryPostcode: delivery.postcode,
      deliveryFeeInCents: delivery.feeCents,
      deliveryFeeLabel: delivery.label,
      pricesIncludeGst: business.pricesIncludeGst,
    };
    // Numbered in the statement that stores it (one statement less in the writer's turn): the next
    // number after the highest, read and written under the transaction's write lock.
    const [numbered] = await tx.all<{ number: number }>(sql`
      INSERT INTO orders (id, number, customer_id, starts_at, stops_at, fulfillment_type, delivery_address, status,
                          problem, subtotal_in_cents, notes, wants_signage, unplaced, delivery_postcode,
                          delivery_fee_in_cents, delivery_fee_label, prices_include_gst)
      SELECT CAST(n AS TEXT), n, ${fields.customerId}, ${fields.startsAt}, ${fields.stopsAt}, ${fields.fulfillmentType},
             ${fields.deliveryAddress}, ${fields.status}, ${fields.problem}, ${fields.subtotalInCents}, ${fields.notes},
             ${fields.wantsSignage ? 1 : 0}, ${fields.unplaced ? JSON.stringify(fields.unplaced) : null},
             ${fields.deliveryPostcode}, ${fields.deliveryFeeInCents}, ${fields.deliveryFeeLabel},
             ${fields.pricesIncludeGst ? 1 : 0}
      FROM (SELECT CAST(COALESCE(MAX(number), ${FIRST_ORDER_NUMBER - 1}) + 1 AS INTEGER) AS n FROM orders)
      RETURNING number`);
    const number = Number(numbered?.number);
    const id = String(number);
    const row = { id, number, ...fields } satisfies typeof orders.$inferInsert;
    await tx.insert(orderLines).values(lineRows(id, lines));
    if (takesWaiver) await addWaiverLine(tx, id, waiver, delivery.feeCents ?? 0);
    const outcome = await booking.request(tx, {
      orderId: id,
      hireDate,
      lastDay,
      fulfilment: body.fulfillment_type,
      needs,
      problems: [...unavailable, ...unplaced],
    });
    if (known === 'reserved' && !outcome.held) {
      // Taken since the shopper looked: the team books it by hand.
      row.status = 'manual_review';
      row.problem = outcome.shortfalls.map((short) => shortfallProblem(short, outcome.window)).join('; ');
      await tx.update(orders).set({ status: row.status, problem: row.problem }).where(eq(orders.id, id));
    }
    const view = {
      ...requestView(deps, row, customer, lines, row.problem),
      requestedOn: dayIn(deps.clock(), deps.business().timeZone),
      categoryKeys: await orderCategoryKeys(tx, lines),
      ...(takesWaiver ? { ownLines: [waiverView(waiver, waiverLine)] } : {}),
    };
    await queueRequestEmails(tx, deps, view, customer.email, outcome);
    const answer = answerFor(row, lines, outcome, [...unavailable, ...unplaced]);
    const schedule = requestSchedule(view);
    if (schedule) answer.paymentSchedule = schedule;
    // Book without waiting: the page where its deposit is paid now, for a request that holds everything.
    if (business.payments.bookWithoutWaiting && deps.cards && outcome.held && row.status === 'reserved') {
      answer.bookingUrl = `/booking/${bookingToken(deps.secret, id)}`;
    }
    // The answer commits with the order: a replay of this request finds both or neither.
    await recordAnswer?.(tx, answer);
    return answer;
  });
}

/**
 * A request's delivery: its postcode (sent, or the address's last four digits) and the fee of its
 * zone with its line's words; no fee (null) for a pickup or a delivery the team is to quote.
 */
function deliveryOf(body: OrderBody, linesCents: number, zones: readonly DeliveryZone[]) {
  if (body.fulfillment_type !== 'delivery') return { postcode: null, feeCents: null, label: null };
  const postcode = body.delivery_postcode ?? postcodeOfAddress(body.delivery_address);
  const fee = deliveryFeeOf(postcode, body.delivery_after_hours ?? false, linesCents, zones);
  if (fee.kind === 'quote') return { postcode: fee.postcode, feeCents: null, label: null };
  return {
    postcode: fee.postcode,
    feeCents: fee.cents,
    label: deliveryFeeLabel(fee.postcode, fee.zone.name, fee.afterHours),
  };
}

/** The answer to an order request, from what was stored. */
function answerFor(
  order: typeof orders.$inferInsert,
  lines: PricedLine[],
  outcome: RequestOutcome,
  itemProblems: string[],
): OrderResult {
  const short = new Set(outcome.shortfalls.map((s) => s.productId));
  const shortLines = lines.flatMap((line, index) => (line.products.some((id) => short.has(id)) ? [index] : []));
  const problems = [...itemProblems, ...outcome.shortfalls.map((s) => shortfallProblem(s, outcome.window))];
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
          delivery_postcode: order.deliveryPostcode ?? null,
          delivery_fee_in_cents: order.deliveryFeeInCents ?? null,
          delivery_fee_label: order.deliveryFeeLabel ?? null,
          hold_from: outcome.window.from,
          hold_to: outcome.window.to,
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
  if (order.status === 'fulfilment_failed') {
    result.fulfillmentError = true;
    result.errorMessage = order.problem ?? undefined;
    result.orderDetails = { status: order.status, problems, short_lines: shortLines };
  } else if (order.status === 'manual_review') {
    result.needsManualProcessing = true;
    result.errorMessage = order.problem ?? undefined;
    result.orderDetails = { status: order.status, problems, short_lines: shortLines };
  }
  return result;
}
