import { eq } from 'drizzle-orm';
import { latestHireDate } from '../../../src/lib/api-contract/dates';
import type { OwnLineProblem } from '../../../src/lib/api-contract/own-lines';
import type { BookingState, FreeCount, StillOut } from '../../booking';
import { type customers, type orders, type savedOwnLines, termsAcceptances } from '../../db/schema';
import { publicOrigin } from '../../lib/public-origin';
import {
  type BondHold,
  type CardNotes,
  cardNotesOf,
  latestHoldOf,
  type Money,
  moneyOf,
  moneySettingsOf,
  type PayBack,
  payBackOf,
} from '../../money';
import type { OrderView } from '../../orders';
import { storedOrderView } from '../../orders';
import { type BondPreview, bondPreview, bondSettlementOf } from '../bond-settlement';
import { type CancellationPreview, cancellationOf, cancellationPreview } from '../cancellation';
import type { ServiceContext } from '../context';
import { documentsOf, type StoredDocument } from '../documents';
import { type QuoteVersion, quotesOf } from '../quotes';
import type { PickerBundle, PickerCatalogue } from './item-picks';
import { savedLinesOf } from './request-own-lines';
import { changeFormData, requestExists, requestRecord } from './requests';

/** The change form as typed, shown again (opened) with why it was not saved. */
export interface TypedChange {
  form: Record<string, string>;
  /** A bundle picked to add whose choices are still to make. */
  choose?: PickerBundle;
}

export interface ChangeFormData {
  order: typeof orders.$inferSelect;
  lines: { id: string; title: string; quantity: number; itemType: string }[];
  /** What can be added: every product for hire by group, and the bundles with their choices. */
  picker: PickerCatalogue;
  today: string;
  latest: string;
  typed?: TypedChange;
}

/** The own-lines form as typed, shown again with the field that is wrong (issue 61). */
export interface TypedOwnLine {
  form: { description: string; quantity: string; amount: string; kind: string; gstFree: boolean; save: boolean };
  problem: OwnLineProblem | null;
}

/** Lines of the team's own: the saved ones to pick from, whether the request still takes them, the form as typed. */
export interface OwnLinesData {
  saved: (typeof savedOwnLines.$inferSelect)[];
  /** Not declined or cancelled. */
  open: boolean;
  typed?: TypedOwnLine;
}

export interface RequestPageData {
  view: OrderView;
  order: typeof orders.$inferSelect;
  customer: typeof customers.$inferSelect;
  state: BookingState;
  free: FreeCount[];
  record: Awaited<ReturnType<typeof requestRecord>>;
  stillOut: StillOut | null;
  today: string;
  change: ChangeFormData;
  /** What it owes and has paid (payments recorded against it). */
  money: Money | null;
  /** Its tax invoices, receipts and credit notes. */
  documents: StoredDocument[];
  /** Whether the shop takes cards online (Stripe). */
  cardsOnline: boolean;
  /** Money held beyond what is owed, to pay back (null: none). */
  payBack: PayBack | null;
  /** Disputes, and Stripe events about this request that the team should look at. */
  cardNotes: CardNotes;
  /** The bond held on the customer's card, the newest hold whatever became of it (issue 61). */
  bondHold: BondHold | null;
  /** A confirmed booking: what cancelling it today would refund and keep, by the terms. */
  cancelPreview: CancellationPreview | null;
  /** A cancelled one: what was refunded and kept, and what is still to pay back by bank. */
  cancelled: Awaited<ReturnType<typeof cancellationOf>>;
  /** A returned booking's bond: to settle (its late fee by the terms), or as settled. */
  bond: { preview: BondPreview | null; settled: Awaited<ReturnType<typeof bondSettlementOf>> };
  ownLines: OwnLinesData;
  /** Every version of its quote, newest first, and which were accepted (issue 61). */
  quotes: {
    versions: QuoteVersion[];
    accepted: { version: number | null; name: string; at: string; signed: boolean }[];
  };
}

/** Everything a request's page shows (null for an unknown request). */
export async function requestPageData(deps: ServiceContext, id: string): Promise<RequestPageData | null> {
  const { db, booking } = deps;
  if (!(await requestExists(db, id))) return null;
  const business = deps.business();
  const [
    { view, order, customer },
    state,
    free,
    record,
    stillOut,
    change,
    money,
    documents,
    cancelPreview,
    cancelled,
    bondToSettle,
    bondSettled,
    saved,
    quoteRows,
    acceptances,
  ] = await Promise.all([
    storedOrderView(db, deps, id),
    booking.state(db, id),
    booking.availability(db, id),
    requestRecord(db, id),
    booking.stillOut(db, [id]),
    changeFormData(db, id),
    moneyOf(db, id, moneySettingsOf(business)),
    documentsOf(db, id),
    cancellationPreview(db, deps, id),
    cancellationOf(db, id),
    bondPreview(deps, id),
    bondSettlementOf(deps, id),
    savedLinesOf(db),
    quotesOf(db, id),
    db.select().from(termsAcceptances).where(eq(termsAcceptances.orderId, id)),
  ]);
  if (!state) return null;
  // The photos as this site's own paths: the page is seen here, whatever PUBLIC_URL says.
  const origin = publicOrigin(deps.config);
  for (const item of view.items) {
    if (item.photoUrl?.startsWith(`${origin}/`)) item.photoUrl = item.photoUrl.slice(origin.length);
  }
  const today = booking.today();
  const [payBack, cardNotes, bondHold] = await Promise.all([
    money ? payBackOf(db, id, money) : null,
    cardNotesOf(db, id),
    latestHoldOf(db, id),
  ]);
  return {
    view,
    order,
    customer,
    state,
    free,
    record,
    stillOut: stillOut.get(id) ?? null,
    today,
    change: { order, ...change, today, latest: latestHireDate(today) },
    money,
    documents,
    cardsOnline: deps.cards !== null,
    payBack,
    cardNotes,
    bondHold,
    cancelPreview,
    cancelled,
    bond: { preview: bondToSettle, settled: bondSettled },
    ownLines: { saved, open: order.decision !== 'declined' && order.decision !== 'cancelled' },
    quotes: {
      versions: quoteRows,
      accepted: acceptances.map((row) => ({
        version: row.quoteVersion,
        name: row.typedName,
        at: row.acceptedAt,
        signed: row.signatureKind !== null,
      })),
    },
  };
}
