import { asc, eq } from 'drizzle-orm';
import type { OrderBody } from '../../../src/lib/api-contract';
import { latestHireDate, longDate, MAX_YEARS_AHEAD } from '../../../src/lib/api-contract/dates';
import { daysOfUse } from '../../../src/lib/api-contract/hire-pricing';
import { addDays, closedAroundText, handOverTimeText } from '../../../src/lib/api-contract/hold-window';
import type { ChangeOutcome, Fulfilment } from '../../booking';
import { orderLines, orders } from '../../db/schema';
import { discountedCents, settleSubtotal } from '../../orders';
import type { ServiceContext } from '../context';
import { lineRows, loadCatalogue, priceLines } from '../order-lines';
import { actingRole, mayChangePrices, mayChangeRequests } from './acting-role';
import type { Acting } from './activity';
import { announceChange } from './change-effects';
import { type ItemPick, type PickerBundle, pickedLine, pickerCatalogue } from './item-picks';
import { deliveryFeeAfter, feeText } from './request-delivery-fee';
import { repriceForChange } from './request-pricing';

/** What the team's change form asks for: every field of the request that can change. */
export interface RequestChange {
  hireDate: string;
  /**
   * The last day of use as the form has it: null (emptied) for a one-day hire; not given, or the
   * stored last day (untouched), keeps the hire's length when its date moves; another day is its last.
   */
  lastDay?: string | null;
  fulfilment: Fulfilment;
  deliveryAddress: string | null;
  /** The hand-over's agreed time on the first day, 'HH:MM' each, both or neither. */
  time: { from: string; to: string } | null;
  notes: string | null;
  /** New quantities by order line id (0 removes the line); a line not named keeps its quantity. */
  quantities: ReadonlyMap<string, number>;
  /** A product to add (or add to, when the request has it already), or a bundle with its choices. */
  add: ItemPick | null;
  /**
   * The delivery fee before GST, in cents (issue 60): not given keeps it (a delivery by zone is priced
   * again only when its address moves zone); null leaves it for the team to quote.
   */
  deliveryFeeCents?: number | null;
}

export type ChangeResult =
  | ChangeOutcome
  | { kind: 'invalid'; message: string }
  /** A bundle to add whose choices are still to make: the form asks for them. */
  | { kind: 'choose'; bundle: PickerBundle; message: string }
  | { kind: 'nothing_changed' }
  | { kind: 'applied_changes'; changes: string[] };

const actorOf = (by: Acting) => (typeof by === 'string' ? by : (`team:${by.id}` as const));
const how = (fulfilment: string, address: string | null) =>
  fulfilment === 'delivery' ? `delivery to ${address ?? ''}` : 'pickup';

/**
 * The last day of use a change leaves (issue 60): untouched (the stored last day, or no field), a hire
 * of several days keeps its length when its date moves; emptied, one day; another day, that day.
 */
function lastDayOf(order: StoredDays, change: RequestChange): string {
  const first = order.startsAt.slice(0, 10);
  const last = storedLastDay(order);
  if (change.lastDay === null) return change.hireDate;
  if (change.lastDay === undefined || change.lastDay === last) {
    return addDays(change.hireDate, daysOfUse(first, last) - 1);
  }
  return change.lastDay;
}

type StoredDays = { startsAt: string; stopsAt: string | null };
/** A stored request's last day of use. */
const storedLastDay = (order: StoredDays) => (order.stopsAt ?? order.startsAt).slice(0, 10);

/**
 * A held or confirmed request changed by the team (a phone call: ten more chairs, another date,
 * delivery instead): priced as the shop would (lines kept at the price agreed, a new line at today's),
 * re-checked against stock on its new window by the booking module and stored in one write
 * transaction with the customer's email of what changed and the activity log's before and after.
 * A change that does not fit changes nothing.
 */
export async function changeRequest(
  deps: ServiceContext,
  orderId: string,
  change: RequestChange,
  by: Acting,
): Promise<ChangeResult> {
  const { db, booking, clock } = deps;
  const now = clock();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return { kind: 'not_found' };
  const today = booking.today();
  if (change.hireDate < today)
    return { kind: 'invalid', message: 'The hire date is in the past: choose today or later.' };
  if (change.hireDate > latestHireDate(today)) {
    return { kind: 'invalid', message: `The hire date is more than ${MAX_YEARS_AHEAD} years ahead.` };
  }
  if (booking.closedAround(change.hireDate, change.fulfilment)) {
    return { kind: 'invalid', message: closedAroundText(longDate(change.hireDate)) };
  }
  const lastDay = lastDayOf(order, change);
  if (lastDay < change.hireDate) {
    return { kind: 'invalid', message: 'The last day of use is before the hire date: choose it or a day after it.' };
  }
  const longest = deps.business().hirePricing.longestHireDays;
  if (daysOfUse(change.hireDate, lastDay) > longest) {
    return {
      kind: 'invalid',
      message: `A hire runs at most ${longest} days: choose a last day on or before ${longDate(addDays(change.hireDate, longest - 1))}.`,
    };
  }
  if (lastDay !== change.hireDate && booking.closedAround(lastDay, change.fulfilment)) {
    return { kind: 'invalid', message: closedAroundText(longDate(lastDay)) };
  }
  if (change.time && change.time.from >= change.time.to) {
    return { kind: 'invalid', message: 'The time ends before it starts: check the two times.' };
  }
  if (change.fulfilment === 'delivery' && !change.deliveryAddress) {
    return { kind: 'invalid', message: 'Write the delivery address, or choose pickup.' };
  }
  const stored = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  const kept = stored
    .map((line) => ({ line, quantity: change.quantities.get(line.id) ?? line.quantity }))
    .filter(({ quantity }) => quantity > 0);
  const { add } = change;
  const existing =
    add?.kind === 'product'
      ? kept.find(({ line }) => line.itemType === 'products' && line.itemId === add.id)
      : undefined;
  if (existing && add) existing.quantity += add.quantity;
  let adding: OrderBody['lines'][number] | null = null;
  if (add && !existing) {
    const picked = pickedLine(add, add.kind === 'bundle' ? await pickerCatalogue(db) : { groups: [], bundles: [] });
    if ('choose' in picked) return { kind: 'choose', bundle: picked.choose, message: picked.message };
    adding = picked.line;
  }
  const body: OrderBody = {
    customer_id: order.customerId,
    starts_at: change.hireDate,
    stops_at: lastDay,
    fulfillment_type: change.fulfilment,
    lines: [
      ...kept.map(({ line, quantity }) => ({
        id: line.itemId,
        quantity,
        isBundle: line.itemType === 'bundles',
        bundleVariations: line.bundleVariations as OrderBody['lines'][number]['bundleVariations'],
      })),
      ...(adding ? [adding] : []),
    ],
  };
  if (body.lines.length === 0)
    return { kind: 'invalid', message: 'A request keeps at least one item: cancel it instead.' };
  const catalogue = await loadCatalogue(db, body);
  if (adding && !(adding.isBundle ? catalogue.bundles : catalogue.products).has(adding.id))
    return { kind: 'invalid', message: 'Choose an item to add.' };
  const priced = priceLines(body, catalogue);
  // The lines it had keep the price agreed; an added line is priced from the catalogue. A new length
  // re-prices the agreed event price by the business's rule, or the line's category's (issue 60).
  const added = await repriceForChange(
    db,
    deps.business(),
    { kept, priced: priced.lines, adding: adding !== null },
    [order.startsAt.slice(0, 10), storedLastDay(order)],
    [change.hireDate, lastDay],
  );
  const problems = [...priced.unplaced, ...(added && priced.unavailable.length ? priced.unavailable : [])];

  const changes: string[] = [];
  const hireWas = order.startsAt.slice(0, 10);
  if (hireWas !== change.hireDate) changes.push(`Hire date: ${longDate(hireWas)}, now ${longDate(change.hireDate)}`);
  const lastWas = storedLastDay(order);
  if (daysOfUse(hireWas, lastWas) !== daysOfUse(change.hireDate, lastDay)) {
    changes.push(`Last day of use: ${longDate(lastWas)}, now ${longDate(lastDay)}`);
  }
  const howWas = how(order.fulfillmentType, order.deliveryAddress);
  const howNow = how(change.fulfilment, change.deliveryAddress);
  if (howWas !== howNow) changes.push(`How: ${howWas}, now ${howNow}`);
  const timeWas = handOverTimeText(order.handOverFrom, order.handOverTo);
  const timeNow = handOverTimeText(change.time?.from, change.time?.to);
  if (timeWas !== timeNow) changes.push(`Time: ${timeWas ?? 'none agreed'}, now ${timeNow ?? 'none agreed'}`);
  for (const line of stored) {
    const quantity = kept.find((k) => k.line.id === line.id)?.quantity ?? 0;
    if (quantity === 0) changes.push(`Removed: ${line.quantity} × ${line.title}`);
    else if (quantity !== line.quantity) changes.push(`${line.title}: ${line.quantity}, now ${quantity}`);
  }
  if (added) {
    const choices = added.choices.length ? ` (${added.choices.join(', ')})` : '';
    changes.push(`Added: ${added.quantity} × ${added.title}${choices}`);
  }
  if ((order.notes ?? '') !== (change.notes ?? '')) changes.push('Notes changed');
  const fee = deliveryFeeAfter(order, change, deps.business().deliveryZones);
  if (fee.changed) changes.push(`Delivery fee: ${feeText(order.deliveryFeeInCents)}, now ${feeText(fee.cents)}`);
  if (changes.length === 0) return { kind: 'nothing_changed' };

  return db.transaction(async (tx) => {
    if (!mayChangeRequests(await actingRole(tx, by))) {
      return { kind: 'invalid' as const, message: 'Your role on the team does not let you change requests.' };
    }
    // Checked before anything is written: a refusal returned after the booking's change would keep it.
    if (fee.changed && !mayChangePrices(await actingRole(tx, by), deps.business())) {
      return { kind: 'invalid' as const, message: 'Your role on the team does not let you change prices.' };
    }
    const hireCents = priced.lines.reduce((sum, line) => sum + line.priceInCents * line.quantity, 0);
    if ((await discountedCents(tx, orderId, hireCents)) > hireCents) {
      return {
        kind: 'invalid' as const,
        message: 'The discounts would come to more than the hire: remove or lower a discount first.',
      };
    }
    const outcome = await booking.change(
      tx,
      orderId,
      { hireDate: change.hireDate, lastDay, fulfilment: change.fulfilment, needs: priced.needs, problems },
      actorOf(by),
    );
    if (outcome.kind !== 'applied') return outcome;
    const time = (at: string) => at.slice(10);
    await tx
      .update(orders)
      .set({
        startsAt: `${change.hireDate}${time(order.startsAt)}`,
        stopsAt: `${lastDay}${time(order.stopsAt)}`,
        fulfillmentType: change.fulfilment,
        deliveryAddress: change.fulfilment === 'delivery' ? change.deliveryAddress : null,
        handOverFrom: change.time?.from ?? null,
        handOverTo: change.time?.to ?? null,
        notes: change.notes,
        deliveryPostcode: fee.postcode,
        deliveryFeeInCents: fee.cents,
        deliveryFeeLabel: fee.label,
      })
      .where(eq(orders.id, orderId));
    await tx.delete(orderLines).where(eq(orderLines.orderId, orderId));
    await tx.insert(orderLines).values(
      lineRows(
        orderId,
        priced.lines,
        kept.map(({ line }) => line.id),
      ),
    );
    // The subtotal: the items, the fee and the team's own lines (a percentage discount on the new hire).
    const { subtotalCents: subtotal } = await settleSubtotal(tx, orderId, hireCents, fee.cents ?? 0);
    await announceChange(tx, deps, {
      orderId,
      changes,
      by,
      now,
      before: {
        hireDate: hireWas,
        how: howWas,
        time: timeWas,
        lines: stored.map((line) => `${line.quantity} × ${line.title}`),
        subtotalInCents: order.subtotalInCents,
      },
      after: {
        hireDate: change.hireDate,
        how: howNow,
        time: timeNow,
        lines: priced.lines.map((line) => `${line.quantity} × ${line.title}`),
        subtotalInCents: subtotal,
      },
    });
    return { kind: 'applied_changes' as const, changes };
  });
}
