import { basisPointsOf } from './basis-points';
import { formatMoney } from './money';

/**
 * A damage waiver (issue 61): a percentage of the hire the customer pays so that accidental damage
 * is not kept from their bond (up to the cover, when the business sets one). Late returns are still
 * charged. Optional, offered at checkout and on the booking page, or required on every booking.
 */
export interface DamageWaiver {
  /** Of the hire (its catalogue items), in basis points: 7.5% is 750. */
  basisPoints: number;
  /** Required on every booking; else the customer chooses. */
  required: boolean;
  /** Offered to shoppers at checkout and on the booking page (a required waiver is always charged). */
  inShop: boolean;
  /** The most damage the waiver covers, in cents; null for all accidental damage. */
  coverCents: number | null;
}

/** The waiver's line on a request. */
export const WAIVER_DESCRIPTION = 'Damage waiver';

/** The waiver's cents on a hire of `hireCents`, by the one rounding rule. */
export const waiverCents = (hireCents: number, waiver: Pick<DamageWaiver, 'basisPoints'>) =>
  basisPointsOf(hireCents, waiver.basisPoints);

/** How much of the damage the waiver covers. */
export const waiverCovers = (damageCents: number, waiver: Pick<DamageWaiver, 'coverCents'>) =>
  Math.max(0, Math.min(damageCents, waiver.coverCents ?? damageCents));

/** "7.5%" */
const percentWords = (basisPoints: number) => `${Number((basisPoints / 100).toFixed(2))}%`;

/** What the waiver is, in a sentence a customer reads before choosing it. */
export function waiverText(waiver: DamageWaiver): string {
  const cover =
    waiver.coverCents === null
      ? 'Accidental damage is not kept from your bond'
      : `Accidental damage up to ${formatMoney(waiver.coverCents)} is not kept from your bond`;
  return `${percentWords(waiver.basisPoints)} of the hire. ${cover}; missing pieces and late returns are still charged.`;
}
