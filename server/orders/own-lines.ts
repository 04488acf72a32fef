import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type DamageWaiver, WAIVER_DESCRIPTION } from '../../src/lib/api-contract/damage-waiver';
import { type OwnLine, ownLineCents, ownLineNote } from '../../src/lib/api-contract/own-lines';
import type { Db } from '../db/client';
import { orderLines, orderOwnLines, orders } from '../db/schema';

/**
 * Lines of the team's own on a request (issue 61), kept in their own table beside its catalogue
 * lines; the request's subtotal and its GST-free part follow them. Every write here takes the
 * caller's transaction and leaves `orders.subtotal_in_cents` and `gst_free_in_cents` true.
 */

type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;
type StoredOwnLine = typeof orderOwnLines.$inferSelect;
/** A stored line's cents on a hire of `hireCents`. */
const storedCents = (row: StoredOwnLine, hireCents: number) =>
  ownLineCents({ ...row, unitCents: row.unitInCents }, hireCents);

/** A line as the read model shows it: per unit, signed (a discount is negative), with its note. */
export interface OwnLineView {
  id: string;
  description: string;
  quantity: number;
  unitCents: number;
  gstFree: boolean;
  kind: 'charge' | 'discount';
  /** "10% off the hire", for a percentage discount; "7.5% of the hire" for the waiver. */
  note: string | null;
  /** The team's line, or the damage waiver the customer took. */
  source: 'team' | 'waiver';
}

export const ownLineView = (row: StoredOwnLine): OwnLineView => ({
  id: row.id,
  description: row.description,
  // A percentage discount is one line of its worked-out cents; any other line, its units.
  quantity: row.percentBasisPoints === null ? row.quantity : 1,
  unitCents: row.percentBasisPoints === null ? row.cents / row.quantity : row.cents,
  gstFree: row.gstFree,
  kind: row.kind,
  note: ownLineNote(row),
  source: row.source,
});

/** A request's own lines, in the order they were added. */
export const ownLinesOf = (db: Pick<Db, 'select'>, orderId: string) =>
  db.select().from(orderOwnLines).where(eq(orderOwnLines.orderId, orderId)).orderBy(asc(orderOwnLines.position));

/** What a request's catalogue lines come to: the hire a percentage discount is taken from. */
export async function hireCentsOf(db: Pick<Db, 'select'>, orderId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${orderLines.priceInCents} * ${orderLines.quantity}), 0)` })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  return Number(row?.cents ?? 0);
}

/** The request's own lines, their sum and its GST-free part, each percentage discount priced on `hireCents`. */
async function sumOwnLines(tx: Tx, orderId: string, hireCents: number) {
  const rows = await ownLinesOf(tx, orderId);
  let ownCents = 0;
  let gstFreeCents = 0;
  let discountCents = 0;
  for (const row of rows) {
    const cents = storedCents(row, hireCents);
    if (cents !== row.cents) await tx.update(orderOwnLines).set({ cents }).where(eq(orderOwnLines.id, row.id));
    ownCents += cents;
    if (row.gstFree) gstFreeCents += cents;
    if (row.kind === 'discount') discountCents -= cents;
  }
  return { ownCents, gstFreeCents, discountCents };
}

/**
 * A request's subtotal after a change: its catalogue lines (`hireCents`), its delivery fee and its own
 * lines, a percentage discount worked out again on the hire. Written to the order; returned with
 * whether its discounts now come to more than the hire (the caller refuses such a change).
 */
export async function settleSubtotal(
  tx: Tx,
  orderId: string,
  hireCents: number,
  feeCents: number,
): Promise<{ subtotalCents: number; gstFreeCents: number; discountsOverHire: boolean }> {
  const own = await sumOwnLines(tx, orderId, hireCents);
  const subtotalCents = hireCents + feeCents + own.ownCents;
  await tx
    .update(orders)
    .set({ subtotalInCents: subtotalCents, gstFreeInCents: own.gstFreeCents })
    .where(eq(orders.id, orderId));
  return { subtotalCents, gstFreeCents: own.gstFreeCents, discountsOverHire: own.discountCents > hireCents };
}

/** The discounts a request has, in cents off its hire: what a new discount may add to. */
export async function discountedCents(db: Pick<Db, 'select'>, orderId: string, hireCents: number) {
  const rows = await ownLinesOf(db, orderId);
  return rows.filter((row) => row.kind === 'discount').reduce((sum, row) => sum - storedCents(row, hireCents), 0);
}

/** Adds a line to a request, last, and settles its subtotal. */
export async function addOwnLine(
  tx: Tx,
  orderId: string,
  line: OwnLine,
  feeCents: number,
  source: 'team' | 'waiver' = 'team',
) {
  const [last] = await tx
    .select({ position: sql<number>`coalesce(max(${orderOwnLines.position}), -1)` })
    .from(orderOwnLines)
    .where(eq(orderOwnLines.orderId, orderId));
  const hireCents = await hireCentsOf(tx, orderId);
  const id = randomUUID();
  await tx.insert(orderOwnLines).values({
    id,
    orderId,
    position: Number(last?.position ?? -1) + 1,
    description: line.description,
    kind: line.kind,
    quantity: line.quantity,
    unitInCents: line.unitCents,
    percentBasisPoints: line.percentBasisPoints,
    gstFree: line.gstFree,
    cents: ownLineCents(line, hireCents),
    source,
  });
  return { id, ...(await settleSubtotal(tx, orderId, hireCents, feeCents)) };
}

/**
 * Puts the damage waiver on a request (issue 61), once: a taxed charge of its percentage of the hire,
 * worked out again whenever the hire changes. False when the request has it already.
 */
export async function addWaiverLine(
  tx: Tx,
  orderId: string,
  waiver: Pick<DamageWaiver, 'basisPoints'>,
  feeCents: number,
) {
  const [has] = await tx
    .select({ id: orderOwnLines.id })
    .from(orderOwnLines)
    .where(and(eq(orderOwnLines.orderId, orderId), eq(orderOwnLines.source, 'waiver')));
  if (has) return false;
  await addOwnLine(
    tx,
    orderId,
    {
      description: WAIVER_DESCRIPTION,
      kind: 'charge',
      quantity: 1,
      unitCents: 0,
      percentBasisPoints: waiver.basisPoints,
      gstFree: false,
    },
    feeCents,
    'waiver',
  );
  return true;
}

/** The waiver's line as the read model shows it, before it is read back (a request's first emails). */
export const waiverView = (waiver: Pick<DamageWaiver, 'basisPoints'>, cents: number): OwnLineView => ({
  id: 'waiver',
  description: WAIVER_DESCRIPTION,
  quantity: 1,
  unitCents: cents,
  gstFree: false,
  kind: 'charge',
  note: ownLineNote({ kind: 'charge', percentBasisPoints: waiver.basisPoints }),
  source: 'waiver',
});

/** Whether a request has the damage waiver. */
export async function hasWaiver(db: Pick<Db, 'select'>, orderId: string): Promise<boolean> {
  const [has] = await db
    .select({ id: orderOwnLines.id })
    .from(orderOwnLines)
    .where(and(eq(orderOwnLines.orderId, orderId), eq(orderOwnLines.source, 'waiver')));
  return has !== undefined;
}

/** Removes one of a request's lines and settles its subtotal; null when the request has no such line. */
export async function removeOwnLine(tx: Tx, orderId: string, lineId: string, feeCents: number) {
  const [row] = await tx
    .select()
    .from(orderOwnLines)
    .where(and(eq(orderOwnLines.id, lineId), eq(orderOwnLines.orderId, orderId)));
  if (!row) return null;
  await tx.delete(orderOwnLines).where(eq(orderOwnLines.id, lineId));
  return { removed: row, ...(await settleSubtotal(tx, orderId, await hireCentsOf(tx, orderId), feeCents)) };
}
