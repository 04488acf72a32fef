import { DEFAULT_PAYMENT_TERMS as D } from '../../../src/lib/api-contract/payment-terms';
import { ladderText, noticeText } from '../../services/team/settings-payments';
import { type Html, html, raw } from './html';

type Settings = Record<string, unknown>;

const DEFAULT_LADDER = D.cancellation.map((step) => ({
  days_before: step.daysBefore,
  refund_percent: step.refundPercent,
}));

const input = (name: string, label: string, value: unknown, attrs: string, hint?: string) =>
  html`<div class="field"><label for="s-${name}">${label}</label>${hint ? html`<p class="muted" id="s-${name}-hint">${hint}</p>` : ''}<input id="s-${name}" name="${name}" value="${value == null ? '' : String(value)}" ${raw(attrs)}${raw(hint ? ` aria-describedby="s-${name}-hint"` : '')}></div>`;
const check = (name: string, label: string, on: boolean) =>
  html`<div class="check"><input type="checkbox" id="s-${name}" name="${name}"${raw(on ? ' checked' : '')}><label for="s-${name}">${label}</label></div>`;

/** The damage waiver (issue 61): its percentage (empty: none), required or offered, and its cover. */
function waiverFields(waiver: Record<string, unknown> | null): Html {
  return html`<fieldset class="choice"><legend>Damage waiver</legend>
<div class="pair">${input('pay.waiver_percent', 'Percent of the hire (empty: no waiver)', waiver?.percent, 'inputmode="decimal"')}
${input('pay.waiver_covers_up_to', 'It covers damage up to (dollars; empty: all accidental damage)', waiver?.covers_up_to, 'inputmode="decimal"')}</div>
${check('pay.waiver_required', 'Charge it on every booking', waiver?.required === true)}
${check('pay.waiver_in_shop', 'Offer it at checkout and on the booking page', waiver ? waiver.in_shop !== false : true)}
</fieldset>`;
}

/**
 * The money rules of the terms (business.json's `payments`): deposit, bond, balance, cancellation,
 * late fee, bank transfer and card. A key not stored shows its default, the demo's terms.
 */
export function paymentsFieldset(shown: Settings): Html {
  const p = (shown.payments ?? {}) as Record<string, unknown>;
  const bank = (p.bank_transfer ?? {}) as Record<string, unknown>;
  const or = (key: string, fallback: unknown) => (p[key] === undefined ? fallback : p[key]);
  const decimal = 'inputmode="decimal"';
  return html`<fieldset class="card"><legend>Payments</legend>
<div class="pair">${input('pay.deposit_percent', 'Deposit (percent of the total)', or('deposit_percent', D.depositPercent), `${decimal} required`)}
${input('pay.balance_due_days', 'Balance due, days before the hire date', or('balance_due_days', D.balanceDueDays), 'type="number" min="0" max="365" required')}</div>
${check('pay.deposit_refundable', 'The deposit is refundable under the cancellation terms', or('deposit_refundable', D.depositRefundable) === true)}
<div class="field"><label for="s-pay.balance_by_category">Balance due by category (where it differs)</label>
<p class="muted" id="s-pay.balance_by_category-hint">One a line, a category key and its days: <code>styling 14</code>.</p>
<textarea id="s-pay.balance_by_category" name="pay.balance_by_category" rows="2" spellcheck="false" aria-describedby="s-pay.balance_by_category-hint">${noticeText(p.balance_due_days_by_category)}</textarea></div>
<div class="pair">${input('pay.bond_minimum', 'Smallest bond (dollars)', or('bond_minimum', D.bondMinimumCents / 100), `${decimal} required`)}
${input('pay.bond_percent', 'Bond (percent of the hire; the greater is taken)', or('bond_percent', D.bondPercent), `${decimal} required`)}</div>
<div class="field"><label for="s-pay.cancellation">Cancellation refunds</label>
<p class="muted" id="s-pay.cancellation-hint">One a line: days before the hire date, then the percent refunded of what was paid beyond a non-refundable deposit, or <code>decide</code> for the team to decide. <code>28 100</code>, <code>15 decide</code>, <code>0 0</code>.</p>
<textarea id="s-pay.cancellation" name="pay.cancellation" rows="3" spellcheck="false" aria-describedby="s-pay.cancellation-hint">${ladderText(or('cancellation', DEFAULT_LADDER))}</textarea></div>
${input('pay.late_fee_percent_per_day', 'Late return fee (percent of the hire a day)', or('late_fee_percent_per_day', D.lateFeePercentPerDay), `${decimal} required`)}
${input('pay.bank_account_name', 'Bank account name (empty: no bank transfer)', bank.account_name, 'maxlength="100"')}
<div class="pair">${input('pay.bank_bsb', 'BSB (Australia; empty for a New Zealand account)', bank.bsb, 'inputmode="numeric" maxlength="7"')}
${input('pay.bank_account_number', 'Account number', bank.account_number, 'maxlength="20"')}</div>
${check('pay.card_payments', 'Take card payments (in store or by phone)', or('card_payments', D.cardPayments) === true)}
<div class="pair">${input('pay.deposit_reminder_days', 'Remind of an unpaid deposit, days after confirming (0: never)', or('deposit_reminder_days', D.depositReminderDays), 'type="number" min="0" max="60" required')}
${input('pay.balance_reminder_days', 'Remind of the balance, days before it is due (0: never)', or('balance_reminder_days', D.balanceReminderDays), 'type="number" min="0" max="60" required')}</div>
${input('pay.release_unpaid_after_days', 'Release a booking with nothing paid, days after confirming (0: never)', or('release_unpaid_after_days', D.releaseUnpaidAfterDays), 'type="number" min="0" max="60" required', 'Released: cancelled and its items free again; the customer is emailed why.')}
${waiverFields((p.damage_waiver ?? null) as Record<string, unknown> | null)}
${check('pay.book_without_waiting', 'Book without waiting: with card payments online, a request whose items are free is confirmed when its deposit is paid', or('book_without_waiting', D.bookWithoutWaiting) === true)}
${check('pay.bond_card_hold', 'Hold the bond on the card: with card payments online, a hire that ends within 5 days can have its bond held, not charged, and released after the return', or('bond_card_hold', D.bondCardHold) === true)}
${check('pay.signature_required', 'Ask for a signature to accept (drawn, or the name typed and adopted as one)', or('signature_required', D.signatureRequired) === true)}
<div class="pair">${input('pay.quote_valid_days', 'A quote can be accepted for (days; its items held meanwhile)', or('quote_valid_days', D.quoteValidDays), 'type="number" min="1" max="90" required')}
${input('pay.quote_reminder_days', 'Remind of a quote, days before it lapses (0: never)', or('quote_reminder_days', D.quoteReminderDays), 'type="number" min="0" max="30" required')}</div>
${input('pay.card_surcharge_percent', 'Card surcharge (percent, at most your card costs; never on bank transfer)', or('card_surcharge_percent', D.cardSurchargePercent), decimal)}
</fieldset>`;
}
