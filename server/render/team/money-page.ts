import { longDate, shortDate } from '../../../src/lib/api-contract/dates';
import { formatMoney } from '../../../src/lib/api-contract/money';
import type { Outstanding } from '../../services/team/money-list';
import { type Html, html } from './html';
import { csrfField, type PageContext, teamLayout } from './layout';
import { MONEY_PAGE_ROWS, type MoneyPages, pager } from './money-pages';

/**
 * Money: what is outstanding, soonest due first (payments to come in, money to pay back), and the
 * accountant's export in Xero's import formats.
 */
export function moneyPage(
  ctx: PageContext,
  rows: Outstanding[],
  today: string,
  range: { from: string; to: string },
  /** Stripe events that applied nothing, and disputes: for the team to look at. */
  looks: readonly { orderId: string | null; detail: string; receivedAt: string; outcome: string }[] = [],
  /** Which page of each list is shown (MONEY_PAGE_ROWS rows a page). */
  pages: MoneyPages = { in: 1, out: 1 },
): Html {
  const payBackButton = (row: Outstanding) =>
    row.what === 'Paid beyond what is owed' && ctx.member?.role !== 'viewer'
      ? html`<form method="post" action="/team/requests/${row.orderId}/pay-back">${csrfField(ctx)}<button type="submit" class="quiet">Pay back</button></form>`
      : '';
  const table = (direction: Outstanding['direction'], caption: string, empty: string) => {
    const list = rows.filter((row) => row.direction === direction);
    if (list.length === 0) return html`<h2>${caption}</h2><p class="muted">${empty}</p>`;
    const total = list.reduce((sum, row) => sum + row.cents, 0);
    // Soonest due first, a page at a time: the count and the sum are of the whole list.
    const count = Math.max(1, Math.ceil(list.length / MONEY_PAGE_ROWS));
    const page = Math.min(pages[direction], count);
    const first = (page - 1) * MONEY_PAGE_ROWS;
    const shown = list.slice(first, first + MONEY_PAGE_ROWS);
    const showing = count > 1 ? `, showing ${first + 1} to ${first + shown.length}` : '';
    return html`<h2 id="money-${direction}">${caption}</h2><div class="wide"><table class="ledger"><caption class="muted">${list.length.toLocaleString('en-AU')} ${list.length === 1 ? 'item' : 'items'}, ${formatMoney(total)} in all${showing}</caption>
<thead><tr><th scope="col">Due</th><th scope="col">Request</th><th scope="col">What</th><th scope="col" class="num">Amount</th></tr></thead><tbody>${shown.map(
      (row) =>
        html`<tr><td>${shortDate(row.due, today).replace(/ (?=\S+$)/, '\u00a0')}${row.due < today ? html` <span class="pill warn">Overdue</span>` : ''}</td><td><a href="/team/requests/${row.orderId}">${row.orderId}: ${row.customerName}</a></td><td>${row.what}${payBackButton(row)}</td><td class="num">${formatMoney(row.cents)}</td></tr>`,
    )}</tbody></table></div>${pager(direction, page, count, pages)}`;
  };
  return teamLayout(
    ctx,
    'Money',
    html`<div class="stack"><section class="card">${table('in', 'Owed to you', 'Nothing is owed: every confirmed booking is paid as its terms ask so far.')}</section>
<section class="card">${table('out', 'To pay back', 'No bond or refund is waiting to be paid back.')}</section>
${
  looks.length
    ? html`<section class="card"><h2>Card payments to look at</h2><ul class="entries">${looks.map(
        (look) =>
          html`<li>${longDate(look.receivedAt.slice(0, 10))}${look.orderId ? html`, <a href="/team/requests/${look.orderId}">request ${look.orderId}</a>` : ''}: ${look.detail}</li>`,
      )}</ul></section>`
    : ''
}
<section class="card"><h2>For your accountant</h2>
<p><a href="/team/money/payouts">Card payouts from Stripe</a>: each payout into your bank with the payments, refunds and fees it carried.</p>
<p>Tax invoices and credit notes, and payments and refunds, in Xero’s own import files (sales invoices; bank statement lines).</p>
<form method="get" action="/team/money/export" class="stack">
<div class="pair"><div class="field"><label for="export-from">From</label><input id="export-from" name="from" type="date" value="${range.from}" required></div>
<div class="field"><label for="export-to">To</label><input id="export-to" name="to" type="date" value="${range.to}" required></div></div>
<div class="pair"><div class="field"><label for="export-what">File</label><select id="export-what" name="what"><option value="invoices">Invoices and credit notes (Xero sales invoices)</option><option value="payments">Payments and refunds (Xero bank statement)</option></select></div>
<div class="field"><label for="export-account">Xero sales account code</label><input id="export-account" name="account" value="200" maxlength="10" pattern="[A-Za-z0-9.\\-]{1,10}" required></div></div>
<div><button type="submit" class="quiet">Download CSV</button></div></form></section></div>`,
  );
}
