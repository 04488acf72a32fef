import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { BusinessSettings } from '../../src/lib/api-contract/business-settings';
import type { CustomerBooking, CustomerBookingStatus } from '../../src/lib/api-contract/customer-booking';
import { waiverCents, waiverText } from '../../src/lib/api-contract/damage-waiver';
import {
  cancellationLines,
  howToPayLines,
  termsSummaryLines,
  waysToPayLines,
} from '../../src/lib/api-contract/payment-terms-text';
import { termsAcceptances } from '../db/schema';
import { publicOrigin } from '../lib/public-origin';
import { cardPart, latestHoldOf, moneyOf, moneySettingsOf, PAYMENT_METHODS } from '../money';
import { deliveryToQuote, type OrderView, ownLineLabel, storedOrderView, totalsOfView } from '../orders';
import { bondLines, bondSettlementOf } from './bond-settlement';
import { bookingToken } from './booking-links';
import { cancellationOf, cancellationLines as refundLines } from './cancellation';
import type { ServiceContext } from './context';
import { DOCUMENT_TITLES, documentsOf } from './documents';
import { latestQuote, quoteAccepted } from './quotes';

/** The terms a customer accepts, as one text: the business's terms and its money rules in words. */
export function termsText(business: BusinessSettings): string {
  const categoryName = (key: string) => business.categories.find((c) => c.key === key)?.name ?? key;
  return [
    `Terms & Conditions of Hire: ${business.name}`,
    '',
    business.terms.trim(),
    '',
    'Payments',
    ...termsSummaryLines(business.payments, categoryName).map((line) => `- ${line}`),
    '',
    'Cancellation',
    ...cancellationLines(business.payments).map((line) => `- ${line}`),
  ].join('\n');
}

/** The version an acceptance names: a digest of the text accepted. */
export const termsVersion = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

const STATUS: Record<string, CustomerBookingStatus> = {
  confirmed: 'confirmed',
  declined: 'declined',
  cancelled: 'cancelled',
  out: 'out',
  returned: 'returned',
};

/**
 * The customer's booking page (issue 49), by a signed link (booking-links.ts) without an account: the
 * booking as its page shows it, and accepting the terms.
 */

/** A request's booking as its page shows it, or null for none. */
export async function customerBooking(deps: ServiceContext, orderId: string): Promise<CustomerBooking | null> {
  const { db, booking } = deps;
  const state = await booking.state(db, orderId);
  if (!state) return null;
  const business = deps.business();
  const token = bookingToken(deps.secret, orderId);
  const [{ view }, money, documents, acceptances, card, cancelled, bond, quote, hold] = await Promise.all([
    storedOrderView(db, deps, orderId),
    moneyOf(db, orderId, moneySettingsOf(business)),
    documentsOf(db, orderId),
    db.select().from(termsAcceptances).where(eq(termsAcceptances.orderId, orderId)),
    cardPart(deps, orderId),
    cancellationOf(db, orderId),
    bondSettlementOf(deps, orderId),
    latestQuote(db, orderId),
    latestHoldOf(db, orderId),
  ]);
  // A bond held on the card that the cancellation released, nothing taken (issue 61).
  const released =
    hold && (hold.status === 'release_due' || hold.status === 'released') && !hold.captureCents ? hold.amountCents : 0;
  // The acceptance of the newest quote (or of the terms alone, for a request never quoted).
  const accepted = acceptances.find((row) => row.quoteVersion === (quote?.version ?? null));
  const status = STATUS[state.kind] ?? 'requested';
  const decided = status !== 'requested' && status !== 'declined';
  const totals = totalsOfView(view);
  const origin = publicOrigin(deps.config);
  const base = `/api/bookings/${token}`;
  return {
    orderId,
    status,
    customerName: view.customerName,
    hireDate: view.hireDate,
    lastDay: view.lastDay && view.lastDay > view.hireDate ? view.lastDay : view.hireDate,
    fulfilment: view.fulfilment,
    handOverOn: state.window.from,
    returnOn: state.window.to,
    handOverTime: view.handOverTime ?? null,
    deliveryAddress: view.deliveryAddress,
    items: view.items.map((item) => ({
      name: item.name,
      quantity: item.quantity,
      unitCents: item.priceCents,
      variations: item.variations,
      // This site's own path: the page may be read through any address of it, and offline.
      photoUrl: item.photoUrl?.startsWith(`${origin}/`) ? item.photoUrl.slice(origin.length) : (item.photoUrl ?? null),
    })),
    deliveryFee: view.deliveryFee ?? null,
    deliveryToQuote: deliveryToQuote(view),
    waiver: waiverPart(business, view, state.kind),
    ownLines: (view.ownLines ?? []).map((line) => ({
      label: ownLineLabel({ ...line, gstFree: false }),
      quantity: line.quantity,
      unitCents: line.unitCents,
      gstFree: line.gstFree,
    })),
    pricesIncludeGst: view.pricesIncludeGst ?? false,
    ...totals,
    money:
      money && decided
        ? {
            deposit: {
              cents: money.schedule.deposit.cents,
              owedCents: money.depositOwedCents,
              due: money.schedule.deposit.due,
            },
            balance: money.schedule.balance
              ? {
                  cents: money.schedule.balance.cents,
                  owedCents: money.balanceOwedCents,
                  due: money.schedule.balance.due,
                }
              : null,
            bond: {
              cents: money.schedule.bond.cents,
              owedCents: money.bondOwedCents,
              due: money.schedule.bond.due,
              ...(money.bondHeldCents > 0 ? { heldCents: money.bondHeldCents } : {}),
            },
            paidCents: money.paidCents,
            bondPaidCents: money.bondPaidCents,
            entries: money.entries.map((entry) => ({
              id: entry.id,
              paidOn: entry.paidOn,
              kind: entry.kind,
              towards: entry.towards,
              method: PAYMENT_METHODS[entry.method],
              cents: entry.amountCents,
            })),
          }
        : null,
    card,
    settlement: [
      ...(cancelled
        ? refundLines(
            { ...cancelled, bondPaidCents: cancelled.bondRefundCents, bondHeldCents: released },
            cancelled.refundCents,
          )
        : []),
      ...(bond ? bondLines(bond, business.payments.lateFeePercentPerDay) : []),
    ],
    // Always a way to pay while something is owed: with card payments online the rest are "other ways".
    waysToPay: decided
      ? card?.offers.length
        ? waysToPayLines(business.payments, `Request ${orderId}`)
        : howToPayLines(business.payments, business.phone, `Request ${orderId}`)
      : [],
    documents: documents.map((doc) => ({
      number: doc.number,
      title: doc.kind === 'invoice' ? (doc.content as { title: string }).title : DOCUMENT_TITLES[doc.kind],
      issuedOn: doc.issuedOn,
      totalCents: doc.totalCents,
      url: `${base}/documents/${doc.number}`,
    })),
    quote: quote
      ? {
          version: quote.version,
          validUntil: quote.validUntil,
          sentAt: quote.sentAt,
          digest: quote.digest,
          lapsed: booking.today() > quote.validUntil,
        }
      : null,
    terms: {
      version: termsVersion(termsText(business)),
      accepted: accepted
        ? {
            name: accepted.typedName,
            at: accepted.acceptedAt,
            version: accepted.termsVersion,
            url: `${base}/terms.pdf`,
            signed: accepted.signatureKind !== null,
            quoteVersion: accepted.quoteVersion,
          }
        : null,
    },
  };
}

/** The waiver as the booking page offers it: taken, or offered while the booking is open and not yet out. */
function waiverPart(business: BusinessSettings, view: OrderView, state: string): CustomerBooking['waiver'] {
  const waiver = business.payments.damageWaiver;
  const taken = (view.ownLines ?? []).some((line) => line.source === 'waiver');
  if (!waiver && !taken) return null;
  const hireCents = view.items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);
  const open = ['holding', 'lapsed', 'not_held', 'confirmed'].includes(state);
  return {
    taken,
    offered: !taken && open && (waiver?.inShop ?? false),
    cents: waiver ? waiverCents(hireCents, waiver) : 0,
    text: waiver ? waiverText(waiver) : '',
  };
}

export type AcceptOutcome =
  | { kind: 'accepted' | 'already'; at: string }
  | { kind: 'not_found' }
  | { kind: 'declined' }
  /** A quote accepted on a version that is not its newest (issue 61): the page shows the newest. */
  | { kind: 'stale'; version: number }
  | { kind: 'lapsed'; validUntil: string }
  /** The business asks for a signature, and none came (issue 61). */
  | { kind: 'unsigned' };

/** A signature as accepted: drawn (its PNG), or the typed name adopted as one. */
export type Signature = { kind: 'drawn'; png: Buffer } | { kind: 'typed' };

/** The digest of the exact agreement accepted: the terms' text and the quote's digest. */
export const agreementDigest = (text: string, quoteDigest: string | null) =>
  createHash('sha256')
    .update(`${text}\n${quoteDigest ?? ''}`)
    .digest('hex');

/**
 * Records the customer's acceptance of the terms as they read now: the typed name, the time, the
 * address it came from and the terms' version and text. Once: a second acceptance answers the first.
 */
export async function acceptTerms(
  deps: ServiceContext,
  orderId: string,
  input: { name: string; ip: string; quote?: { version: number; digest: string }; signature?: Signature },
): Promise<AcceptOutcome> {
  const state = await deps.booking.state(deps.db, orderId);
  if (!state) return { kind: 'not_found' };
  if (state.kind === 'declined' || state.kind === 'cancelled') return { kind: 'declined' };
  const text = termsText(deps.business());
  const now = deps.clock();
  const at = now.toISOString();
  return deps.db.transaction(async (tx): Promise<AcceptOutcome> => {
    // A quote is accepted on its newest version only, read here, in the acceptance's transaction.
    const quote = await latestQuote(tx, orderId);
    if (quote && (input.quote?.version !== quote.version || input.quote?.digest !== quote.digest)) {
      const [known] = await tx
        .select()
        .from(termsAcceptances)
        .where(and(eq(termsAcceptances.orderId, orderId), eq(termsAcceptances.quoteVersion, quote.version)));
      if (!known) return { kind: 'stale', version: quote.version };
    }
    const version = quote?.version ?? null;
    const [known] = await tx
      .select()
      .from(termsAcceptances)
      .where(
        and(
          eq(termsAcceptances.orderId, orderId),
          version === null ? isNull(termsAcceptances.quoteVersion) : eq(termsAcceptances.quoteVersion, version),
        ),
      );
    if (known) return { kind: 'already', at: known.acceptedAt };
    if (quote && deps.booking.today() > quote.validUntil) return { kind: 'lapsed', validUntil: quote.validUntil };
    if (deps.business().payments.signatureRequired && !input.signature) return { kind: 'unsigned' };
    const signature = input.signature;
    await tx.insert(termsAcceptances).values({
      id: randomUUID(),
      orderId,
      typedName: input.name,
      acceptedAt: at,
      ipAddress: input.ip,
      termsVersion: termsVersion(text),
      termsText: text,
      quoteVersion: version,
      quoteDigest: quote?.digest ?? null,
      signatureKind: signature?.kind ?? null,
      signaturePng: signature?.kind === 'drawn' ? signature.png.toString('base64') : null,
      agreementDigest: agreementDigest(text, quote?.digest ?? null),
    });
    if (quote) await quoteAccepted(tx, deps, orderId, { version: quote.version, name: input.name }, now);
    return { kind: 'accepted', at };
  });
}

/** The acceptance as stored, for its PDF: of the newest quote, or of the terms alone. */
export async function acceptanceOf(deps: Pick<ServiceContext, 'db'>, orderId: string) {
  const rows = await deps.db.select().from(termsAcceptances).where(eq(termsAcceptances.orderId, orderId));
  return rows.sort((a, b) => (b.quoteVersion ?? 0) - (a.quoteVersion ?? 0))[0] ?? null;
}
