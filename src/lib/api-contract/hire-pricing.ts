import { basisPointsOf } from './basis-points';
import { addDays, weekdayOf } from './hold-window';

/**
 * How a business prices a hire of several days (issue 60). An item's price is the event price: it
 * covers one day of use and the standard window around it (collected before, returned after). A
 * longer hire adds its extra days of use by the business's rule, one of the trade's two shapes:
 *
 * - **extension**: each extra day a share of the event price (25% at many party hire businesses; 100%
 *   is a plain day rate);
 * - **tiers**: a multiplier by the hire's length (1-3 days 1x, 4-7 days 1.5x as a week, up to 31 days
 *   3x as a month), as Booqable's price structures are.
 *
 * Days the business is closed (its closed weekdays, closed dates and public holidays) are not counted
 * unless the rule says so. The browser and the server price with this one function, so the checkout's
 * figure is the request's.
 */
export type HirePricing =
  | { kind: 'extension'; extraDayBasisPoints: number; countClosedDays: boolean; longestHireDays: number }
  | {
      kind: 'tiers';
      /** Ascending by `upToDays`; the last covers `longestHireDays`. Multipliers in basis points (1.5x = 15,000). */
      tiers: readonly { upToDays: number; multiplierBasisPoints: number }[];
      countClosedDays: boolean;
      longestHireDays: number;
    };

/** With no rule of its own a business charges each extra day of use as a day: 100% of the event price. */
export const DEFAULT_HIRE_PRICING: HirePricing = {
  kind: 'extension',
  extraDayBasisPoints: 10_000,
  countClosedDays: false,
  longestHireDays: 90,
};

/** Which days the business trades: open weekdays (0 Sunday to 6 Saturday) and dates it is closed. */
export interface TradingDays {
  openWeekdays: readonly number[];
  closed?: ReadonlySet<string>;
}

/** The days of use from `first` to `last` (both counted), 1 for a one-day hire. */
export function daysOfUse(first: string, last: string): number {
  let count = 1;
  for (let day = first; day < last; day = addDays(day, 1)) count++;
  return count;
}

/**
 * The extra days of use a hire pays for: its days after the first, less the days the business is
 * closed (unless the rule counts them). 0 for a one-day hire.
 */
export function extraDaysOf(first: string, last: string, pricing: HirePricing, trading: TradingDays): number {
  let extra = 0;
  for (let day = addDays(first, 1); day <= last; day = addDays(day, 1)) {
    const open = trading.openWeekdays.includes(weekdayOf(day)) && !trading.closed?.has(day);
    if (open || pricing.countClosedDays) extra++;
  }
  return extra;
}

/**
 * One unit's price for the whole hire, in cents, from its event price: the extension's share for each
 * extra day, or the tier's multiplier by the hire's length (days counted as the rule counts them, the
 * first day always), by the one rounding rule. A one-day hire costs the event price.
 */
export function hireUnitCents(eventCents: number, extraDays: number, pricing: HirePricing): number {
  if (extraDays <= 0) return eventCents;
  if (pricing.kind === 'extension')
    return eventCents + basisPointsOf(eventCents * extraDays, pricing.extraDayBasisPoints);
  const length = extraDays + 1;
  const tier = pricing.tiers.find((t) => length <= t.upToDays) ?? pricing.tiers.at(-1);
  return tier ? basisPointsOf(eventCents, tier.multiplierBasisPoints) : eventCents;
}

/**
 * The event price a line's price for a hire of `extraDays` came from: the least event price the rule
 * takes to it (exact for every price the rule made; a price set by hand, the nearest above it). What
 * a change of a hire's length re-prices an agreed line from, keeping what was agreed.
 */
export function eventCentsOf(unitCents: number, extraDays: number, pricing: HirePricing): number {
  if (extraDays <= 0 || unitCents <= 0) return unitCents;
  let low = 0;
  let high = unitCents;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (hireUnitCents(middle, extraDays, pricing) >= unitCents) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** A hire's price rule in words, for the terms and the workspace: "Each extra day adds 25% of the event price." */
export function hirePricingText(pricing: HirePricing): string {
  const closed = pricing.countClosedDays ? '' : ' (days we are closed are not counted)';
  if (pricing.kind === 'extension') {
    const percent = pricing.extraDayBasisPoints / 100;
    return `The price covers one day of use. Each extra day adds ${percent}% of the price${closed}.`;
  }
  const steps = pricing.tiers.map((tier, index) => {
    const from = index === 0 ? 1 : (pricing.tiers[index - 1]?.upToDays ?? 0) + 1;
    const times = `${tier.multiplierBasisPoints / 10_000}x`;
    return from === tier.upToDays ? `${from} day ${times}` : `${from} to ${tier.upToDays} days ${times}`;
  });
  return `The price covers one day of use; longer hires by their length: ${steps.join(', ')}${closed}.`;
}

/** A category's own rule (business.json `hire_pricing.by_category`): its items are priced by it. */
export interface CategoryHirePricing {
  category: string;
  pricing: HirePricing;
}

/**
 * The rule an item is priced by: the first category rule (in the business's order) among its
 * categories (its tags, and the categories above them), else the business's own.
 */
export function hirePricingFor(
  pricing: HirePricing,
  byCategory: readonly CategoryHirePricing[],
  categories: readonly string[] | undefined,
): HirePricing {
  if (!categories?.length || byCategory.length === 0) return pricing;
  return byCategory.find((rule) => categories.includes(rule.category))?.pricing ?? pricing;
}

/** An item's categories with the ones above them ("chairs" under "furniture": both). */
export function withParentCategories(
  tags: readonly string[] | undefined,
  categories: readonly { key: string; parent: string | null }[],
): string[] {
  const parentOf = new Map(categories.map((category) => [category.key, category.parent]));
  const keys = new Set<string>();
  for (const tag of tags ?? []) {
    keys.add(tag);
    const parent = parentOf.get(tag);
    if (parent) keys.add(parent);
  }
  return [...keys];
}
