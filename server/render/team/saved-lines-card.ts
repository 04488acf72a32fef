import { formatMoney } from '../../../src/lib/api-contract/money';
import { ownLineNote } from '../../../src/lib/api-contract/own-lines';
import type { savedOwnLines } from '../../db/schema';
import { type Html, html } from './html';
import { csrfField, type PageContext } from './layout';

export type SavedLine = typeof savedOwnLines.$inferSelect;

/** What a saved line says in a list: "Setup labour, 1 × $45.00, GST-free" or "Loyalty, 10% off the hire". */
export function savedLineText(line: SavedLine): string {
  const what =
    line.kind === 'discount'
      ? (ownLineNote(line) ?? `${formatMoney(line.unitInCents)} off`)
      : `${line.quantity} × ${formatMoney(line.unitInCents)}`;
  return `${line.description}, ${what}${line.gstFree ? ', GST-free' : ''}`;
}

/** The lines the team saved to use again (issue 61), each with Remove; saved from a request's page. */
export function savedLinesCard(ctx: PageContext, lines: SavedLine[]): Html {
  return html`<section class="card" id="saved-lines" aria-labelledby="saved-lines-title"><h2 id="saved-lines-title">Saved lines</h2>${
    lines.length
      ? html`<ul class="saved-lines-list">${lines.map(
          (line) =>
            html`<li><span>${savedLineText(line)}</span><form method="post" action="/team/settings/saved-lines/${line.id}/remove" class="inline">${csrfField(ctx)}<button type="submit" class="link" aria-label="Remove ${line.description}">Remove</button></form></li>`,
        )}</ul>`
      : html`<p class="muted">None yet. On a request's page, tick "Save it to use on other requests" as you add a charge or discount.</p>`
  }</section>`;
}
