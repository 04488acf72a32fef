import { sydneyDate } from '../../lib/api-contract/dates';

const SHORT = new Intl.DateTimeFormat('en-AU', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** '2027-03-14' → 'Sun 14 Mar'. */
export function shortDate(iso: string): string {
  const parts = Object.fromEntries(SHORT.formatToParts(new Date(`${iso}T00:00:00Z`)).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.day} ${parts.month}`;
}

/** What a card or popup says of an item on the shopper's date. */
export function availabilityLabel(free: number, date: string): string {
  return free < 1 ? 'Booked on your date' : `${free} free on ${shortDate(date)}`;
}

/** The earliest event date a shopper may pick: today in Sydney. */
export const earliestHireDate = (now = new Date()) => sydneyDate(now);

export interface CartDemandLine {
  key: string;
  quantity: number;
  /** What one unit of the line takes from the day: a product's id, or a bundle's. */
  needs: string[];
}

export interface ShortLine {
  key: string;
  /** The most of this line the date allows, the lines before it counted first (0 or more). */
  fits: number;
}

/**
 * The cart lines the date cannot supply: units summed over the lines that need the same thing,
 * against what is free. Nothing is changed here: the shopper is told, and decides.
 */
export function shortLines(lines: CartDemandLine[], free: Record<string, number>): ShortLine[] {
  const left = { ...free };
  const short: ShortLine[] = [];
  for (const line of lines) {
    const known = line.needs.filter((id) => id in left);
    if (known.length === 0) continue;
    const fits = Math.min(line.quantity, ...known.map((id) => Math.max(0, left[id] ?? 0)));
    for (const id of known) left[id] = (left[id] ?? 0) - fits;
    if (fits < line.quantity) short.push({ key: line.key, fits });
  }
  return short;
}

/** The day's counts keyed as cart lines name them: 'p:' products, 'b:' bundles. */
export function cartFreeCounts(day: { products: Record<string, number>; bundles: Record<string, number> }) {
  return {
    ...Object.fromEntries(Object.entries(day.products).map(([id, n]) => [`p:${id}`, n])),
    ...Object.fromEntries(Object.entries(day.bundles).map(([id, n]) => [`b:${id}`, n])),
  };
}
