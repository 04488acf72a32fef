import { longDate } from '../../../src/lib/api-contract/dates';
import { formatMoney } from '../../../src/lib/api-contract/money';
import type { RequestPageData } from '../../services/team/request-page-data';
import { type Html, html } from './html';
import { csrfField, type PageContext } from './layout';

/** What a sent quote's content says of its total (stored with the version). */
const totalOf = (content: Record<string, unknown>) =>
  typeof content.totalCents === 'number' ? formatMoney(content.totalCents) : '';

/**
 * A request's quote (issue 61): send it to the customer as a quote (again, after a change, as a new
 * version), and every version sent, with the day it stands until and who accepted it.
 */
export function quoteCard(ctx: PageContext, data: RequestPageData): Html {
  const { versions, accepted } = data.quotes;
  const waiting = ['holding', 'lapsed', 'not_held'].includes(data.state.kind);
  if (!waiting && versions.length === 0 && accepted.length === 0) return html``;
  const agreement = accepted.length
    ? html`<p><a href="/team/requests/${data.order.id}/agreement.pdf" download>${accepted.some((a) => a.signed) ? 'Signed agreement' : 'Accepted terms'} (PDF)</a></p>`
    : '';
  const canSend = waiting && ctx.member?.role !== 'viewer';
  const button = canSend
    ? html`<form method="post" action="/team/requests/${data.order.id}/quote">${csrfField(ctx)}<button type="submit" class="quiet">${versions.length ? 'Send the quote again as it is now' : 'Send as a quote'}</button></form>
<p class="muted">The customer is emailed every line, the payments and a link to accept it on their booking page. Its items are held for ${String(ctx.business.payments.quoteValidDays)} days.</p>`
    : '';
  const list = versions.length
    ? html`<ul class="timeline">${versions.map((version) => {
        const yes = accepted.find((a) => a.version === version.version);
        return html`<li><strong>Version ${String(version.version)}</strong>, ${totalOf(version.content)} with GST<br><span class="muted">Sent ${longDate(version.sentAt.slice(0, 10))} by ${version.sentBy}; stands until ${longDate(version.validUntil)}${yes ? html`; <strong>accepted by ${yes.name}</strong>` : ''}</span></li>`;
      })}</ul>`
    : '';
  return html`<section class="card" aria-labelledby="quote-title"><h2 id="quote-title">Quote and agreement</h2>${list}${agreement}${button}</section>`;
}
