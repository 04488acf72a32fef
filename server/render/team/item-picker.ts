import { BUNDLE_PREFIX, type PickerBundle, type PickerCatalogue } from '../../services/team/item-picks';
import { type Html, html, raw } from './html';

const selected = (yes: boolean) => raw(yes ? ' selected' : '');

/**
 * The options of an item picker: each product under its group (its variations side by side), then
 * the bundles. A bundle with choices asks for them once it is picked (the form comes back with them).
 */
export function pickerOptions(catalogue: PickerCatalogue, value: string): Html {
  return html`${catalogue.groups.map(
    (group) =>
      html`<optgroup label="${group.name}">${group.products.map(
        (p) => html`<option value="${p.id}"${selected(p.id === value)}>${p.name}</option>`,
      )}</optgroup>`,
  )}<optgroup label="Bundles">${catalogue.bundles.map(
    (b) =>
      html`<option value="${BUNDLE_PREFIX}${b.id}"${selected(`${BUNDLE_PREFIX}${b.id}` === value)}>${b.name}${b.slots.length ? ' (with choices)' : ''}</option>`,
  )}</optgroup>`;
}

/**
 * The choices of a picked bundle, as the shop asks them: one select per item whose product the
 * customer picks, named `choice:<slot>:<bundle item id>`, keeping what was chosen.
 */
export function bundleChoices(slot: string, bundle: PickerBundle, chosen: Record<string, string>): Html {
  return html`<fieldset class="choices"><legend>Choices for ${bundle.name}</legend>${bundle.slots.map((item) => {
    const name = `choice:${slot}:${item.bundleItemId}`;
    const id = `choice-${slot}-${item.bundleItemId}`;
    return html`<div class="field"><label for="${id}">${item.name}</label><select id="${id}" name="${name}" required><option value="">Choose…</option>${item.options.map(
      (option) => html`<option value="${option.id}"${selected(chosen[name] === option.id)}>${option.name}</option>`,
    )}</select></div>`;
  })}</fieldset>`;
}

/** The hand-over's agreed time: two time fields, both or neither (a delivery slot, a pickup time). */
export function handOverTimeFields(idPrefix: string, from: string, to: string): Html {
  return html`<fieldset class="time-window"><legend>Time on the first day (optional)</legend><div class="pair">
<div class="field"><label for="${idPrefix}-time-from">From</label><input id="${idPrefix}-time-from" name="timeFrom" type="time" step="900" value="${from}"></div>
<div class="field"><label for="${idPrefix}-time-to">To</label><input id="${idPrefix}-time-to" name="timeTo" type="time" step="900" value="${to}"></div></div></fieldset>`;
}
