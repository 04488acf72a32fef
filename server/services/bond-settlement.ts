import { and, eq, gte } from 'drizzle-orm';
import { waiverCovers } from '../../src/lib/api-contract/damage-waiver';
import { dayIn } from '../../src/lib/api-contract/dates';
import { formatMoney } from '../../src/lib/api-contract/money';
import { bondOutcome, daysBetween } from '../../src/lib/api-contract/payment-terms';
import type { Tx } from '../booking';
import { bondSettlements, orders, payments } from '../db/schema';
import { enqueueMail } from '../mail/queue';
import { moneyOf, moneySettingsOf, settleHold } from '../money';
import { hasWaiver, storedOrderView } from '../orders';
import type { ServiceContext } from './context';
import { bondKeptInvoiceContent, issueDocument } from './documents';
import { renderBondSettledEmail } from './emails';
import { type Acting, logActivity } from './team/activity';

/**
 * The bond after the return (issue 49): the late days at the terms' daily fee and what the team keeps
 * for missing or damaged pieces, from the bond paid; the rest refunded. Settled once, in one write
 * transaction with the customer's email that says it with the reason in writing, and the log's line.
 */

export interface BondPreview {
  /** The bond paid and held on a card (issue 61) together. */
  bondCents: number;
  /** Of it, held on a card and not charged: taken from up to what is kept, the rest released. */
  heldCents: number;
  returnDue: string;
  returnedOn: string;
  daysLate: number;
  lateFeeCents: number;
  /** The booking has the damage waiver (issue 61): what it covers (null cover: all accidental damage). */
  waiver: { coverCents: number | null } | null;
}

/**
 * A returned booking's bond before it is settled: what was paid and the late fee the terms charge,
 * read through `db` (the settlement's own transaction when it settles).
 */
export async function bondPreview(
  deps: ServiceContext,
  orderId: string,
  db: Tx | ServiceContext['db'] = deps.db,
): Promise<BondPreview | null> {
  const [order] = await db
    .select({ returnedOn: orders.returnedOn, decision: orders.decision })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order?.returnedOn || order.decision !== 'confirmed') return null;
  const [settled] = await db.select().from(bondSettlements).where(eq(bondSettlements.orderId, orderId));
  if (settled) return null;
  const money = await moneyOf(db, orderId, moneySettingsOf(deps.business()));
  const state = await deps.booking.state(db, orderId);
  if (!money || !state || money.bondPaidCents + money.bondHeldCents <= 0) return null;
  const bondCents = money.bondPaidCents + money.bondHeldCents;
  const daysLate = Math.max(0, daysBetween(state.window.to, order.returnedOn));
  const outcome = bondOutcome(
    { bondCents, hireCents: money.totalCents, daysLate, damageCents: 0 },
    deps.business().payments,
  );
  return {
    bondCents,
    heldCents: money.bondHeldCents,
    returnDue: state.window.to,
    returnedOn: order.returnedOn,
    daysLate,
    lateFeeCents: outcome.lateFeeCents,
    waiver: (await hasWaiver(db, orderId))
      ? { coverCents: deps.business().payments.damageWaiver?.coverCents ?? null }
      : null,
  };
}

/** The settlement in the customer's words. */
export function bondLines(settled: typeof bondSettlements.$inferSelect, lateFeePercent: number): string[] {
  return [
    `Your bond: ${formatMoney(settled.bondCents)}.`,
    settled.daysLate > 0
      ? `Returned ${settled.daysLate} ${settled.daysLate === 1 ? 'day' : 'days'} late: a late fee of ${formatMoney(settled.lateFeeCents)} (${lateFeePercent}% of the hire a day).`
      : 'Returned on time: no late fee.',
    ...(settled.damageCents > 0 && settled.waiverCoveredCents > 0
      ? [
          `Missing or damaged pieces: ${formatMoney(settled.damageCents)}. ${settled.reason ?? ''}`.trim(),
          `Covered by your damage waiver: ${formatMoney(settled.waiverCoveredCents)}.`,
        ]
      : []),
    ...(settled.damageCents > settled.waiverCoveredCents
      ? [
          settled.waiverCoveredCents > 0
            ? `Kept for missing or damaged pieces: ${formatMoney(settled.damageCents - settled.waiverCoveredCents)}.`
            : `Kept for missing or damaged pieces: ${formatMoney(settled.damageCents)}. ${settled.reason ?? ''}`.trim(),
        ]
      : []),
    ...returnOfBond(settled),
  ];
}

/** What goes back of the bond: a refund of what was paid, a release of what was held on the card (issue 61). */
function returnOfBond(settled: typeof bondSettlements.$inferSelect): string[] {
  const { heldCents, keptCents, bondCents } = settled;
  const { released, refunded } = bondReturned(settled);
  if (keptCents >= bondCents && settled.refundCents === 0) {
    return [
      heldCents > 0
        ? `The bond covers these charges, so we take all ${formatMoney(heldCents)} held on your card.`
        : 'The bond covers these charges, so nothing of it is refunded.',
    ];
  }
  if (heldCents <= 0) {
    return [
      `We refund ${formatMoney(settled.refundCents)} of your bond${keptCents > 0 ? `, keeping ${formatMoney(keptCents)}` : ''}.`,
    ];
  }
  const taken = heldCents - released;
  return [
    taken > 0
      ? `Of the ${formatMoney(heldCents)} held on your card we take ${formatMoney(taken)} and release ${formatMoney(released)}.`
      : `We release the ${formatMoney(heldCents)} held on your card: nothing is taken.`,
    ...(refunded > 0 ? [`We refund ${formatMoney(refunded)} of the bond you paid.`] : []),
  ];
}

/** A settlement's return of the bond: released from a hold on the card, and refunded of what was paid. */
export function bondReturned(
  settled: Pick<typeof bondSettlements.$inferSelect, 'heldCents' | 'keptCents' | 'refundCents'>,
) {
  const released = settled.heldCents - Math.min(settled.keptCents, settled.heldCents);
  return { released, refunded: Math.max(0, settled.refundCents - released) };
}

export type SettleOutcome =
  | { kind: 'settled'; refundCents: number; keptCents: number }
  | { kind: 'not_ready' }
  | { kind: 'too_much'; maxCents: number };

/** Settles a returned booking's bond: once, with its email and the activity log's line. */
export async function settleBond(
  deps: ServiceContext,
  orderId: string,
  input: { damageCents: number; reason: string | null },
  by: Acting,
): Promise<SettleOutcome> {
  const terms = deps.business().payments;
  const now = deps.clock();
  // Read and written in one transaction: a payment or a second settlement racing it is seen.
  return deps.db.transaction(async (tx) => {
    const preview = await bondPreview(deps, orderId, tx);
    if (!preview) return { kind: 'not_ready' as const };
    // Damage the booking's waiver covers is not kept (issue 61); late days still are.
    const covered = preview.waiver ? waiverCovers(input.damageCents, preview.waiver) : 0;
    if (input.damageCents - covered > preview.bondCents) {
      return { kind: 'too_much' as const, maxCents: preview.bondCents + covered };
    }
    const outcome = bondOutcome(
      {
        bondCents: preview.bondCents,
        hireCents: 0,
        daysLate: 0,
        damageCents: input.damageCents - covered + preview.lateFeeCents,
      },
      terms,
    );
    const row = {
      orderId,
      settledOn: dayIn(now, deps.business().timeZone),
      bondCents: preview.bondCents,
      daysLate: preview.daysLate,
      lateFeeCents: preview.lateFeeCents,
      damageCents: input.damageCents,
      keptCents: outcome.keptCents,
      refundCents: outcome.refundCents,
      reason: input.reason,
      at: now.toISOString(),
      waiverCoveredCents: covered,
      // What is kept is taken from a hold on the card first; the rest of the hold is released (issue 61).
      heldCents: (await settleHold(tx, orderId, outcome.keptCents)).heldCents,
    };
    await tx.insert(bondSettlements).values(row);
    const { view, customer } = await storedOrderView(tx, deps, orderId);
    // What the bond keeps is a charge like any other: on a tax invoice of its own, paid from the bond.
    const invoice =
      row.keptCents > 0
        ? await issueDocument(tx, {
            orderId,
            kind: 'invoice',
            issuedOn: row.settledOn,
            now,
            content: (number) =>
              bondKeptInvoiceContent(
                { view, customerEmail: customer.email ?? '', issuedOn: row.settledOn, number },
                {
                  daysLate: row.daysLate,
                  // What the bond could cover of the late fee, then of the damage.
                  lateFeeCents: Math.min(row.lateFeeCents, row.keptCents),
                  lateFeePercent: terms.lateFeePercentPerDay,
                  damageCents: Math.max(0, row.keptCents - Math.min(row.lateFeeCents, row.keptCents)),
                  reason: row.reason,
                },
              ),
          })
        : null;
    const lines = bondLines(row, terms.lateFeePercentPerDay);
    if (customer.email) {
      await enqueueMail(
        tx,
        {
          kind: 'bond_settled',
          to: customer.email,
          payload: row,
          orderId,
          dedupeKey: `bond_settled:${orderId}`,
          ...(invoice ? { attachments: [invoice.id] } : {}),
          ...renderBondSettledEmail(view, preview.returnedOn, lines),
        },
        now,
      );
    }
    await logActivity(
      tx,
      by,
      {
        kind: 'bond_settled',
        subjectType: 'request',
        subjectId: orderId,
        summary: `Settled the bond of request ${orderId}: ${formatMoney(row.refundCents)} to refund, ${formatMoney(row.keptCents)} kept`,
        after: row,
      },
      now,
    );
    return { kind: 'settled' as const, refundCents: row.refundCents, keptCents: row.keptCents };
  });
}

/** A settled bond and what of its refund is still to pay (bond refunds recorded since count). */
export async function bondSettlementOf(deps: Pick<ServiceContext, 'db'>, orderId: string) {
  const [row] = await deps.db.select().from(bondSettlements).where(eq(bondSettlements.orderId, orderId));
  if (!row) return null;
  const refunds = await deps.db
    .select({ cents: payments.amountCents })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.kind, 'refund'),
        eq(payments.towards, 'bond'),
        gte(payments.recordedAt, row.at),
      ),
    );
  const refunded = refunds.reduce((sum, refund) => sum + refund.cents, 0);
  // A hold on the card is released, not refunded: only the bond paid is paid back.
  return { ...row, owedCents: Math.max(0, bondReturned(row).refunded - refunded) };
}
