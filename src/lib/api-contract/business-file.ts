import type { z } from 'zod';
import { deliveryZonesOf } from './business-file-delivery-zones';
import { closedDaysOf, DEFAULT_CURRENCY, phoneHref } from './business-file-fields';
import { hirePricingByCategoryOf, hirePricingOf } from './business-file-hire-pricing';
import { paymentTermsOf } from './business-file-payments';
import { type BusinessFileSettings, businessFileSchema } from './business-file-schema';
import { type BusinessSettings, type ClosedDay, WEEKDAYS, type Weekday } from './business-settings';

export {
  COUNTRY_NAMES,
  type Country,
  type Currency,
  closedDaysOf,
  DEFAULT_CURRENCY,
  HOLIDAY_REGIONS,
  phoneHref,
  SUPPORTED_COUNTRIES,
  SUPPORTED_CURRENCIES,
  taxIdReads,
} from './business-file-fields';
export { type BusinessFile, type BusinessFileSettings, businessFileSchema } from './business-file-schema';

const isOpen = (hours: string | undefined) => Boolean(hours && !/^closed\b/i.test(hours.trim()));

/**
 * The settings from a parsed business.json, with the URLs the server stored its logo and photos at
 * (a photo not stored has none: left out) and the public holidays of its `public_holidays` region
 * (the server reads them from date-holidays, kept out of pages).
 */
export function settingsOf(
  file: BusinessFileSettings,
  logoUrl: string | null = null,
  photoUrl: (path: string) => string | null = () => null,
  publicHolidays: (region: string) => ClosedDay[] = () => [],
): BusinessSettings {
  const hours = WEEKDAYS.map((day) => file.opening_hours[day] ?? '');
  const openDays = WEEKDAYS.flatMap((day, index) => (isOpen(file.opening_hours[day]) ? [index] : []));
  const days = (list: readonly Weekday[] | undefined) =>
    list ? [...new Set(list.map((day) => WEEKDAYS.indexOf(day)))].sort((a, b) => a - b) : openDays;
  const { street, suburb, state, postcode } = file.address;
  const locality = [suburb, state, postcode].filter(Boolean).join(' ');
  const map = file.map;
  return {
    name: file.name,
    shortName: file.short_name ?? file.name.slice(0, 12).trim(),
    logoUrl,
    accentColour: file.accent_colour.toLowerCase(),
    email: file.email,
    phone: file.phone,
    phoneHref: phoneHref(file.phone),
    country: file.country,
    currency: file.currency ?? DEFAULT_CURRENCY[file.country],
    address: { street, suburb, state, postcode },
    locality,
    serviceArea: file.service_area ?? (file.address.suburb || file.address.state),
    mapQuery:
      typeof map === 'string' ? map : map ? `${map.lat},${map.lng}` : [street, locality].filter(Boolean).join(', '),
    openingHours: hours,
    workingDays: openDays.length ? openDays : [1, 2, 3, 4, 5],
    pickupDays: days(file.pickup_days),
    returnDays: days(file.return_days),
    closedDays: closedDaysOf(file.closed_dates, file.public_holidays ? publicHolidays(file.public_holidays) : []),
    holdDays: file.hold_days,
    emailLinksActWithoutSignIn: file.email_links_act_without_sign_in,
    staffMayChangePrices: file.staff_may_change_prices,
    remindDaysBeforeHire: file.remind_days_before_hire,
    remindDaysBeforeReturn: file.remind_days_before_return,
    staffMayCancelConfirmed: file.staff_may_cancel_confirmed,
    timeZone: file.time_zone,
    deliveryMinimumCents: file.delivery_minimum,
    gstRate: file.gst_rate,
    // Prices entered with GST are shown as entered, with GST.
    priceDisplay: file.prices_include_gst ? 'including_gst' : file.price_display,
    pricesIncludeGst: file.prices_include_gst,
    terms: file.terms,
    about: file.about,
    termsHtml: '',
    aboutHtml: '',
    emailFooter: file.email_footer,
    // A shop from before the tagline had its email line beside its name: it keeps it there.
    tagline: file.tagline ?? file.email_footer,
    taxId: file.tax_id ?? '',
    legalName: file.legal_name || file.name,
    payments: paymentTermsOf(file.payments),
    hirePricing: hirePricingOf(file.hire_pricing),
    hirePricingByCategory: hirePricingByCategoryOf(file.hire_pricing),
    deliveryZones: deliveryZonesOf(file.delivery_zones),
    social: file.social,
    services: file.services.map((s) => ({
      slug: s.slug,
      title: s.title,
      summary: s.summary,
      text: s.text,
      html: '',
      photoUrls: s.photos.flatMap((path) => photoUrl(path) ?? []),
    })),
    collage: file.collage.flatMap((entry, index) => {
      const url = photoUrl(entry.photo);
      // The 10th sits behind the logo and leads nowhere.
      return url ? [{ url, title: entry.title, link: index === 9 ? null : entry.link || null, small: true }] : [];
    }),
    categories: [],
  };
}

export interface SettingsProblem {
  /** The key, with its path inside it: opening_hours.monday, social.0.url. */
  key: string;
  message: string;
}

/**
 * Reads business.json's parsed JSON: the settings, or every problem with the key it is at. Days
 * nobody can collect or return on (no opening hours and no pickup_days) are a problem too: the
 * booking rules need at least one of each.
 */
export function parseBusinessFile(
  json: unknown,
): { settings: z.output<typeof businessFileSchema>; problems: [] } | { settings: null; problems: SettingsProblem[] } {
  const parsed = businessFileSchema.safeParse(json ?? {});
  if (!parsed.success) {
    return {
      settings: null,
      problems: parsed.error.issues.map((issue) => {
        const key = issue.path.map(String).join('.');
        if (issue.code === 'unrecognized_keys') {
          const where = key ? `${key}.` : '';
          return {
            key: `${where}${issue.keys[0]}`,
            message: `unknown setting${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `${where}${k}`).join(', ')}`,
          };
        }
        // A zone's problem names its row (from 1, as the settings form's lines) and column.
        const [block, row, column] = issue.path;
        if (block === 'delivery_zones' && typeof row === 'number') {
          return {
            key: `delivery_zones, row ${row + 1}${column ? `, ${String(column)}` : ''}`,
            message: issue.message,
          };
        }
        return { key: key || '(file)', message: issue.message };
      }),
    };
  }
  const settings = parsed.data;
  const open = WEEKDAYS.filter((day) => isOpen(settings.opening_hours[day]));
  const problems: SettingsProblem[] = [];
  if (!settings.pickup_days && open.length === 0) {
    problems.push({ key: 'pickup_days', message: 'no day to collect on: give opening_hours or pickup_days' });
  }
  if (!settings.return_days && open.length === 0) {
    problems.push({ key: 'return_days', message: 'no day to return on: give opening_hours or return_days' });
  }
  return problems.length ? { settings: null, problems } : { settings, problems: [] };
}

/** The settings of a shop with no business.json: every default. */
export const defaultBusinessSettings = (): BusinessSettings => settingsOf(businessFileSchema.parse({}));
