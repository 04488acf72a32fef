import { deliveryZonesText } from '../../services/team/settings-delivery-zones';
import { type Html, html } from './html';

/** Delivery zones (business.json's `delivery_zones`, issue 60): fees by postcode, one zone a line. */
export function deliveryZonesFieldset(shown: Record<string, unknown>): Html {
  return html`<fieldset class="card"><legend>Delivery zones</legend>
<p class="muted" id="s-delivery_zones-hint">One zone a line: name | postcodes | fee | minimum order | after-hours surcharge, in dollars as your prices are entered (before GST, or with it where prices include GST; the last two may be left off). <code>Inner West | 2040-2050, 2130 | 60 | 250 | 40</code>. An address in no zone, or an order below its zone's minimum, is quoted by the team.</p>
<div class="field"><label for="s-delivery_zones">Zones</label><textarea id="s-delivery_zones" name="delivery_zones" rows="4" spellcheck="false" aria-describedby="s-delivery_zones-hint">${deliveryZonesText(shown.delivery_zones)}</textarea></div>
</fieldset>`;
}
