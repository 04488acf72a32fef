import { randomUUID } from 'node:crypto';
import { longDate } from '../../../src/lib/api-contract/dates';
import { formatMoney } from '../../../src/lib/api-contract/money';
import { type BondHold, type CardNotes, type Money, PAYMENT_METHODS, type PayBack } from '../../money';
import { bondReturned } from '../../services/bond-settlement';
import { DOCUMENT_TITLES, fileNameOf, invoiceStates, type StoredDocument } from '../../services/documents';
import type { RequestPageData } from '../../services/team/request-page-data';
import { bondHoldPart } from './bond-hold-part';
import { type Html, html } from './html';
import { csrfField, type PageContext } from './layout';

const owedText = (owed: number, due: string) => (owed > 0 ? `${formatMoney(owed)} owed by ${longDate(due)}` : 'Paid');

/**
 * A request's money: the deposit, the balance and the bond with what is still owed and by when, the
 * payments and refunds recorded, and (for members who may change things) a form to record one.
 */
export function moneyCard(
  ctx: PageContext,
  requestId: string,
  money: Money,
  today: string,
  documents: readonly StoredDocument[],
  /** Whether the shop takes cards online (Stripe): then a refund can go back to the card. */
  cardsOnline = false,
  /** The booking's cancellation, when it was cancelled confirmed. */
  cancelled: { refundCents: number; bondRefundCents: number; keptCents: number; owedCents: number } | null = null,
  bond: RequestPageData['bond'] = { preview: null, settled: null },
  card: { payBack: PayBack | null; notes: CardNotes; hold?: BondHold | null } = {
    payBack: null,
    notes: { disputes: [], looks: [] },
  },
): Html {
  const { schedule } = money;
  // A cancelled booking owes nothing more: what it paid back or keeps is said instead.
  const rows = cancelled
    ? []
    : ([
        ['Deposit', schedule.deposit.cents, owedText(money.depositOwedCents, schedule.deposit.due)],
        ...(schedule.balance
          ? [['Balance', schedule.balance.cents, owedText(money.balanceOwedCents, schedule.balance.due)] as const]
          : []),
        [
          'Bond',
          schedule.bond.cents,
          money.bondOwedCents <= 0 && money.bondHeldCents > 0
            ? 'Held on the card'
            : owedText(money.bondOwedCents, schedule.bond.due),
        ],
      ] as const);
  const entries = money.entries.map(
    (entry) =>
      html`<li>${longDate(entry.paidOn)}: ${entry.kind === 'refund' ? 'refund of ' : ''}${formatMoney(entry.amountCents)} ${{ hire: 'towards the hire', bond: 'towards the bond', surcharge: 'card surcharge' }[entry.towards]}, ${PAYMENT_METHODS[entry.method]}<br><span class="muted">Recorded by ${entry.recordedBy}${entry.note ? html`: ${entry.note}` : ''}</span></li>`,
  );
  const form =
    ctx.member?.role === 'viewer'
      ? ''
      : html`<form method="post" action="/team/requests/${requestId}/payments" class="stack">${csrfField(ctx)}
<input type="hidden" name="form_token" value="${randomUUID()}">
<div class="pair"><div class="field"><label for="pay-kind">Record</label><select id="pay-kind" name="kind"><option value="payment">A payment</option><option value="refund">A refund</option></select></div>
<div class="field"><label for="pay-towards">Towards</label><select id="pay-towards" name="towards"><option value="hire">The hire</option><option value="bond">The bond</option></select></div></div>
<div class="pair"><div class="field"><label for="pay-amount">Amount (dollars)</label><input id="pay-amount" name="amount" inputmode="decimal" required></div>
<div class="field"><label for="pay-day">Paid on</label><input id="pay-day" name="day" type="date" max="${today}" value="${today}" required></div></div>
<div class="field"><label for="pay-method">How</label><select id="pay-method" name="method">${Object.entries(
          PAYMENT_METHODS,
        )
          .filter(([method]) => method !== 'card_online' || cardsOnline)
          .map(
            ([method, name]) =>
              html`<option value="${method}">${method === 'card_online' ? 'Card (online): a refund goes back through Stripe' : name}</option>`,
          )}</select></div>
<div class="field"><label for="pay-note">Note (optional)</label><input id="pay-note" name="note" maxlength="200"></div>
<div><button type="submit" class="quiet">Record</button></div></form>`;
  return html`<section class="card"><h2>Payments</h2>
<dl class="facts"><dt>Total</dt><dd>${formatMoney(money.totalCents)}</dd>${rows.map(
    ([name, cents, state]) => html`<dt>${name}</dt><dd>${formatMoney(cents)}: ${state}</dd>`,
  )}</dl>
${
  cancelled
    ? html`<p class="${cancelled.owedCents > 0 ? 'warn' : 'muted'}">Cancelled: ${formatMoney(cancelled.refundCents)} of the hire refunded${cancelled.bondRefundCents > 0 ? html` and the bond ${formatMoney(cancelled.bondRefundCents)}` : ''}, ${formatMoney(cancelled.keptCents)} kept.${cancelled.owedCents > 0 ? html` <strong>Still to pay back by bank: ${formatMoney(cancelled.owedCents)}</strong> (record it below once paid).` : ''}</p>`
    : ''
}
${payBackPart(ctx, requestId, card.payBack, cardsOnline && money.entries.some((e) => e.method === 'card_online'))}
${entries.length ? html`<ul class="entries">${entries}</ul>` : html`<p class="muted">No payment recorded yet.</p>`}
${cardNotesPart(card.notes)}
${bondHoldPart(card.hold ?? null)}
${bondPart(ctx, requestId, bond)}
${documentList(requestId, documents)}
${form}</section>`;
}

/** The request's tax invoices, receipts and credit notes, each a PDF to download. */
function documentList(requestId: string, documents: readonly StoredDocument[]): Html {
  if (documents.length === 0) return html``;
  // A replaced invoice says by which (its credit note cancels it in full).
  const states = invoiceStates(documents);
  const replaced = (doc: StoredDocument) => {
    const known = doc.kind === 'invoice' ? states.get(doc.number) : undefined;
    return known?.state === 'replaced'
      ? html` <span class="pill">Replaced${known.replacedBy ? ` by ${known.replacedBy}` : ''}</span>`
      : '';
  };
  return html`<h3>Documents</h3><ul class="entries">${documents.map(
    (doc) =>
      html`<li><a href="/team/requests/${requestId}/documents/${doc.number}" download="${fileNameOf(doc)}">${DOCUMENT_TITLES[doc.kind]} ${doc.number}</a> <span class="muted">${longDate(doc.issuedOn)}, ${formatMoney(doc.totalCents)}</span>${replaced(doc)}</li>`,
  )}</ul>`;
}

/** After the return: the bond to settle (late fee by the terms, what is kept and why), or as settled. */
function bondPart(ctx: PageContext, requestId: string, bond: RequestPageData['bond']): Html {
  const { preview, settled } = bond;
  if (settled) {
    const { released, refunded } = bondReturned(settled);
    return html`<h3>Bond</h3><p>${formatMoney(settled.bondCents)} ${settled.heldCents > 0 ? (settled.heldCents < settled.bondCents ? `paid and held on the card` : 'held on the card') : 'paid'}; ${formatMoney(settled.keptCents)} kept${
      settled.daysLate > 0 ? html` (${settled.daysLate} days late: ${formatMoney(settled.lateFeeCents)})` : ''
    }${settled.damageCents > 0 ? html`, ${formatMoney(settled.damageCents)} for missing or damaged pieces` : ''}${settled.waiverCoveredCents > 0 ? html` (${formatMoney(settled.waiverCoveredCents)} of it covered by the damage waiver)` : ''}; ${settled.heldCents > 0 ? `${formatMoney(released)} of the hold released${refunded > 0 ? `, ${formatMoney(refunded)} to refund` : ''}` : `${formatMoney(settled.refundCents)} to refund`}.${
      settled.owedCents > 0
        ? html` <strong>Still to pay back: ${formatMoney(settled.owedCents)}</strong> (record the bond refund below once paid).`
        : ''
    }</p>`;
  }
  if (!preview || ctx.member?.role === 'viewer') return html``;
  const late =
    preview.daysLate > 0
      ? `Back ${longDate(preview.returnedOn)}, ${preview.daysLate} ${preview.daysLate === 1 ? 'day' : 'days'} after ${longDate(preview.returnDue)}: a late fee of ${formatMoney(preview.lateFeeCents)} by the terms.`
      : `Back ${longDate(preview.returnedOn)}, on time: no late fee.`;
  return html`<h3>Bond</h3><form method="post" action="/team/requests/${requestId}/bond" class="stack">${csrfField(ctx)}
<p>${
    preview.heldCents > 0
      ? preview.heldCents < preview.bondCents
        ? `${formatMoney(preview.bondCents - preview.heldCents)} paid and ${formatMoney(preview.heldCents)} held on the card: what is kept is taken from the hold first, the rest released.`
        : `${formatMoney(preview.heldCents)} held on the card: what is kept is taken from it, the rest released.`
      : `${formatMoney(preview.bondCents)} paid.`
  } ${late}</p>${
    preview.waiver
      ? html`<p>They took the damage waiver: ${preview.waiver.coverCents === null ? 'it covers all accidental damage' : html`it covers damage up to ${formatMoney(preview.waiver.coverCents)}`}, which is not kept. Write the damage as assessed; the late fee is still kept.</p>`
      : ''
  }
<div class="field"><label for="bond-kept">${preview.waiver ? 'Missing or damaged pieces, as assessed (dollars)' : 'Kept for missing or damaged pieces (dollars)'}</label><input id="bond-kept" name="kept" inputmode="decimal" value="0" required></div>
<div class="field"><label for="bond-reason">What was missing or damaged (sent to the customer)</label><textarea id="bond-reason" name="reason" rows="2" maxlength="1000"></textarea></div>
<div><button type="submit" class="quiet">Settle the bond</button></div></form>`;
}

/** Money held beyond what is owed: said plainly, with the one step that pays it back to the card. */
function payBackPart(ctx: PageContext, requestId: string, payBack: PayBack | null, byCard: boolean): Html {
  if (!payBack) return html``;
  const cents = payBack.hireCents + payBack.bondCents;
  const button =
    byCard && ctx.member?.role !== 'viewer'
      ? html`<form method="post" action="/team/requests/${requestId}/pay-back">${csrfField(ctx)}<button type="submit" class="quiet">Pay ${formatMoney(cents)} back to the card</button></form>`
      : html`<span>Pay it back by bank, then record the refund below.</span>`;
  return html`<div role="status"><p class="warn"><strong>To pay back: ${formatMoney(cents)}</strong>, ${payBack.why}${
    payBack.bondCents > 0 && payBack.hireCents > 0
      ? ` (${formatMoney(payBack.hireCents)} of the hire, ${formatMoney(payBack.bondCents)} of the bond)`
      : ''
  }.</p>${button}</div>`;
}

/** Disputes with the customer's bank, and card events that applied nothing, for the team to look at. */
function cardNotesPart(notes: CardNotes): Html {
  if (notes.disputes.length === 0 && notes.looks.length === 0) return html``;
  return html`<h3>Card payments to look at</h3><ul class="entries">${notes.disputes.map(
    (dispute) =>
      html`<li><strong>${dispute.status === 'open' ? 'Disputed' : dispute.status === 'won' ? 'Dispute won' : 'Dispute lost'}:</strong> ${formatMoney(dispute.amountCents)} (${dispute.reason.replaceAll('_', ' ')})${dispute.status === 'open' ? ': answer it in Stripe’s dashboard' : ''}</li>`,
  )}${notes.looks
    .filter((look) => !look.outcome.startsWith('dispute'))
    .map((look) => html`<li>${longDate(look.receivedAt.slice(0, 10))}: ${look.detail}</li>`)}</ul>`;
}
