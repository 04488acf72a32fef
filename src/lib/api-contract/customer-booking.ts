/**
 * GET /api/bookings/{token}: a customer's booking as their booking page shows it (issue 49), read by
 * the signed link in their emails, without an account. Money in cents; days YYYY-MM-DD (the business's).
 */

export type CustomerBookingStatus = 'requested' | 'confirmed' | 'declined' | 'cancelled' | 'out' | 'returned';

export interface CustomerBookingOwed {
  /** What the terms ask for it. */
  cents: number;
  /** What is still owed of it (0: paid). */
  owedCents: number;
  due: string;
  /** Of it, held on a card and not charged (the bond, issue 61); absent for none. */
  heldCents?: number;
}

export interface CustomerBooking {
  orderId: string;
  status: CustomerBookingStatus;
  customerName: string;
  hireDate: string;
  /** The last day of use (issue 60): the hire date for a one-day hire. */
  lastDay: string;
  fulfilment: 'pickup' | 'delivery';
  /** Pickup: the day it is picked up and the day it comes back; delivery: the days around the event. */
  handOverOn: string;
  returnOn: string;
  handOverTime: string | null;
  deliveryAddress: string | null;
  items: { name: string; quantity: number; unitCents: number; variations: string[]; photoUrl: string | null }[];
  /** A delivery's fee (issue 60), in `subtotalCents`; null for a pickup or a fee still to be quoted. */
  deliveryFee: { label: string; cents: number } | null;
  /** Whether the team is still to quote this delivery's fee. */
  deliveryToQuote: boolean;
  /**
   * Lines of the team's own (issue 61), after the fee: a charge or a discount (negative), its words
   * ("Early-bird discount (10% off the hire)"), and GST-free or taxed. Absent from a booking kept
   * offline before they existed.
   */
  ownLines?: { label: string; quantity: number; unitCents: number; gstFree: boolean }[];
  /**
   * The business's damage waiver (issue 61), null where it has none: taken (a line above), or offered
   * to take here before the items go out, at `cents` before GST, with what it covers in `text`.
   */
  waiver?: { taken: boolean; offered: boolean; cents: number; text: string } | null;
  /** Its prices were entered with GST (issue 60): the lines include GST, worked out of the total. */
  pricesIncludeGst: boolean;
  subtotalCents: number;
  gstCents: number;
  totalCents: number;
  /** Null until the booking is confirmed: nothing is owed before. */
  money: {
    deposit: CustomerBookingOwed;
    balance: CustomerBookingOwed | null;
    bond: CustomerBookingOwed;
    paidCents: number;
    bondPaidCents: number;
    entries: {
      id: string;
      paidOn: string;
      kind: 'payment' | 'refund';
      towards: 'hire' | 'bond' | 'surcharge';
      method: string;
      cents: number;
    }[];
  } | null;
  /**
   * Paying by card online (Stripe Checkout), when the shop takes it: what can be paid now (the
   * deposit, or everything still owed) with the surcharge the business sets; null when it does not.
   */
  card: {
    surchargePercent: number;
    offers: {
      /** `bond_hold`: the bond held on the card, not charged (issue 61), where the hire ends soon enough. */
      what: 'deposit' | 'rest' | 'bond_hold';
      hireCents: number;
      bondCents: number;
      surchargeCents: number;
      totalCents: number;
    }[];
    /** How the bond is taken by card, in a sentence: held on the card or charged and refunded (issue 61). */
    bond?: string | null;
  } | null;
  /** After a cancellation or the return: what was refunded and kept, and why, in sentences. */
  settlement: string[];
  /** How to pay: bank details with the reference, in words. */
  waysToPay: string[];
  documents: { number: string; title: string; issuedOn: string; totalCents: number; url: string }[];
  /**
   * The newest quote sent (issue 61), null for a request never sent as one: its version, the day it
   * can be accepted until (lapsed after), and the digest an acceptance names. Absent in older copies.
   */
  quote?: { version: number; validUntil: string; sentAt: string; digest: string; lapsed: boolean } | null;
  terms: {
    /** A digest of the terms' text and money rules: what an acceptance names. */
    version: string;
    accepted: {
      name: string;
      at: string;
      version: string;
      url: string;
      /** Signed (issue 61), and the quote version accepted; absent in older copies. */
      signed?: boolean;
      quoteVersion?: number | null;
    } | null;
  };
}

/** POST /api/bookings/{token}/accept: the customer's typed name and the tick. */
export interface AcceptTermsBody {
  name: string;
  agree: true;
  /** Accepting a quote (issue 61): the version read and its digest. */
  quote_version?: number;
  quote_digest?: string;
  /** The signature (issue 61): drawn (a PNG, base64), or the typed name adopted as one. */
  signature?: { kind: 'drawn'; png: string } | { kind: 'typed' };
}

/** The shortest and longest name an acceptance takes. */
export const ACCEPT_NAME_MIN = 2;
export const ACCEPT_NAME_MAX = 120;
