import { longDate } from '../../../src/lib/api-contract/dates';
import { formatMoney } from '../../../src/lib/api-contract/money';
import type { Payout, PayoutsOutcome } from '../../money';
import { type Html, html } from './html';
import { type PageContext, teamLayout } from './layout';

/** Stripe's words for a balance transaction, as the owner reads a bank statement. */
const TYPE_WORDS: Record<string, string> = {
  charge: 'Card payment',
  payment: 'Card payment',
  refund: 'Refund',
  payment_refund: 'Refund',
  adjustment: 'Dispute or adjustment',
  stripe_fee: 'Stripe fee',
};

const day = (unix: number, timeZone: string) =>
  longDate(new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(unix * 1000)));

function payoutCard(payout: Payout, timeZone: string): Html {
  const matches = payout.netCents === payout.amount;
  return html`<section class="card" aria-labelledby="payout-${payout.id}"><h2 id="payout-${payout.id}">${formatMoney(payout.amount)} ${payout.currency}, ${payout.status === 'paid' ? 'paid in' : 'arriving'} ${day(payout.arrivalDate, timeZone)}</h2>
<dl class="facts"><dt>Card payments</dt><dd>${formatMoney(payout.chargesCents)}</dd><dt>Refunds and disputes</dt><dd>${formatMoney(payout.refundsCents)}</dd>${payout.otherCents ? html`<dt>Other</dt><dd>${formatMoney(payout.otherCents)}</dd>` : ''}<dt>Stripe’s fees</dt><dd>${formatMoney(-payout.feesCents)}</dd><dt>Paid out</dt><dd>${formatMoney(payout.netCents)}</dd></dl>
${matches ? '' : html`<p class="warn">These transactions add up to ${formatMoney(payout.netCents)}, not the payout’s ${formatMoney(payout.amount)}: look at it in Stripe’s dashboard.</p>`}
<div class="wide"><table class="ledger"><caption class="muted">Payout ${payout.id}: ${payout.lines.length} ${payout.lines.length === 1 ? 'transaction' : 'transactions'}</caption>
<thead><tr><th scope="col">What</th><th scope="col">Request</th><th scope="col" class="num">Amount</th><th scope="col" class="num">Fee</th><th scope="col" class="num">Net</th></tr></thead>
<tbody>${payout.lines.map(
    (line) =>
      html`<tr><td>${TYPE_WORDS[line.type] ?? line.type.replaceAll('_', ' ')}</td><td>${line.orderId ? html`<a href="/team/requests/${line.orderId}">${line.orderId}</a>` : html`<span class="muted">${line.description ?? '—'}</span>`}</td><td class="num">${formatMoney(line.amountCents)}</td><td class="num">${formatMoney(-line.feeCents)}</td><td class="num">${formatMoney(line.netCents)}</td></tr>`,
  )}</tbody></table></div></section>`;
}

/**
 * Card payments by Stripe payout: each payout into the bank with the charges, refunds and fees it
 * carried and their requests, so a bank statement line can be matched; or, without Stripe, what it
 * would show.
 */
export function payoutsPage(ctx: PageContext, outcome: PayoutsOutcome, timeZone: string): Html {
  const body =
    outcome.kind === 'cards_off'
      ? html`<section class="card"><p>This shop takes no card payments online, so there are no Stripe payouts to match.</p>
<p>With Stripe set up (see Payments in the documentation), this page lists each payout Stripe makes into your bank account: the card payments, refunds and disputes it carried, Stripe’s fees and what was paid in, each line with its request, so every payout on your bank statement can be matched to the requests it came from.</p></section>`
      : outcome.kind === 'unreachable'
        ? html`<section class="card"><p class="warn">Stripe did not answer just now (${outcome.message}). Nothing is shown rather than half: try again shortly.</p></section>`
        : outcome.payouts.length === 0
          ? html`<section class="card"><p>Stripe has made no payout yet. Each payout appears here once Stripe sends it to your bank.</p></section>`
          : html`${outcome.payouts.map((payout) => payoutCard(payout, timeZone))}`;
  return teamLayout(
    ctx,
    'Card payouts',
    html`<div class="stack"><p><a href="/team/money">Back to Money</a></p>${body}</div>`,
  );
}
