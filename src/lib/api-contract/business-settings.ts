/**
 * A hire business's own settings as the app uses them (issue 32): read from the catalogue folder's
 * `business.json` (checked in business-file.ts, which holds the only zod of it, kept out of pages'
 * bundles), stored with the catalogue and served to pages, emails and the booking rules.
 */
import type { Category } from './categories';
import type { DeliveryZone } from './delivery-zones';
import {
  type CategoryHirePricing,
  extraDaysOf,
  type HirePricing,
  hirePricingFor,
  type TradingDays,
  withParentCategories,
} from './hire-pricing';
import type { HireDays } from './hold-window';
import type { PaymentTerms } from './payment-terms';

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The settings as the app uses them: every default filled in, days as weekday numbers, money in cents. */
export interface BusinessSettings {
  name: string;
  shortName: string;
  /** The logo's URL, served by the server, or null for the name set in the heading face. */
  logoUrl: string | null;
  accentColour: string;
  email: string;
  phone: string;
  /** tel: link of the phone in international form for the business's country (+61, +64). */
  phoneHref: string;
  /** Where the business is (business.json `country`): its phone numbers, postcodes and wording. */
  country: 'AU' | 'NZ';
  /** What prices are in (ISO 4217), written with `$` and named in the footer. */
  currency: 'AUD' | 'NZD';
  address: { street: string; suburb: string; state: string; postcode: string };
  /** Suburb, state and postcode on one line, such as "Riverwood NSW 2210". */
  locality: string;
  /** Where the business hires out ("Sydney"), for page titles and descriptions; '' when unknown. */
  serviceArea: string;
  /** What the map searches for. */
  mapQuery: string;
  /** Opening hours, Sunday first (index = weekday number); '' when not given. */
  openingHours: string[];
  /** The days the team works (open, not Closed): a request is answered by the next one. */
  workingDays: number[];
  /** Weekday numbers, 0 Sunday to 6 Saturday. */
  pickupDays: number[];
  returnDays: number[];
  /**
   * The days the business is closed, in date order: its `closed_dates` and, when it asks for them,
   * its region's public holidays (from last year to three years ahead). No hand-over is on one.
   */
  closedDays: ClosedDay[];
  holdDays: number;
  /**
   * Whether Confirm, Decline and Cancel in a team email act without a signed-in member (off: they
   * open the request in the workspace, after signing in). The owner's choice; each use is logged.
   */
  emailLinksActWithoutSignIn: boolean;
  /** Days before a confirmed hire's first day that the customer is reminded of it (0: never). */
  remindDaysBeforeHire: number;
  /** Days before its return day that the customer is reminded to bring it back, or when it is collected (0: never). */
  remindDaysBeforeReturn: number;
  /** Whether staff (not only owners) may change prices in the workspace. */
  staffMayChangePrices: boolean;
  /** Whether staff (not only owners) may cancel a confirmed booking. */
  staffMayCancelConfirmed: boolean;
  /** The business's IANA time zone: every day ("today", a hold's deadline) and time it reads. */
  timeZone: string;
  deliveryMinimumCents: { weekday: number; weekend: number };
  gstRate: number;
  priceDisplay: 'excluding_gst' | 'including_gst';
  /** Prices in the catalogue and the workspace include GST (business.json `prices_include_gst`). */
  pricesIncludeGst: boolean;
  /** Markdown, as business.json has it ('' in GET /api/business: pages use the HTML). */
  terms: string;
  about: string;
  /** terms and about as HTML the server made safe (server/services/markdown.ts); '' when empty. */
  termsHtml: string;
  aboutHtml: string;
  emailFooter: string;
  /** The line beside the name in the header, titles and the installed app's name. */
  tagline: string;
  /** The business number (ABN, or a New Zealand GST number) shown in the footer and emails; '' when not given. */
  taxId: string;
  /** The registered name tax invoices carry (business.json `legal_name`; the trading name when not given). */
  legalName: string;
  /** The money rules of the terms (business.json's `payments`; the demo's terms by default). */
  payments: PaymentTerms;
  /** How a hire of several days is priced, and the longest hire (business.json `hire_pricing`). */
  hirePricing: HirePricing;
  /** Categories with a rule of their own (business.json `hire_pricing.by_category`), in the file's order. */
  hirePricingByCategory: CategoryHirePricing[];
  /** Delivery fees by postcode (business.json `delivery_zones`); [] when every delivery is quoted. */
  deliveryZones: DeliveryZone[];
  social: { name: string; url: string }[];
  /** The services of the header's Services menu, each a home screen (/services/{slug}, /{slug}). */
  services: ServiceSettings[];
  /** The home collage's 11 photos in layout order (the 10th behind the logo); [] for none. */
  collage: CollageEntry[];
  /** The shop's categories (categories.csv) with their item counts: the Hire menu and pages. */
  categories: Category[];
}

export interface ClosedDay {
  /** YYYY-MM-DD. */
  date: string;
  /** Why, as the shopper reads it: "Christmas Day", "Closed". */
  name: string;
}

const closedSets = new WeakMap<readonly ClosedDay[], ReadonlySet<string>>();

/**
 * The business's pickup, return, delivery and closed days as the hold-window rules take them (one Set
 * per settings): it delivers and collects on the days it works (its opening hours' open days).
 */
export function hireDaysOf(
  settings: Pick<BusinessSettings, 'pickupDays' | 'returnDays' | 'closedDays' | 'workingDays'>,
): HireDays {
  const closed = closedSetOf(settings.closedDays);
  return { pickup: settings.pickupDays, return: settings.returnDays, delivery: settings.workingDays, closed };
}

function closedSetOf(closedDays: readonly ClosedDay[]): ReadonlySet<string> {
  let closed = closedSets.get(closedDays);
  if (!closed) {
    closed = new Set(closedDays.map((day) => day.date));
    closedSets.set(closedDays, closed);
  }
  return closed;
}

/** The days the business trades, as a hire's price counts them: its open weekdays and closed dates. */
export function tradingDaysOf(settings: Pick<BusinessSettings, 'openingHours' | 'closedDays'>): TradingDays {
  const openWeekdays = settings.openingHours.flatMap((hours, weekday) =>
    hours.trim() && !/^closed\b/i.test(hours.trim()) ? [weekday] : [],
  );
  return { openWeekdays, closed: closedSetOf(settings.closedDays) };
}

/**
 * The extra days of use a hire from `first` to `last` pays for, by the business's rule and the days it
 * trades: what the checkout, the team's forms and the server each price a longer hire with.
 */
export const hireExtraDays = (
  settings: Pick<BusinessSettings, 'hirePricing' | 'openingHours' | 'pickupDays' | 'returnDays' | 'closedDays'>,
  first: string,
  last: string,
): number => extraDaysOf(first, last, settings.hirePricing, tradingDaysOf(settings));

export interface ServiceSettings {
  slug: string;
  title: string;
  summary: string;
  /** Markdown, and its safe HTML (the server's). */
  text: string;
  html: string;
  /** Its carousel photos (large variant URLs). */
  photoUrls: string[];
}

export interface CollageEntry {
  /** The photo's large variant URL. */
  url: string;
  title: string;
  /** Where a click goes; null for the photo behind the logo. */
  link: string | null;
  /** Whether a 280 px `small_` variant is stored too (the importer's collage photos; not items'). */
  small: boolean;
}

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * Opening hours as a person writes them, Monday first, runs of days with the same hours together:
 * [['Monday', '10am-4pm'], ['Tuesday', 'Closed'], ['Wednesday to Friday', '10am-4pm'],
 * ['Saturday and Sunday', 'Closed']]. Days without hours are left out.
 */
export function hoursLines(openingHours: readonly string[]): [string, string][] {
  const order = [1, 2, 3, 4, 5, 6, 0];
  const runs: { days: number[]; hours: string }[] = [];
  for (const day of order) {
    const hours = openingHours[day] ?? '';
    if (!hours) continue;
    const last = runs.at(-1);
    const previous = order[order.indexOf(day) - 1];
    if (last && last.hours === hours && last.days.at(-1) === previous) last.days.push(day);
    else runs.push({ days: [day], hours });
  }
  return runs.map(({ days, hours }) => {
    const first = DAY_NAMES[days[0] as number] as string;
    const final = DAY_NAMES[days.at(-1) as number] as string;
    const label = days.length === 1 ? first : days.length === 2 ? `${first} and ${final}` : `${first} to ${final}`;
    return [label, hours];
  });
}

/** The app icons the importer draws from a logo (named by its hash), or null without a logo. */
export function brandIconUrls(logoUrl: string | null) {
  const hash = /_([0-9a-f]{16})\./.exec(logoUrl ?? '')?.[1];
  if (!hash) return null;
  const icon = (name: string) => `/brand/${name}_${hash}.png`;
  return {
    icon192: icon('icon-192'),
    icon512: icon('icon-512'),
    maskable: icon('icon-maskable-512'),
    appleTouch: icon('apple-touch-icon'),
  };
}

/** The street address on one line: "Unit 4, 21 Belmore Road North, Riverwood NSW 2210". */
export const addressLine = (settings: Pick<BusinessSettings, 'address' | 'locality'>) =>
  [settings.address.street, settings.locality].filter(Boolean).join(', ');

/**
 * The settings every page needs (the header, footer, menus and rules): all of them but the long
 * texts. Every page carries these in its router state, so the texts, which only /terms, the about
 * dialog and a service's screen show, stay out of them (BusinessTexts).
 */
export type BusinessSummary = Omit<BusinessSettings, 'terms' | 'about' | 'termsHtml' | 'aboutHtml' | 'services'> & {
  services: ServiceSummary[];
};
export type ServiceSummary = Omit<ServiceSettings, 'text' | 'html'>;

/** The long texts of the settings, as safe HTML: the terms, the about story, each service's text by slug. */
export interface BusinessTexts {
  termsHtml: string;
  aboutHtml: string;
  services: Record<string, string>;
}

export function businessSummary(settings: BusinessSettings): BusinessSummary {
  const { terms: _terms, about: _about, termsHtml: _termsHtml, aboutHtml: _aboutHtml, services, ...rest } = settings;
  return { ...rest, services: services.map(({ text: _text, html: _html, ...service }) => service) };
}

export function businessTexts(settings: BusinessSettings): BusinessTexts {
  return {
    termsHtml: settings.termsHtml,
    aboutHtml: settings.aboutHtml,
    services: Object.fromEntries(settings.services.map((service) => [service.slug, service.html])),
  };
}

/** The business number as a line: "ABN 51 824 753 556" (11 digits), "GST number 123 456 789" (New Zealand's). */
export const taxIdText = (taxId: string) =>
  taxId ? `${taxId.replace(/[ -]/g, '').length === 11 ? 'ABN' : 'GST number'} ${taxId}` : '';

/** How the footer names the currency prices are in. */
export const CURRENCY_NAMES: Record<BusinessSettings['currency'], string> = {
  AUD: 'Australian dollars',
  NZD: 'New Zealand dollars',
};

/**
 * The rule an item with these categories (its tags) is priced by: a category's own (its parents'
 * too), else the business's. `settings.categories` names the parents; without them, the tags alone.
 */
export const hireRuleFor = (
  settings: Pick<BusinessSettings, 'hirePricing' | 'hirePricingByCategory'> & {
    categories?: readonly { key: string; parent: string | null }[];
  },
  categories: readonly string[] | undefined,
): HirePricing =>
  hirePricingFor(
    settings.hirePricing,
    settings.hirePricingByCategory ?? [],
    withParentCategories(categories, settings.categories ?? []),
  );

/** The extra days of use a hire pays for by `rule` (a category's may count closed days otherwise). */
export const extraDaysByRule = (
  settings: Pick<BusinessSettings, 'openingHours' | 'closedDays'>,
  rule: HirePricing,
  first: string,
  last: string,
): number => extraDaysOf(first, last, rule, tradingDaysOf(settings));
