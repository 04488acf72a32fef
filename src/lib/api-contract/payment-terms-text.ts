import { waiverText } from './damage-waiver';
import { longDate } from './dates';
import { formatMoney } from './money';
import type { BankTransfer, PaymentSchedule, PaymentTerms } from './payment-terms';

/** The money rules of the terms in words: the terms page, the checkout, the emails and the workspace. */

/** "4 weeks" for whole weeks, else "10 days": how the ladder and the notice read. */
export function noticeText(days: number): string {
  if (days === 0) return 'on the day';
  if (days % 7 === 0) return `${days / 7} ${days === 7 ? 'week' : 'weeks'}`;
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** The schedule as the checkout, the success page and the first email write it, before anything is owed. */
export function scheduleLines(schedule: PaymentSchedule, terms: PaymentTerms): string[] {
  const depositRule = terms.depositRefundable ? 'refundable under the cancellation terms' : 'not refundable';
  const lines = [
    schedule.balance
      ? `Deposit of ${formatMoney(schedule.deposit.cents)} (${terms.depositPercent}%) to book your date, ${depositRule}.`
      : `Payment in full, ${formatMoney(schedule.deposit.cents)}, to book your date.`,
  ];
  if (schedule.balance) {
    lines.push(
      schedule.allDueNow
        ? `Balance of ${formatMoney(schedule.balance.cents)}, due now: your date is close.`
        : `Balance of ${formatMoney(schedule.balance.cents)}, due by ${longDate(schedule.balance.due)}.`,
    );
  }
  lines.push(
    `Bond of ${formatMoney(schedule.bond.cents)}, paid with the balance and refunded after the return, less any late fee or damage.`,
  );
  return lines;
}

/** The cancellation ladder in words, longest notice first. */
export function cancellationLines(terms: PaymentTerms): string[] {
  const ladder = [...terms.cancellation].sort((a, b) => b.daysBefore - a.daysBefore);
  const paid = terms.depositRefundable ? 'what you paid' : 'what you paid, less the deposit';
  return ladder.map((rung, index) => {
    const longer = ladder[index - 1];
    const when = !longer
      ? `Cancel ${noticeText(rung.daysBefore)} or more before`
      : rung.daysBefore === 0
        ? `Cancel less than ${noticeText(longer.daysBefore)} before`
        : `Cancel ${rung.daysBefore} to ${longer.daysBefore - 1} days before`;
    const what =
      rung.refundPercent === null
        ? 'a refund is at our discretion'
        : rung.refundPercent === 0
          ? 'nothing is refunded'
          : rung.refundPercent === 100
            ? `we refund ${paid}`
            : `we refund ${rung.refundPercent}% of ${paid}`;
    return `${when} the hire date: ${what}.`;
  });
}

/** The bank details as one line, with the reference to quote (a request's number) when there is one. */
export function bankTransferText(bank: BankTransfer, reference?: string): string {
  const account =
    bank.kind === 'au'
      ? `${bank.accountName}, BSB ${bank.bsb}, account ${bank.accountNumber}`
      : `${bank.accountName}, account ${bank.accountNumber}`;
  return `Bank transfer to ${account}${reference ? `, with the reference ${reference}` : ''}.`;
}

/**
 * The money rules in words, for the terms page: no amounts (they depend on the booking), the rules
 * that make them. `categoryName` names a category key of `balance_due_days_by_category`.
 */
export function termsSummaryLines(terms: PaymentTerms, categoryName: (key: string) => string): string[] {
  const differing = Object.entries(terms.balanceDueDaysByCategory)
    .filter(([, days]) => days !== terms.balanceDueDays)
    .map(([key, days]) => `${noticeText(days)} for ${categoryName(key)}`);
  const bond =
    terms.bondPercent > 0 && terms.bondMinimumCents > 0
      ? `the greater of ${formatMoney(terms.bondMinimumCents)} or ${terms.bondPercent}% of the hire`
      : terms.bondPercent > 0
        ? `${terms.bondPercent}% of the hire`
        : formatMoney(terms.bondMinimumCents);
  const lines = [
    terms.depositPercent >= 100
      ? 'Payment in full books your date.'
      : `A deposit of ${terms.depositPercent}% of the total books your date; it is ${terms.depositRefundable ? 'refundable under the cancellation terms below' : 'not refundable'}.`,
  ];
  if (terms.depositPercent < 100) {
    lines.push(
      `The balance is due ${noticeText(terms.balanceDueDays)} before the hire date${differing.length ? ` (${differing.join(', ')})` : ''}.`,
    );
  }
  if (terms.bondPercent > 0 || terms.bondMinimumCents > 0) {
    lines.push(
      `A bond of ${bond} is paid with the balance and refunded after the return, less any late fee or damage.`,
    );
  }
  if (terms.lateFeePercentPerDay > 0) {
    lines.push(`A late return costs ${terms.lateFeePercentPerDay}% of the hire for each day, taken from the bond.`);
  }
  if (terms.damageWaiver) {
    lines.push(
      `Damage waiver${terms.damageWaiver.required ? ', charged on every booking' : ', if you take it'}: ${waiverText(terms.damageWaiver)}`,
    );
  }
  return lines;
}

/** The ways to pay, in words. */
/**
 * How to pay, never nothing (issue 63): the business's ways, or, with no bank details and no card
 * payments set, to call or reply and be told (as the first email and the tax invoice say).
 */
export function howToPayLines(terms: PaymentTerms, phone: string, reference?: string): string[] {
  const ways = waysToPayLines(terms, reference);
  return ways.length
    ? ways
    : [`Call us${phone ? ` on ${phone}` : ''} or reply to our email, and we will tell you how to pay.`];
}

export function waysToPayLines(terms: PaymentTerms, reference?: string): string[] {
  const lines: string[] = [];
  if (terms.bankTransfer) lines.push(bankTransferText(terms.bankTransfer, reference));
  if (terms.cardPayments) {
    lines.push(
      terms.cardSurchargePercent > 0
        ? `Card, in store or by phone: a surcharge of ${terms.cardSurchargePercent}% applies to card payments only.`
        : 'Card, in store or by phone, with no surcharge.',
    );
  }
  return lines;
}
