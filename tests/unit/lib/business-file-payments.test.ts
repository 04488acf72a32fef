import { describe, expect, it } from 'vitest';
import { parseBusinessFile, settingsOf } from '../../../src/lib/api-contract/business-file';
import { DEFAULT_PAYMENT_TERMS } from '../../../src/lib/api-contract/payment-terms';
import { termsSummaryLines, waysToPayLines } from '../../../src/lib/api-contract/payment-terms-text';

const parse = (payments: unknown) => parseBusinessFile({ name: 'Kowhai Hire', payments });
const termsOf = (payments: unknown) => {
  const parsed = parse(payments);
  if (!parsed.settings) throw new Error(JSON.stringify(parsed.problems));
  return settingsOf(parsed.settings).payments;
};

describe("business.json's payments", () => {
  it('takes the demo’s terms without a payments block', () => {
    const parsed = parseBusinessFile({ name: 'Tan & Tassel' });
    expect(parsed.settings && settingsOf(parsed.settings).payments).toEqual(DEFAULT_PAYMENT_TERMS);
    expect(termsSummaryLines(DEFAULT_PAYMENT_TERMS, (key) => key)).toEqual([
      'A deposit of 50% of the total books your date; it is not refundable.',
      'The balance is due 3 days before the hire date.',
      'A bond of the greater of $50.00 or 20% of the hire is paid with the balance and refunded after the return, less any late fee or damage.',
      'A late return costs 10% of the hire for each day, taken from the bond.',
    ]);
    expect(waysToPayLines(DEFAULT_PAYMENT_TERMS)).toEqual([]);
  });

  it('reads a second business’s rules: 30% refundable, 7 days (14 for styling), a New Zealand account, card with no surcharge', () => {
    const terms = termsOf({
      deposit_percent: 30,
      deposit_refundable: true,
      bond_minimum: 100,
      bond_percent: 10,
      balance_due_days: 7,
      balance_due_days_by_category: { styling: 14 },
      cancellation: [
        { days_before: 0, refund_percent: 50 },
        { days_before: 14, refund_percent: 100 },
      ],
      bank_transfer: { account_name: 'Kowhai Hire Ltd', account_number: '12-3140-0123456-00' },
      card_payments: true,
    });
    expect(terms).toMatchObject({
      depositPercent: 30,
      depositRefundable: true,
      bondMinimumCents: 10_000,
      balanceDueDaysByCategory: { styling: 14 },
      cancellation: [
        { daysBefore: 14, refundPercent: 100 },
        { daysBefore: 0, refundPercent: 50 },
      ],
      bankTransfer: { kind: 'nz', accountName: 'Kowhai Hire Ltd', accountNumber: '12-3140-0123456-00' },
    });
    expect(termsSummaryLines(terms, (key) => (key === 'styling' ? 'Styling' : key))[1]).toBe(
      'The balance is due 1 week before the hire date (2 weeks for Styling).',
    );
    expect(waysToPayLines(terms, 'Request 1042')).toEqual([
      'Bank transfer to Kowhai Hire Ltd, account 12-3140-0123456-00, with the reference Request 1042.',
      'Card, in store or by phone, with no surcharge.',
    ]);
  });

  it('writes an Australian BSB as 3-3 digits and a surcharge as card only', () => {
    const terms = termsOf({
      bank_transfer: { account_name: 'Tan & Tassel', bsb: '062000', account_number: '12345678' },
      card_payments: true,
      card_surcharge_percent: 1.5,
    });
    expect(waysToPayLines(terms)).toEqual([
      'Bank transfer to Tan & Tassel, BSB 062-000, account 12345678.',
      'Card, in store or by phone: a surcharge of 1.5% applies to card payments only.',
    ]);
  });

  it('names each wrong key with what to write', () => {
    const problems = (payments: unknown) => parse(payments).problems.map((p) => `${p.key}: ${p.message}`);
    expect(problems({ deposit_percent: 150 })).toEqual([
      'payments.deposit_percent: must be 0 to 100 (of the total that books the date)',
    ]);
    expect(problems({ cancellation: [{ days_before: 28, refund_percent: 100 }] })).toEqual([
      'payments.cancellation: must have a step of 0 days (the last days)',
    ]);
    expect(problems({ card_surcharge_percent: 8 })).toEqual([
      'payments.card_surcharge_percent: must be 0 to 5 (added to a card payment; at most 5)',
    ]);
    expect(problems({ bank_transfer: { account_name: 'X', bsb: '12', account_number: '1' } })[0]).toMatch(
      /^payments\.bank_transfer: must be \{ "account_name", "bsb", "account_number" \} \(Australia\)/,
    );
    expect(problems({ surcharge: 1 })).toEqual(['payments.surcharge: unknown setting payments.surcharge']);
  });
});
