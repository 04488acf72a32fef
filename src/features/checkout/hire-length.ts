import {
  type BusinessSettings,
  extraDaysByRule,
  hireDaysOf,
  hireExtraDays,
  hireRuleFor,
} from '../../lib/api-contract/business-settings';
import { dayAndMonth, dayIn, longDate } from '../../lib/api-contract/dates';
import { daysOfUse, type HirePricing, hirePricingText, hireUnitCents } from '../../lib/api-contract/hire-pricing';
import {
  addDays,
  closedAroundText,
  type Fulfilment,
  isCalendarDay,
  openWindow,
} from '../../lib/api-contract/hold-window';

/** What the checkout's longer hire needs of the business's settings. */
export type HireLengthSettings = Pick<
  BusinessSettings,
  'hirePricing' | 'openingHours' | 'pickupDays' | 'returnDays' | 'closedDays' | 'workingDays' | 'timeZone'
> &
  Partial<Pick<BusinessSettings, 'hirePricingByCategory'>> & {
    categories?: readonly { key: string; parent: string | null }[];
  };

/** A hire from its first day of use to its last, and what its length costs by the business's rule. */
export interface HireLength {
  first: string;
  last: string;
  /** Days of use, first to last, both counted (1 for a one-day event). */
  days: number;
  /** The extra days the rule charges (closed days left out unless the rule counts them). */
  extraDays: number;
}

/**
 * The hire the checkout prices: from the hire date to the last day of use (the hire date itself when
 * none is chosen or it is not after the hire date). Null without a real hire date.
 */
export function hireLengthOf(settings: HireLengthSettings, hireDate: string, lastDay: string): HireLength | null {
  if (!isCalendarDay(hireDate)) return null;
  const last = isCalendarDay(lastDay) && lastDay > hireDate ? lastDay : hireDate;
  return { first: hireDate, last, days: daysOfUse(hireDate, last), extraDays: hireExtraDays(settings, hireDate, last) };
}

/**
 * One unit's price for the hire, from its event price: the function the server prices the request with,
 * so the summary's figure is the request's.
 */
export const hireUnitPrice =
  (settings: HireLengthSettings, hire: HireLength | null) =>
  (eventCents: number, categories?: readonly string[]): number => {
    if (!hire) return eventCents;
    // An item of a category with a rule of its own is priced by it (its closed days counted its way).
    const rule = hireRuleFor({ ...settings, hirePricingByCategory: settings.hirePricingByCategory ?? [] }, categories);
    const extra =
      rule === settings.hirePricing ? hire.extraDays : extraDaysByRule(settings, rule, hire.first, hire.last);
    return hireUnitCents(eventCents, extra, rule);
  };

/**
 * A cart's hire priced in the browser (the checkout's summary): the hire from `hireDate` to `lastDay`,
 * each unit's price for it, and the subtotal before GST. What `useHirePrice` and the bench run.
 */
export function priceHire(
  settings: HireLengthSettings,
  hireDate: string,
  lastDay: string,
  items: readonly { priceCents: number; quantity: number; categories?: readonly string[] | undefined }[],
): {
  hire: HireLength | null;
  unitCents: (eventCents: number, categories?: readonly string[]) => number;
  subtotalCents: number;
} {
  const hire = hireLengthOf(settings, hireDate, lastDay);
  const unitCents = hireUnitPrice(settings, hire);
  const subtotalCents = items.reduce(
    (sum, item) => sum + unitCents(item.priceCents, item.categories) * item.quantity,
    0,
  );
  return { hire, unitCents, subtotalCents };
}

/**
 * Why a chosen last day of use cannot be used (the server's own checks, said beside the field before
 * sending), or null: before the hire date, past the business's longest hire, or with no day to bring
 * the items back near it.
 */
export function lastDayProblem(
  settings: HireLengthSettings,
  hireDate: string,
  lastDay: string,
  fulfilment: Fulfilment,
  now = new Date(),
): string | null {
  if (!lastDay || !isCalendarDay(hireDate)) return null;
  if (!isCalendarDay(lastDay)) return 'Choose a day, or leave this empty for a one-day event.';
  if (lastDay < hireDate) return 'The last day is before the hire date: choose the hire date or a day after it.';
  const longest = settings.hirePricing.longestHireDays;
  if (daysOfUse(hireDate, lastDay) > longest) {
    return `A hire runs at most ${longest} days: choose a last day on or before ${longDate(addDays(hireDate, longest - 1))}.`;
  }
  if (!openWindow(lastDay, fulfilment, hireDaysOf(settings))) {
    return closedAroundText(dayAndMonth(lastDay, dayIn(now, settings.timeZone)));
  }
  return null;
}

/**
 * The longer hire in words for the summary: "3 days of use, Friday 11 to Sunday 13 December. Each extra
 * day adds 25% of the price (days we are closed are not counted)."; null for a one-day event.
 */
export function hireLengthText(settings: HireLengthSettings, hire: HireLength | null, now = new Date()): string | null {
  if (!hire || hire.days < 2) return null;
  const today = dayIn(now, settings.timeZone);
  const days = `${hire.days} days of use, ${dayAndMonth(hire.first, today)} to ${dayAndMonth(hire.last, today)}.`;
  return `${days} ${extraDaysRuleText(settings.hirePricing)}`;
}

/** What a longer hire costs, as a sentence: "Each extra day adds 25% of the price (...)." */
export function extraDaysRuleText(pricing: HirePricing): string {
  const rule = hirePricingText(pricing).replace(/^The price covers one day of use[.;] ?/, '');
  return `${rule.charAt(0).toUpperCase()}${rule.slice(1)}`;
}
