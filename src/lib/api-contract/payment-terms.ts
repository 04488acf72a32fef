import { percentOfCents } from './basis-points';
import type { DamageWaiver } from './damage-waiver';
import { addDays } from './hold-window';

/**
 * The money rules of a business's terms (business.json's `payments`): what books a date, when the rest
 * is due, the bond, what a cancellation refunds and what a late return costs. Pure and shared: the
 * terms page, the checkout, the emails and the workspace read the same figures. Cents throughout, one
 * rounding rule (`percentOf`: to the nearest cent, halves up).
 */

/** One rung of the cancellation ladder: cancelled at least `daysBefore` days before the hire date. */
export interface CancellationStep {
  daysBefore: number;
  /** What is refunded of what was paid beyond a non-refundable deposit; null: the team decides. */
  refundPercent: number | null;
}

/** How a customer pays by bank transfer: Australia's BSB and account, or New Zealand's one number. */
export type BankTransfer =
  | { kind: 'au'; accountName: string; bsb: string; accountNumber: string }
  | { kind: 'nz'; accountName: string; accountNumber: string };

export interface PaymentTerms {
  depositPercent: number;
  depositRefundable: boolean;
  bondMinimumCents: number;
  bondPercent: number;
  /** Days before the hire date the balance is due, and per category key where a category differs. */
  balanceDueDays: number;
  balanceDueDaysByCategory: Readonly<Record<string, number>>;
  /** Longest notice first; the last rung is 0 days. */
  cancellation: readonly CancellationStep[];
  lateFeePercentPerDay: number;
  bankTransfer: BankTransfer | null;
  cardPayments: boolean;
  /** A card surcharge (0 by default): shown before paying by card, never on a bank transfer. */
  cardSurchargePercent: number;
  /** Days after confirming that an unpaid deposit is reminded (0: never). */
  depositReminderDays: number;
  /** Days before the balance's due day that an unpaid balance is reminded (0: never). */
  balanceReminderDays: number;
  /**
   * Days after confirming that a booking with nothing paid is released (cancelled, its stock free
   * again): the team's choice, 0 (never) by default.
   */
  releaseUnpaidAfterDays: number;
  /** A damage waiver (issue 61), or null for none. */
  damageWaiver: DamageWaiver | null;
  /**
   * Book without waiting (issue 61): with cards online, a request whose items are all free can be
   * paid for (its deposit) before the team answers it, and is confirmed when the payment arrives.
   */
  bookWithoutWaiting: boolean;
  /**
   * The bond held on the card, not charged (issue 61): with cards online, where the hire ends within
   * a card hold's life (`bondHoldOffered`), the bond is a hold the settlement takes from and releases.
   */
  bondCardHold: boolean;
  /** Accepting asks for a signature, drawn or the name typed and adopted as one (issue 61); else the name alone. */
  signatureRequired: boolean;
  /** Days a quote can be accepted, its items held meanwhile (issue 61); 14 by default. */
  quoteValidDays: number;
  /** Days before a quote lapses that the customer is reminded (0: never); 3 by default. */
  quoteReminderDays: number;
}

/**
 * The demo's terms, and every business's without a `payments` block: a 50% non-refundable deposit, a
 * bond of the greater of $50 or 20%, the balance 3 days before (party hire), cancelling 4 weeks or more
 * before refunds all but the deposit, 2 weeks or less nothing, between at the team's discretion, and
 * 10% of the hire a day for a late return.
 */
export const DEFAULT_PAYMENT_TERMS: PaymentTerms = {
  depositPercent: 50,
  depositRefundable: false,
  bondMinimumCents: 5000,
  bondPercent: 20,
  balanceDueDays: 3,
  balanceDueDaysByCategory: {},
  cancellation: [
    { daysBefore: 28, refundPercent: 100 },
    { daysBefore: 15, refundPercent: null },
    { daysBefore: 0, refundPercent: 0 },
  ],
  lateFeePercentPerDay: 10,
  bankTransfer: null,
  cardPayments: false,
  cardSurchargePercent: 0,
  depositReminderDays: 2,
  balanceReminderDays: 3,
  releaseUnpaidAfterDays: 0,
  damageWaiver: null,
  bookWithoutWaiting: false,
  bondCardHold: false,
  signatureRequired: false,
  quoteValidDays: 14,
  quoteReminderDays: 3,
};

/** A percentage of an amount in cents, to the nearest cent (halves up): the one rounding rule (basis-points.ts). */
export const percentOf = percentOfCents;

/** Whole days from one YYYY-MM-DD to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export const depositCents = (totalCents: number, terms: PaymentTerms) => percentOf(totalCents, terms.depositPercent);

/** The bond: the greater of the minimum and the percentage of the hire (its total, GST included). */
export const bondCents = (hireCents: number, terms: PaymentTerms) =>
  Math.max(terms.bondMinimumCents, percentOf(hireCents, terms.bondPercent));

/** Days before the hire the balance is due: the longest notice among the booking's categories. */
export function balanceDueDaysOf(categoryKeys: readonly string[], terms: PaymentTerms): number {
  return categoryKeys.reduce(
    (days, key) => Math.max(days, terms.balanceDueDaysByCategory[key] ?? terms.balanceDueDays),
    categoryKeys.length ? 0 : terms.balanceDueDays,
  );
}

export interface ScheduleInput {
  /** The booking's total, GST included. */
  totalCents: number;
  hireDate: string;
  /** The day the schedule is made (the booking confirmed, or today for a preview). */
  today: string;
  categoryKeys: readonly string[];
}

export interface Payment {
  cents: number;
  /** The day it is due by (YYYY-MM-DD). */
  due: string;
}

export interface PaymentSchedule {
  deposit: Payment;
  /** Null when the deposit is the whole amount (100%). */
  balance: Payment | null;
  /** Paid with the balance, refunded after the return less what it covers. */
  bond: Payment;
  /** A booking made inside the balance's notice: everything is due now. */
  allDueNow: boolean;
}

/**
 * What is owed and when: the deposit now (it books the date), the balance by its notice before the
 * hire (or now, for a booking made later than that), the bond with the balance.
 */
export function paymentSchedule(input: ScheduleInput, terms: PaymentTerms): PaymentSchedule {
  const deposit = depositCents(input.totalCents, terms);
  const byNotice = addDays(input.hireDate, -balanceDueDaysOf(input.categoryKeys, terms));
  const allDueNow = byNotice <= input.today;
  const balanceDue = allDueNow ? input.today : byNotice;
  const rest = input.totalCents - deposit;
  return {
    deposit: { cents: deposit, due: input.today },
    balance: rest > 0 ? { cents: rest, due: balanceDue } : null,
    bond: { cents: bondCents(input.totalCents, terms), due: balanceDue },
    allDueNow,
  };
}

export interface CancellationInput {
  /** What the customer has paid towards the hire (the bond apart). */
  paidCents: number;
  totalCents: number;
  hireDate: string;
  cancelledOn: string;
}

export interface CancellationOutcome {
  daysBefore: number;
  step: CancellationStep;
  /** What the terms keep whatever the rung: the deposit, when it is not refundable (at most what was paid). */
  keptDepositCents: number;
  /** Null: the terms leave it to the team (between the ladder's rungs). */
  refundCents: number | null;
}

/** What the ladder refunds of what was paid, for a cancellation on a given day. */
export function cancellationOutcome(input: CancellationInput, terms: PaymentTerms): CancellationOutcome {
  const daysBefore = daysBetween(input.cancelledOn, input.hireDate);
  const ladder = [...terms.cancellation].sort((a, b) => b.daysBefore - a.daysBefore);
  const step = ladder.find((rung) => daysBefore >= rung.daysBefore) ?? { daysBefore: 0, refundPercent: 0 };
  const keptDepositCents = terms.depositRefundable
    ? 0
    : Math.min(input.paidCents, depositCents(input.totalCents, terms));
  const refundable = input.paidCents - keptDepositCents;
  return {
    daysBefore,
    step,
    keptDepositCents,
    refundCents: step.refundPercent === null ? null : percentOf(refundable, step.refundPercent),
  };
}

export interface BondOutcome {
  lateFeeCents: number;
  keptCents: number;
  refundCents: number;
  /** What the bond did not cover, owed on top of it. */
  owedCents: number;
}

/** The bond after the return: late days at the daily fee, then damage or missing pieces, from the bond. */
export function bondOutcome(
  input: { bondCents: number; hireCents: number; daysLate: number; damageCents: number },
  terms: PaymentTerms,
): BondOutcome {
  const lateFeeCents = percentOf(input.hireCents, terms.lateFeePercentPerDay) * Math.max(0, input.daysLate);
  const charges = lateFeeCents + Math.max(0, input.damageCents);
  const keptCents = Math.min(input.bondCents, charges);
  return {
    lateFeeCents,
    keptCents,
    refundCents: input.bondCents - keptCents,
    owedCents: charges - keptCents,
  };
}

/** A card payment's surcharge, when the business sets one (never on a bank transfer). */
export const cardSurchargeCents = (cents: number, terms: PaymentTerms) => percentOf(cents, terms.cardSurchargePercent);
