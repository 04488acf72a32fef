import { eq } from 'drizzle-orm';
import { parseBusinessFile, type SettingsProblem } from '../../../src/lib/api-contract/business-file';
import type { Db } from '../../db/client';
import { businessSettings } from '../../db/schema';
import { markEdited } from '../workspace-edits';
import { type Acting, actorName, logActivity } from './activity';
import { fingerprint } from './items';
import { deliveryZonesFromForm } from './settings-delivery-zones';
import { hirePricingFromForm } from './settings-hire-pricing';
import { paymentsFromForm } from './settings-payments';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** The business's settings as stored (business.json's keys, defaults filled in by the importer). */
export async function storedSettings(db: Pick<Db, 'select'>): Promise<Record<string, unknown>> {
  const [row] = await db.select().from(businessSettings).where(eq(businessSettings.id, 1));
  return (row?.settings ?? {}) as Record<string, unknown>;
}

const text = (form: Record<string, unknown>, key: string) =>
  typeof form[key] === 'string' ? (form[key] as string).trim() : '';
const optional = (value: string) => (value === '' ? undefined : value);
const number = (value: string) => (value === '' || Number.isNaN(Number(value)) ? value : Number(value));

/** A Markdown text as the browser sent it (CRLF made LF); the stored text when only spacing differs. */
function markdown(current: Record<string, unknown>, form: Record<string, unknown>, key: string) {
  const sent = typeof form[key] === 'string' ? (form[key] as string).replace(/\r\n/g, '\n') : '';
  const stored = typeof current[key] === 'string' ? (current[key] as string) : '';
  return sent.trim() === stored.trim() ? stored : sent;
}

const DAY = '\\d{4}-\\d{2}-\\d{2}';
const CLOSED_LINE = new RegExp(`^(${DAY})(?:\\s*(?:to|–|—|/)\\s*(${DAY}))?(?:\\s+(.*))?$`);

/**
 * The closed dates as the form writes them, one a line: "2026-12-25", "2026-12-24 to 2027-01-05
 * Christmas shutdown". As business.json has them: "2026-12-25", "2026-12-24/2027-01-05", or
 * { from, to, name } when named. A line that does not read is kept as typed, for the rules to name.
 */
export function closedDatesFromText(value: string): unknown[] {
  return value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const match = CLOSED_LINE.exec(line);
      if (!match) return line;
      const [, from = '', to, name] = match;
      if (name?.trim()) return { from, ...(to ? { to } : {}), name: name.trim() };
      return to ? `${from}/${to}` : from;
    });
}

/** business.json's closed dates as the form's lines. */
export function closedDatesText(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value
    .map((entry) => {
      if (typeof entry === 'string') return entry.replace('/', ' to ');
      if (entry && typeof entry === 'object') {
        const { from = '', to, name } = entry as { from?: string; to?: string; name?: string };
        return [from, to && to !== from ? `to ${to}` : '', name ?? ''].filter(Boolean).join(' ');
      }
      return String(entry);
    })
    .join('\n');
}

/** The settings the owner's form sets, over the stored ones (services, collage, social and logo stay). */
export function settingsFromForm(current: Record<string, unknown>, form: Record<string, unknown>) {
  const hours: Record<string, string> = {};
  for (const day of WEEKDAYS) {
    const value = text(form, `hours.${day}`);
    if (value) hours[day] = value;
  }
  const gst = number(text(form, 'gst_percent'));
  const next: Record<string, unknown> = {
    ...current,
    name: text(form, 'name'),
    short_name: optional(text(form, 'short_name')),
    accent_colour: text(form, 'accent_colour'),
    email: text(form, 'email'),
    phone: text(form, 'phone'),
    address: {
      street: text(form, 'address.street'),
      suburb: text(form, 'address.suburb'),
      state: text(form, 'address.state'),
      postcode: text(form, 'address.postcode'),
    },
    service_area: optional(text(form, 'service_area')),
    time_zone: optional(text(form, 'time_zone')),
    country: optional(text(form, 'country')),
    // The currency follows the country unless one is chosen.
    currency: optional(text(form, 'currency')),
    tagline: optional(text(form, 'tagline')),
    tax_id: optional(text(form, 'tax_id')),
    legal_name: optional(text(form, 'legal_name')),
    opening_hours: hours,
    hold_days: number(text(form, 'hold_days')),
    closed_dates: closedDatesFromText(typeof form.closed_dates === 'string' ? form.closed_dates : ''),
    public_holidays: optional(text(form, 'public_holidays')),
    remind_days_before_hire: number(text(form, 'remind_days_before_hire')),
    remind_days_before_return: number(text(form, 'remind_days_before_return')),
    email_links_act_without_sign_in: form.email_links_act_without_sign_in === 'on',
    staff_may_change_prices: form.staff_may_change_prices === 'on',
    staff_may_cancel_confirmed: form.staff_may_cancel_confirmed === 'on',
    gst_rate: typeof gst === 'number' ? Math.round(gst * 100) / 10_000 : gst,
    price_display: text(form, 'price_display'),
    prices_include_gst: form.prices_include_gst === 'on',
    email_footer: text(form, 'email_footer'),
    about: markdown(current, form, 'about'),
    terms: markdown(current, form, 'terms'),
    payments: paymentsFromForm(form),
    hire_pricing: hirePricingFromForm(current.hire_pricing, form),
    delivery_zones: deliveryZonesFromForm(current.delivery_zones, form),
  };
  for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
  return next;
}

export type SettingsOutcome =
  | { kind: 'saved'; keys: string[] }
  | { kind: 'conflict' }
  | { kind: 'invalid'; problems: SettingsProblem[] };

/**
 * Saves the owner's settings, checked by the same rules as business.json, in one transaction: refused
 * when they changed since the form was drawn. The shop shows them on its next read (the data version
 * moves with the row) and the log keeps each changed key before and after.
 */
export async function saveSettings(
  db: Db,
  form: Record<string, unknown>,
  by: Acting,
  now: Date,
): Promise<SettingsOutcome> {
  return db.transaction(async (tx) => {
    const current = await storedSettings(tx);
    if (fingerprint(current) !== form.was) return { kind: 'conflict' };
    // Stored as business.json is written (the shop parses it as it reads it); compared as parsed.
    const next = settingsFromForm(current, form);
    const parsed = parseBusinessFile(next);
    if (!parsed.settings) return { kind: 'invalid', problems: parsed.problems };
    const was = (parseBusinessFile(current).settings ?? {}) as Record<string, unknown>;
    const after = parsed.settings as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(was), ...Object.keys(after)])]
      .filter((key) => JSON.stringify(was[key]) !== JSON.stringify(after[key]))
      .sort();
    if (keys.length === 0) return { kind: 'saved', keys };
    const [row] = await tx.select().from(businessSettings).where(eq(businessSettings.id, 1));
    await tx
      .insert(businessSettings)
      .values({
        id: 1,
        settings: next,
        logo: row?.logo ?? null,
        photos: row?.photos ?? {},
        updatedAt: now.toISOString(),
      })
      .onConflictDoUpdate({ target: businessSettings.id, set: { settings: next, updatedAt: now.toISOString() } });
    await markEdited(tx, 'settings', keys, actorName(by), now);
    const long = (value: unknown) =>
      typeof value === 'string' && value.length > 120 ? `${value.slice(0, 117)}…` : value;
    await logActivity(
      tx,
      by,
      {
        kind: 'settings_edit',
        subjectType: 'settings',
        subjectId: 'business',
        summary: `Changed the shop’s settings: ${keys.join(', ')}`,
        before: Object.fromEntries(keys.map((k) => [k, long(was[k])])),
        after: Object.fromEntries(keys.map((k) => [k, long(after[k])])),
      },
      now,
    );
    return { kind: 'saved', keys };
  });
}
