import { z } from 'zod';
import { text, wholeDays } from './business-file-fields';
import { type BankTransfer, DEFAULT_PAYMENT_TERMS, type PaymentTerms } from './payment-terms';

/**
 * business.json's `payments`: the money rules of the terms. Every key has the demo's terms as its
 * default, so a business without the block takes a 50% deposit, a bond of $50 or 20%, and so on.
 */

const percent = (what: string, max = 100) =>
  z
    .number({ error: `must be a percentage such as 50 (${what})` })
    .min(0, `must be 0 to ${max} (${what})`)
    .max(max, `must be 0 to ${max} (${what})`);

const daysBefore = wholeDays(0, 365, 'must be a whole number of days before the hire date, 0 to 365');

/** `{ "days_before": 28, "refund_percent": 100 }`; a refund_percent of null leaves it to the team. */
const cancellationStep = z.strictObject(
  {
    days_before: daysBefore,
    refund_percent: percent('of what was paid beyond a non-refundable deposit').nullable(),
  },
  { error: 'must be { "days_before": 28, "refund_percent": 100 } (refund_percent null: the team decides)' },
);

const bankTransfer = z.union(
  [
    z.strictObject({
      account_name: text(100, 'the account name').min(1, 'must not be empty (the account name)'),
      bsb: z
        .string({ error: 'must be a BSB of 6 digits, such as "062-000"' })
        .trim()
        .regex(/^\d{3}-?\d{3}$/, 'must be a BSB of 6 digits, such as "062-000"'),
      account_number: z
        .string({ error: 'must be an account number of 5 to 10 digits' })
        .trim()
        .regex(/^\d{5,10}$/, 'must be an account number of 5 to 10 digits'),
    }),
    z.strictObject({
      account_name: text(100, 'the account name').min(1, 'must not be empty (the account name)'),
      account_number: z
        .string({ error: 'must be a New Zealand account number such as "12-3140-0123456-00"' })
        .trim()
        .regex(/^\d{2}-\d{4}-\d{7}-\d{2,3}$/, 'must be a New Zealand account number such as "12-3140-0123456-00"'),
    }),
  ],
  {
    error:
      'must be { "account_name", "bsb", "account_number" } (Australia) or { "account_name", "account_number": "12-3140-0123456-00" } (New Zealand)',
  },
);

/** `{ "percent": 7.5, "required": false, "in_shop": true, "covers_up_to": 500 }` (issue 61). */
const damageWaiver = z.strictObject(
  {
    percent: z
      .number({ error: 'must be a percentage such as 7.5 (the damage waiver, of the hire)' })
      .gt(0, 'must be more than 0 and at most 50 (the damage waiver, of the hire)')
      .max(50, 'must be more than 0 and at most 50 (the damage waiver, of the hire)'),
    required: z.boolean({ error: 'must be true or false (the waiver is required)' }).default(false),
    in_shop: z.boolean({ error: 'must be true or false (the waiver is offered in the shop)' }).default(true),
    covers_up_to: z
      .number({ error: 'must be a number of dollars, or null for all accidental damage (what the waiver covers)' })
      .min(0, 'must be 0 or more (what the waiver covers)')
      .max(1_000_000, 'must be at most 1000000 (what the waiver covers)')
      .nullable()
      .default(null),
  },
  { error: 'must be { "percent": 7.5, "required": false, "in_shop": true, "covers_up_to": null }' },
);

const D = DEFAULT_PAYMENT_TERMS;

export const paymentsField = z
  .strictObject(
    {
      deposit_percent: percent('of the total that books the date').default(D.depositPercent),
      deposit_refundable: z.boolean({ error: 'must be true or false' }).default(D.depositRefundable),
      // In dollars, as written (a parsed file shows what the owner typed); cents in the terms.
      bond_minimum: z
        .number({ error: 'must be a number of dollars, such as 50 (the smallest bond)' })
        .min(0, 'must be 0 or more (the smallest bond)')
        .max(100_000, 'must be at most 100000 (the smallest bond)')
        .default(D.bondMinimumCents / 100),
      bond_percent: percent('of the hire').default(D.bondPercent),
      balance_due_days: daysBefore.default(D.balanceDueDays),
      balance_due_days_by_category: z
        .record(z.string().regex(/^[a-z0-9_]{1,60}$/, 'must be a category key such as "styling"'), daysBefore, {
          error: 'must be { "category_key": days }, such as { "styling": 14 }',
        })
        .default({}),
      cancellation: z
        .array(cancellationStep, { error: 'must be a list of { "days_before", "refund_percent" }' })
        .min(1, 'must have at least one step')
        .max(8, 'at most 8 steps')
        .refine((steps) => steps.some((step) => step.days_before === 0), 'must have a step of 0 days (the last days)')
        .refine((steps) => new Set(steps.map((s) => s.days_before)).size === steps.length, 'each days_before once')
        .default(D.cancellation.map((step) => ({ days_before: step.daysBefore, refund_percent: step.refundPercent }))),
      late_fee_percent_per_day: percent('of the hire for each day late').default(D.lateFeePercentPerDay),
      bank_transfer: bankTransfer.optional(),
      card_payments: z.boolean({ error: 'must be true or false' }).default(D.cardPayments),
      card_surcharge_percent: percent('added to a card payment; at most 5', 5).default(D.cardSurchargePercent),
      deposit_reminder_days: wholeDays(
        0,
        60,
        'must be a whole number of days after confirming, 0 (never) to 60',
      ).default(D.depositReminderDays),
      balance_reminder_days: wholeDays(
        0,
        60,
        'must be a whole number of days before the balance is due, 0 (never) to 60',
      ).default(D.balanceReminderDays),
      release_unpaid_after_days: wholeDays(
        0,
        60,
        'must be a whole number of days after confirming, 0 (never) to 60',
      ).default(D.releaseUnpaidAfterDays),
      damage_waiver: damageWaiver.nullable().default(null),
      book_without_waiting: z
        .boolean({ error: 'must be true or false (book without waiting for the team)' })
        .default(D.bookWithoutWaiting),
      bond_card_hold: z.boolean({ error: 'must be true or false (hold the bond on the card)' }).default(D.bondCardHold),
      signature_required: z
        .boolean({ error: 'must be true or false (a signature to accept)' })
        .default(D.signatureRequired),
      quote_valid_days: wholeDays(1, 90, 'must be a whole number of days a quote can be accepted, 1 to 90').default(
        D.quoteValidDays,
      ),
      quote_reminder_days: wholeDays(
        0,
        30,
        'must be a whole number of days before a quote lapses, 0 (never) to 30',
      ).default(D.quoteReminderDays),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? undefined : 'must be an object of payment settings') },
  )
  .prefault({});

export type PaymentsFile = z.output<typeof paymentsField>;

function bankOf(file: PaymentsFile['bank_transfer']): BankTransfer | null {
  if (!file) return null;
  if ('bsb' in file) {
    const bsb = file.bsb.replace('-', '');
    return {
      kind: 'au',
      accountName: file.account_name,
      bsb: `${bsb.slice(0, 3)}-${bsb.slice(3)}`,
      accountNumber: file.account_number,
    };
  }
  return { kind: 'nz', accountName: file.account_name, accountNumber: file.account_number };
}

/** The payment terms of a parsed `payments` block. */
export function paymentTermsOf(file: PaymentsFile): PaymentTerms {
  return {
    depositPercent: file.deposit_percent,
    depositRefundable: file.deposit_refundable,
    bondMinimumCents: Math.round(file.bond_minimum * 100),
    bondPercent: file.bond_percent,
    balanceDueDays: file.balance_due_days,
    balanceDueDaysByCategory: file.balance_due_days_by_category,
    cancellation: file.cancellation
      .map((step) => ({ daysBefore: step.days_before, refundPercent: step.refund_percent }))
      .sort((a, b) => b.daysBefore - a.daysBefore),
    lateFeePercentPerDay: file.late_fee_percent_per_day,
    bankTransfer: bankOf(file.bank_transfer),
    cardPayments: file.card_payments,
    cardSurchargePercent: file.card_surcharge_percent,
    depositReminderDays: file.deposit_reminder_days,
    balanceReminderDays: file.balance_reminder_days,
    releaseUnpaidAfterDays: file.release_unpaid_after_days,
    bookWithoutWaiting: file.book_without_waiting,
    bondCardHold: file.bond_card_hold,
    signatureRequired: file.signature_required,
    quoteValidDays: file.quote_valid_days,
    quoteReminderDays: file.quote_reminder_days,
    damageWaiver: file.damage_waiver
      ? {
          basisPoints: Math.round(file.damage_waiver.percent * 100),
          required: file.damage_waiver.required,
          inShop: file.damage_waiver.in_shop,
          coverCents:
            file.damage_waiver.covers_up_to === null ? null : Math.round(file.damage_waiver.covers_up_to * 100),
        }
      : null,
  };
}
