/**
 * The payments block of the owner's settings form: business.json's `payments` as form fields and back.
 * Lists (the cancellation ladder, notice by category) are lines of a textarea; a line that does not read
 * is kept as typed, for business.json's rules to name.
 */

type Form = Record<string, unknown>;

const text = (form: Form, key: string) => (typeof form[key] === 'string' ? (form[key] as string).trim() : '');
const number = (value: string) => (value === '' || Number.isNaN(Number(value)) ? value : Number(value));
const lines = (value: string) =>
  value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** "28 100" (28 days or more before: 100% back), "15 decide" (the team decides), "0 0". */
const LADDER_LINE = /^(\d{1,3})\s*(?:days?)?\s*[:,]?\s*(?:(\d{1,3}(?:\.\d+)?)\s*%?|(decide|team decides|discretion))$/i;
/** "styling 14": the balance of a styling booking is due 14 days before. */
const NOTICE_LINE = /^([a-z0-9_]{1,60})\s*[:,]?\s*(\d{1,3})(?:\s*days?)?$/i;

export function paymentsFromForm(form: Form): Record<string, unknown> {
  const [accountName, bsb, accountNumber] = ['pay.bank_account_name', 'pay.bank_bsb', 'pay.bank_account_number'].map(
    (key) => text(form, key),
  );
  const bank =
    accountName || bsb || accountNumber
      ? {
          account_name: accountName,
          ...(bsb ? { bsb } : {}),
          account_number: accountNumber,
        }
      : undefined;
  const byCategory: Record<string, unknown> = {};
  for (const line of lines(text(form, 'pay.balance_by_category'))) {
    const match = NOTICE_LINE.exec(line);
    if (match) byCategory[(match[1] as string).toLowerCase()] = Number(match[2]);
    else byCategory[line] = line;
  }
  const ladder = lines(text(form, 'pay.cancellation')).map((line) => {
    const match = LADDER_LINE.exec(line);
    if (!match) return line;
    return { days_before: Number(match[1]), refund_percent: match[3] ? null : Number(match[2]) };
  });
  const payments: Record<string, unknown> = {
    deposit_percent: number(text(form, 'pay.deposit_percent')),
    deposit_refundable: form['pay.deposit_refundable'] === 'on',
    bond_minimum: number(text(form, 'pay.bond_minimum')),
    bond_percent: number(text(form, 'pay.bond_percent')),
    balance_due_days: number(text(form, 'pay.balance_due_days')),
    balance_due_days_by_category: byCategory,
    cancellation: ladder.length ? ladder : undefined,
    late_fee_percent_per_day: number(text(form, 'pay.late_fee_percent_per_day')),
    bank_transfer: bank,
    card_payments: form['pay.card_payments'] === 'on',
    card_surcharge_percent: number(text(form, 'pay.card_surcharge_percent') || '0'),
    deposit_reminder_days: number(text(form, 'pay.deposit_reminder_days')),
    balance_reminder_days: number(text(form, 'pay.balance_reminder_days')),
    release_unpaid_after_days: number(text(form, 'pay.release_unpaid_after_days')),
    signature_required: form['pay.signature_required'] === 'on',
    book_without_waiting: form['pay.book_without_waiting'] === 'on',
    bond_card_hold: form['pay.bond_card_hold'] === 'on',
    quote_valid_days: number(text(form, 'pay.quote_valid_days')),
    quote_reminder_days: number(text(form, 'pay.quote_reminder_days')),
    // The damage waiver (issue 61): none while its percentage is empty.
    damage_waiver: text(form, 'pay.waiver_percent')
      ? {
          percent: number(text(form, 'pay.waiver_percent')),
          required: form['pay.waiver_required'] === 'on',
          in_shop: form['pay.waiver_in_shop'] === 'on',
          covers_up_to: text(form, 'pay.waiver_covers_up_to') ? number(text(form, 'pay.waiver_covers_up_to')) : null,
        }
      : null,
  };
  for (const key of Object.keys(payments))
    if (payments[key] === undefined || payments[key] === '') delete payments[key];
  return payments;
}

/** The ladder as the form's lines: "28 100", "15 decide", "0 0". */
export function ladderText(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value
    .map((step) => {
      if (!step || typeof step !== 'object') return String(step);
      const { days_before, refund_percent } = step as { days_before?: unknown; refund_percent?: unknown };
      return `${String(days_before)} ${refund_percent === null ? 'decide' : String(refund_percent)}`;
    })
    .join('\n');
}

/** The notice by category as the form's lines: "styling 14". */
export function noticeText(value: unknown): string {
  if (!value || typeof value !== 'object') return '';
  return Object.entries(value as Record<string, unknown>)
    .map(([key, days]) => `${key} ${String(days)}`)
    .join('\n');
}
