import { hirePricingFields } from '../../services/team/settings-hire-pricing';
import { type Html, html, raw } from './html';

/**
 * Longer hires (business.json's `hire_pricing`, issue 60): how a hire of several days is priced, by
 * an extension per extra day or by tiers of its length, and the longest hire taken.
 */
export function hirePricingFieldset(shown: Record<string, unknown>): Html {
  // The same fields the form reads back, so a block sent back untouched changes nothing.
  const fields = hirePricingFields(shown.hire_pricing);
  const tiers = fields['hire.rule'] === 'tiers';
  const option = (value: string, label: string, on: boolean) =>
    html`<option value="${value}"${raw(on ? ' selected' : '')}>${label}</option>`;
  return html`<fieldset class="card"><legend>Longer hires</legend>
<p class="muted">A price is for one day of use and the days around it to pick up and return. A longer hire adds its extra days by this rule.</p>
<div class="field"><label for="s-hire.rule">Price a longer hire</label><select id="s-hire.rule" name="hire.rule">${option('extension', 'A share of the price a day', !tiers)}${option('tiers', 'Tiers by its length', tiers)}</select></div>
<div class="field"><label for="s-hire.extra_day_percent">Each extra day adds (percent of the price)</label><p class="muted" id="s-hire.extra_day_percent-hint">25 for a quarter of the price a day; 100 is a day rate.</p><input id="s-hire.extra_day_percent" name="hire.extra_day_percent" value="${fields['hire.extra_day_percent']}" inputmode="decimal" aria-describedby="s-hire.extra_day_percent-hint"></div>
<div class="field"><label for="s-hire.tiers">Tiers</label><p class="muted" id="s-hire.tiers-hint">One a line: up to how many days, then times the price. <code>3 1</code>, <code>7 1.5</code>, <code>31 3</code>.</p><textarea id="s-hire.tiers" name="hire.tiers" rows="3" spellcheck="false" aria-describedby="s-hire.tiers-hint">${fields['hire.tiers']}</textarea></div>
<div class="check"><input type="checkbox" id="s-hire.count_closed_days" name="hire.count_closed_days"${raw(fields['hire.count_closed_days'] ? ' checked' : '')}><label for="s-hire.count_closed_days">Count the days we are closed too</label></div>
<div class="field"><label for="s-hire.by_category">Categories priced their own way (optional)</label><p class="muted" id="s-hire.by_category-hint">One a line: the category's key, then a share a day or tiers. <code>marquees: 50</code>, <code>furniture: 3 1, 7 1.5, 90 3</code>. Items in it (or in a category under it) take this rule.</p><textarea id="s-hire.by_category" name="hire.by_category" rows="2" spellcheck="false" aria-describedby="s-hire.by_category-hint">${fields['hire.by_category']}</textarea></div>
<div class="field"><label for="s-hire.longest_hire_days">Longest hire (days)</label><input id="s-hire.longest_hire_days" name="hire.longest_hire_days" value="${fields['hire.longest_hire_days']}" type="number" min="1" max="366" required></div>
</fieldset>`;
}
