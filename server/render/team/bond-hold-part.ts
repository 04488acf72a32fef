import { longDate } from '../../../src/lib/api-contract/dates';
import { formatMoney } from '../../../src/lib/api-contract/money';
import type { BondHold } from '../../money';
import { type Html, html } from './html';

/** The bond held on the customer's card (issue 61), in the team's words: where it stands with Stripe. */
export function bondHoldPart(hold: BondHold | null): Html {
  if (!hold) return html``;
  const amount = formatMoney(hold.amountCents);
  const until = longDate(hold.expiresAt.slice(0, 10));
  const taken = formatMoney(hold.captureCents ?? 0);
  const said: Record<BondHold['status'], [string, string]> = {
    held: [
      'muted',
      `Bond of ${amount} held on the customer’s card, not charged, until ${until}. Settling the bond takes what is kept from it and releases the rest.`,
    ],
    capture_due: ['muted', `Taking ${taken} of the ${amount} bond hold, the rest released: on its way to Stripe.`],
    release_due: ['muted', `Releasing the ${amount} bond hold: on its way to Stripe.`],
    captured: ['muted', `${taken} taken from the ${amount} bond hold; the rest released.`],
    released: ['muted', `The ${amount} bond hold was released: nothing taken.`],
    expired: [
      'warn',
      hold.captureCents
        ? `The bond hold lapsed before ${taken} was taken from it: ask the customer to pay it.`
        : `The ${amount} bond hold lapsed on ${until}: the bond is owed again.`,
    ],
    failed: [
      'warn',
      `Stripe refused the bond hold's ${hold.captureCents ? 'capture' : 'release'}: ${hold.lastError ?? ''}`,
    ],
  };
  const [tone, text] = said[hold.status];
  return html`<p class="${tone}">${text}</p>`;
}
