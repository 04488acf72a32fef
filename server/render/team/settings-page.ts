import {
  COUNTRY_NAMES,
  HOLIDAY_REGIONS,
  type SettingsProblem,
  SUPPORTED_COUNTRIES,
  SUPPORTED_CURRENCIES,
} from '../../../src/lib/api-contract/business-file';
import { holidayRegionName } from '../../services/public-holidays';
import { fingerprint } from '../../services/team/items';
import { closedDatesText, WEEKDAYS } from '../../services/team/settings';
import { type Html, html, raw } from './html';
import { csrfField, flash, type PageContext, teamLayout } from './layout';
import { type SavedLine, savedLinesCard } from './saved-lines-card';
import { deliveryZonesFieldset } from './settings-delivery-zones';
import { hirePricingFieldset } from './settings-hire-pricing';
import { paymentsFieldset } from './settings-payments';

type Settings = Record<string, unknown>;

/** The zones the server's engine knows, Australia's and New Zealand's first (the datalist's suggestions). */
function timeZoneNames(): string[] {
  const all = Intl.supportedValuesOf('timeZone');
  const near = all.filter((zone) => /^(Australia|Pacific\/Auckland|Pacific\/Chatham)/.test(zone));
  return [...near, ...all.filter((zone) => !near.includes(zone))];
}

const field = (name: string, label: string, value: unknown, attrs = '') =>
  html`<div class="field"><label for="s-${name}">${label}</label><input id="s-${name}" name="${name}" value="${value == null ? '' : String(value)}"${raw(attrs ? ` ${attrs}` : '')}></div>`;
const area = (name: string, label: string, value: unknown, rows = 6) =>
  html`<div class="field"><label for="s-${name}">${label}</label><textarea id="s-${name}" name="${name}" rows="${rows}">${String(value ?? '')}</textarea></div>`;

export type SettingsMessage =
  | { kind: 'saved'; keys: string[] }
  | { kind: 'conflict' }
  | { kind: 'invalid'; problems: SettingsProblem[] }
  /** What a saved line's Remove did (issue 61). */
  | { kind: 'note'; text: string; tone?: 'problem' };

function message(m: SettingsMessage | undefined) {
  if (!m) return '';
  if (m.kind === 'saved')
    return flash(m.keys.length ? 'Saved: the shop shows it on its next visit.' : 'Nothing had changed.');
  if (m.kind === 'note') return flash(m.text, m.tone);
  if (m.kind === 'conflict')
    return flash(
      'Not saved: someone else changed the settings after you opened them. These are the settings now.',
      'problem',
    );
  return html`<div class="flash problem" role="alert"><p>Not saved:</p><ul>${m.problems.map((p) => html`<li>${p.key}: ${p.message}</li>`)}</ul></div>`;
}

/**
 * The owner's settings: the business's details, hours and rules, and its About and terms
 * (Markdown). Services, the collage, social links and the logo stay in business.json.
 */
export function settingsPage(
  ctx: PageContext,
  stored: Settings,
  shown: Settings,
  saved?: SettingsMessage,
  savedLines: SavedLine[] = [],
): Html {
  const hours = (shown.opening_hours ?? {}) as Record<string, string>;
  const address = (shown.address ?? {}) as Record<string, string>;
  return teamLayout(
    { ...ctx, section: 'settings' },
    'Shop settings',
    html`${message(saved)}
<form method="post" action="/team/settings" class="stack">${csrfField(ctx)}<input type="hidden" name="was" value="${fingerprint(stored)}">
<fieldset class="card"><legend>The business</legend>
${field('name', 'Name', shown.name, 'required maxlength="80"')}
${field('short_name', 'Name under the app icon (12 letters at most)', shown.short_name, 'maxlength="12"')}
${field('accent_colour', 'Brand colour (such as #8a6a4a)', shown.accent_colour, 'pattern="#[0-9a-fA-F]{6}"')}
${field('email', 'Email', shown.email, 'type="email"')}
${field('phone', 'Phone', shown.phone)}
${field('address.street', 'Street', address.street)}
<div class="pair">${field('address.suburb', 'Suburb', address.suburb)}${field('address.state', 'State or region', address.state)}</div>
${field('address.postcode', 'Postcode', address.postcode, 'inputmode="numeric" maxlength="4"')}
${field('service_area', 'Service area (such as Sydney)', shown.service_area)}
${field('tagline', 'Tagline beside the name (such as Event Styling & Prop Hire)', shown.tagline, 'maxlength="80"')}
${field('tax_id', 'ABN (or New Zealand GST number)', shown.tax_id, 'inputmode="numeric" maxlength="14"')}
${field('legal_name', 'Legal name on tax invoices (such as Kowhai Party Hire Ltd; the name above when empty)', shown.legal_name, 'maxlength="120"')}
<div class="pair"><div class="field"><label for="s-country">Country</label><select id="s-country" name="country">
${SUPPORTED_COUNTRIES.map((code) => html`<option value="${code}"${raw((shown.country ?? 'AU') === code ? ' selected' : '')}>${COUNTRY_NAMES[code]}</option>`)}</select></div>
<div class="field"><label for="s-currency">Currency</label><select id="s-currency" name="currency">
<option value=""${raw(shown.currency ? '' : ' selected')}>The country’s</option>
${SUPPORTED_CURRENCIES.map((code) => html`<option value="${code}"${raw(shown.currency === code ? ' selected' : '')}>${code}</option>`)}</select></div></div>
${field('time_zone', 'Time zone (every day and time the shop and its emails give)', shown.time_zone, 'list="time-zones" autocomplete="off" spellcheck="false"')}
<datalist id="time-zones">${timeZoneNames().map((zone) => html`<option value="${zone}"></option>`)}</datalist>
</fieldset>
<fieldset class="card"><legend>Opening hours (empty: closed)</legend>
<div class="pair">${WEEKDAYS.map((day) => field(`hours.${day}`, `${day[0]?.toUpperCase()}${day.slice(1)}`, hours[day]))}</div></fieldset>
<fieldset class="card"><legend>Rules</legend>
${field('hold_days', 'Days a request holds its items', shown.hold_days, 'type="number" min="1" max="90"')}
<div class="pair">${field('remind_days_before_hire', 'Remind the customer, days before the hire (0: never)', shown.remind_days_before_hire ?? 2, 'type="number" min="0" max="14"')}
${field('remind_days_before_return', 'Remind the customer, days before the return (0: never)', shown.remind_days_before_return ?? 1, 'type="number" min="0" max="14"')}</div>
<div class="field"><label for="s-closed_dates">Closed dates</label>
<p class="muted" id="s-closed_dates-hint">One a line: <code>2026-12-25</code>, or <code>2026-12-24 to 2027-01-05 Christmas shutdown</code>. No pickup, return or delivery is set on them.</p>
<textarea id="s-closed_dates" name="closed_dates" rows="4" spellcheck="false" aria-describedby="s-closed_dates-hint">${closedDatesText(shown.closed_dates)}</textarea></div>
<div class="field"><label for="s-public_holidays">Closed on the public holidays of</label><select id="s-public_holidays" name="public_holidays">
<option value=""${raw(shown.public_holidays ? '' : ' selected')}>None (open on public holidays)</option>
${[...HOLIDAY_REGIONS.AU, ...HOLIDAY_REGIONS.NZ].map((code) => html`<option value="${code}"${raw(shown.public_holidays === code ? ' selected' : '')}>${holidayRegionName(code)}</option>`)}</select></div>
${field('gst_percent', 'GST (percent)', Math.round(Number(shown.gst_rate ?? 0.1) * 10_000) / 100, 'inputmode="decimal"')}
<div class="field"><label for="s-price_display">Prices show</label><select id="s-price_display" name="price_display">
<option value="excluding_gst"${raw(shown.price_display === 'including_gst' ? '' : ' selected')}>Before GST</option>
<option value="including_gst"${raw(shown.price_display === 'including_gst' ? ' selected' : '')}>Including GST</option></select></div>
<div class="check"><input type="checkbox" id="s-prices_include_gst" name="prices_include_gst" aria-describedby="s-prices_include_gst-hint"${raw(shown.prices_include_gst === true ? ' checked' : '')}>
<label for="s-prices_include_gst">Our prices include GST</label></div>
<p class="muted" id="s-prices_include_gst-hint">Prices in the spreadsheet and here are entered with GST, such as $10.00: the shop shows and invoices $10.00, with the GST worked out of it. Requests already made keep the basis they were made on.</p>
${field('email_footer', 'Line under every email', shown.email_footer)}
<div class="check"><input type="checkbox" id="s-staff_prices" name="staff_may_change_prices"${raw(shown.staff_may_change_prices === false ? '' : ' checked')}>
<label for="s-staff_prices">Staff may change prices (otherwise owners only)</label></div>
<div class="check"><input type="checkbox" id="s-staff_cancel" name="staff_may_cancel_confirmed"${raw(shown.staff_may_cancel_confirmed === false ? '' : ' checked')}>
<label for="s-staff_cancel">Staff may cancel a confirmed booking (otherwise owners only)</label></div>
<div class="check"><input type="checkbox" id="s-email_links" name="email_links_act_without_sign_in"${raw(shown.email_links_act_without_sign_in === true ? ' checked' : '')}>
<label for="s-email_links">Confirm, Decline and Cancel in a team email act without signing in (anyone who can read the team’s inbox, or a forwarded email, can then answer requests; each use is logged)</label></div>
</fieldset>
${paymentsFieldset(shown)}
${hirePricingFieldset(shown)}
${deliveryZonesFieldset(shown)}
<fieldset class="card"><legend>Pages (Markdown)</legend>
${area('about', 'About', shown.about)}
${area('terms', 'Terms and conditions', shown.terms, 12)}
</fieldset>
<div><button type="submit">Save settings</button></div></form>
${savedLinesCard(ctx, savedLines)}`,
  );
}
