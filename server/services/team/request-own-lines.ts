import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { formatMoney } from '../../../src/lib/api-contract/money';
import {
  type OwnLine,
  type OwnLineForm,
  type OwnLineProblem,
  ownLineCents,
  ownLineNote,
  readOwnLine,
} from '../../../src/lib/api-contract/own-lines';
import { orders, savedOwnLines } from '../../db/schema';
import { addOwnLine, discountedCents, hireCentsOf, ownLineLabel, removeOwnLine } from '../../orders';
import type { ServiceContext } from '../context';
import { actingRole, mayChangePrices } from './acting-role';
import { type Acting, logActivity } from './activity';
import { announceChange } from './change-effects';

/**
 * Lines of the team's own on a request (issue 61): added typed or picked from the saved ones, or
 * removed, each in one write transaction that re-reads the request, checks the member may set prices,
 * settles the subtotal and, for an invoiced booking, issues a credit note and a new tax invoice.
 */

export type OwnLineResult =
  | { kind: 'not_found' }
  | { kind: 'invalid'; message: string }
  /** The form's field that is wrong, and why: said beside it. */
  | { kind: 'problem'; problem: OwnLineProblem }
  | { kind: 'applied'; changes: string[] };

const NO_PRICES = 'Your role on the team does not let you change prices.';

/** The request's own lines can change while it is open: not once declined or cancelled. */
const closedText = (decision: string | null) =>
  decision === 'declined' || decision === 'cancelled'
    ? `This request is ${decision}: its lines no longer change.`
    : null;

/** A line's words in the log and the customer's email: "Added: Setup labour (GST-free): 3 × $45.00". */
function lineText(line: OwnLine, cents: number): string {
  const label = ownLineLabel({ description: line.description, gstFree: line.gstFree, note: ownLineNote(line) });
  return line.kind === 'charge' && line.quantity > 1
    ? `${label}: ${line.quantity} × ${formatMoney(line.unitCents)}`
    : `${label}: ${formatMoney(cents)}`;
}

/** Adds a line typed on the request's form (and keeps it for later requests when asked). */
export async function addRequestLine(
  deps: ServiceContext,
  orderId: string,
  form: OwnLineForm & { save: boolean },
  by: Acting,
): Promise<OwnLineResult> {
  return withLine(deps, orderId, by, async (tx, hireCents) => {
    const read = readOwnLine(form, hireCents, await discountedCents(tx, orderId, hireCents));
    if ('problem' in read) return { kind: 'problem', problem: read.problem };
    // Kept for later once: the same line saved again is not listed twice.
    const same = form.save
      ? await tx
          .select({ id: savedOwnLines.id })
          .from(savedOwnLines)
          .where(
            and(
              eq(savedOwnLines.description, read.line.description),
              eq(savedOwnLines.kind, read.line.kind),
              eq(savedOwnLines.quantity, read.line.quantity),
              eq(savedOwnLines.unitInCents, read.line.unitCents),
              eq(savedOwnLines.gstFree, read.line.gstFree),
              read.line.percentBasisPoints === null
                ? isNull(savedOwnLines.percentBasisPoints)
                : eq(savedOwnLines.percentBasisPoints, read.line.percentBasisPoints),
            ),
          )
      : [];
    if (form.save && same.length === 0) {
      await tx.insert(savedOwnLines).values({
        id: randomUUID(),
        description: read.line.description,
        kind: read.line.kind,
        quantity: read.line.quantity,
        unitInCents: read.line.unitCents,
        percentBasisPoints: read.line.percentBasisPoints,
        gstFree: read.line.gstFree,
      });
    }
    return { line: read.line };
  });
}

/** Adds one of the saved lines to a request, checked as if typed. */
export async function addSavedLine(
  deps: ServiceContext,
  orderId: string,
  savedId: string,
  by: Acting,
): Promise<OwnLineResult> {
  return withLine(deps, orderId, by, async (tx, hireCents) => {
    const [saved] = await tx.select().from(savedOwnLines).where(eq(savedOwnLines.id, savedId));
    if (!saved) return { kind: 'invalid', message: 'Choose a saved line.' };
    const line: OwnLine = { ...saved, unitCents: saved.unitInCents };
    const off = -ownLineCents(line, hireCents);
    if (line.kind === 'discount' && off + (await discountedCents(tx, orderId, hireCents)) > hireCents) {
      return { kind: 'invalid', message: 'That discount would come to more than the hire.' };
    }
    return { line };
  });
}

type LineTx = Parameters<Parameters<ServiceContext['db']['transaction']>[0]>[0];

/** The request, read in the line's transaction, if it is open and the member may set prices; else why not. */
async function openForPrices(
  tx: LineTx,
  deps: ServiceContext,
  orderId: string,
  by: Acting,
): Promise<typeof orders.$inferSelect | Exclude<OwnLineResult, { kind: 'applied' | 'problem' }>> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return { kind: 'not_found' };
  if (!mayChangePrices(await actingRole(tx, by), deps.business())) return { kind: 'invalid', message: NO_PRICES };
  const closed = closedText(order.decision);
  return closed ? { kind: 'invalid', message: closed } : order;
}

/** One added line's transaction: the checks, the line (or why not), the subtotal and what follows. */
async function withLine(
  deps: ServiceContext,
  orderId: string,
  by: Acting,
  pick: (tx: LineTx, hireCents: number) => Promise<{ line: OwnLine } | Exclude<OwnLineResult, { kind: 'applied' }>>,
): Promise<OwnLineResult> {
  const now = deps.clock();
  return deps.db.transaction(async (tx): Promise<OwnLineResult> => {
    const order = await openForPrices(tx, deps, orderId, by);
    if ('kind' in order) return order;
    const hireCents = await hireCentsOf(tx, orderId);
    const picked = await pick(tx, hireCents);
    if (!('line' in picked)) return picked;
    const own = picked.line;
    const feeCents = order.fulfillmentType === 'delivery' ? (order.deliveryFeeInCents ?? 0) : 0;
    const added = await addOwnLine(tx, orderId, own, feeCents);
    const changes = [`Added: ${lineText(own, ownLineCents(own, hireCents))}`];
    await announceChange(tx, deps, {
      orderId,
      changes,
      by,
      now,
      before: { subtotalInCents: order.subtotalInCents },
      after: { subtotalInCents: added.subtotalCents, line: own },
    });
    return { kind: 'applied', changes };
  });
}

/** Removes one of a request's own lines. */
export async function removeRequestLine(
  deps: ServiceContext,
  orderId: string,
  lineId: string,
  by: Acting,
): Promise<OwnLineResult> {
  const now = deps.clock();
  return deps.db.transaction(async (tx): Promise<OwnLineResult> => {
    const order = await openForPrices(tx, deps, orderId, by);
    if ('kind' in order) return order;
    const feeCents = order.fulfillmentType === 'delivery' ? (order.deliveryFeeInCents ?? 0) : 0;
    const removed = await removeOwnLine(tx, orderId, lineId, feeCents);
    if (!removed) return { kind: 'invalid', message: 'That line is no longer on the request.' };
    const line = removed.removed;
    const changes = [`Removed: ${lineText({ ...line, unitCents: line.unitInCents }, line.cents)}`];
    await announceChange(tx, deps, {
      orderId,
      changes,
      by,
      now,
      before: { subtotalInCents: order.subtotalInCents, line: line.description },
      after: { subtotalInCents: removed.subtotalCents },
    });
    return { kind: 'applied', changes };
  });
}

/** The saved lines, in the order they were saved. */
export const savedLinesOf = (db: ServiceContext['db']) =>
  db.select().from(savedOwnLines).orderBy(asc(savedOwnLines.createdAt), asc(savedOwnLines.description));

/** Forgets a saved line (the requests that have it keep theirs). */
export async function deleteSavedLine(deps: ServiceContext, savedId: string, by: Acting): Promise<OwnLineResult> {
  const now = deps.clock();
  return deps.db.transaction(async (tx): Promise<OwnLineResult> => {
    if (!mayChangePrices(await actingRole(tx, by), deps.business())) return { kind: 'invalid', message: NO_PRICES };
    const [saved] = await tx.select().from(savedOwnLines).where(eq(savedOwnLines.id, savedId));
    if (!saved) return { kind: 'not_found' };
    await tx.delete(savedOwnLines).where(eq(savedOwnLines.id, savedId));
    const summary = `Saved line removed: ${saved.description}`;
    await logActivity(tx, by, { kind: 'settings', subjectType: 'settings', subjectId: 'saved_lines', summary }, now);
    return { kind: 'applied', changes: [summary] };
  });
}
