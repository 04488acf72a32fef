import { MAX_TURNAROUND_DAYS } from '../../../src/lib/api-contract/hold-window';
import { centsToAmount } from '../../../src/lib/api-contract/money';
import type { StockShortfall } from '../../booking';
import { type EditableBundle, type EditableGroup, fingerprint } from '../../services/team/items';
import { day, type Html, html, raw } from './html';
import { csrfField, flash, type PageContext, teamLayout } from './layout';

const readOnly = (ctx: PageContext) => ctx.member?.role === 'viewer';
/** The form's Save, or for a read-only member what their role allows. */
const saveButton = (ctx: PageContext) =>
  readOnly(ctx)
    ? html`<p class="muted">Your role is read-only: you can see this item; staff and owners change it.</p>`
    : html`<div><button type="submit">Save</button></div>`;

type Found = { id: string; name: string; archived: boolean; show: boolean };

const state = (item: { archived: boolean; show: boolean }) =>
  item.archived
    ? html` <span class="pill">Archived</span>`
    : item.show
      ? ''
      : html` <span class="pill">Hidden from the shop</span>`;

/** Find any product or bundle by name or SKU. */
export function itemsPage(ctx: PageContext, q: string | undefined, found: { groups: Found[]; bundles: Found[] }): Html {
  const list = (items: Found[], base: string) =>
    items.length
      ? html`<ul class="list">${items.map((i) => html`<li class="card"><a href="${base}/${i.id}">${i.name}</a>${state(i)}</li>`)}</ul>`
      : html`<p>None match.</p>`;
  return teamLayout(
    { ...ctx, section: 'items' },
    'Items',
    html`<form method="get" action="/team/items" class="filters card" role="search" aria-label="Find items">
<div class="wide"><label for="items-q">Name or SKU</label><input id="items-q" name="q" type="search" value="${q ?? ''}"></div>
<div><button type="submit">Find</button></div></form>
<h2>Products</h2>${list(found.groups, '/team/items/groups')}
<h2>Bundles</h2>${list(found.bundles, '/team/items/bundles')}`,
  );
}

const check = (name: string, id: string, label: string, on: boolean) =>
  html`<div class="check"><input type="checkbox" id="${id}" name="${name}"${raw(on ? ' checked' : '')}><label for="${id}">${label}</label></div>`;

function commonFields(item: EditableGroup | EditableBundle) {
  return html`<div class="field"><label for="name">Name</label><input id="name" name="name" required maxlength="200" value="${item.name}"></div>
<div class="field"><label for="description">Description</label><textarea id="description" name="description" rows="5" maxlength="5000">${item.description}</textarea></div>
<div class="field"><label for="tags">Tags (categories and words, separated by commas)</label><input id="tags" name="tags" value="${item.tags.join(', ')}"></div>
${check('showInStore', 'showInStore', 'Show in the shop', item.showInStore)}
${check('archived', 'archived', 'Archived (no longer for hire)', item.archived)}`;
}

export type SaveMessage =
  | { kind: 'saved'; changed: string[] }
  | { kind: 'conflict' }
  | { kind: 'short'; shortfalls: StockShortfall[] }
  | { kind: 'invalid'; problem: string }
  | { kind: 'not_allowed' }
  | { kind: 'photo'; text: string };

function message(m: SaveMessage | undefined): Html | string {
  if (!m) return '';
  switch (m.kind) {
    case 'saved':
      return flash(m.changed.length ? 'Saved: the shop shows it on its next visit.' : 'Nothing had changed.');
    case 'photo':
      return flash(m.text);
    case 'not_allowed':
      return flash(
        'Not saved: only an owner can change prices here (the owner’s setting). Nothing was changed.',
        'problem',
      );
    case 'conflict':
      return flash(
        'Not saved: someone else saved this item after you opened it. This is it as it is now: make your change again.',
        'problem',
      );
    case 'invalid':
      return flash(`Not saved: ${m.problem}.`, 'problem');
    case 'short':
      return html`<div class="flash problem" role="alert"><p>Not saved: it would leave less than is promised (a lower stock, or a longer turnaround).</p><ul>${m.shortfalls.map(
        (s) =>
          html`<li>${s.name}: ${s.promised} promised ${s.from === s.to ? html`on ${day(s.from)}` : html`${day(s.from)} to ${day(s.to)}`}, stock would be ${s.stock}</li>`,
      )}</ul></div>`;
  }
}

/** A product group's edit form: its fields, then each of its products (variations). */
type PhotoRow = { id: string; largeUrl: string };

/** The item's photos, and a form to add one or replace them (the importer's photo pipeline). */
function photoSection(ctx: PageContext, action: string, list: PhotoRow[]): Html {
  return html`<section class="card stack" aria-labelledby="photos-title"><h2 id="photos-title">Photos</h2>
${list.length ? html`<ul class="photos">${list.map((p, i) => html`<li><img src="${p.largeUrl}" alt="Photo ${i + 1}" width="120" height="120" loading="lazy"></li>`)}</ul>` : html`<p>No photos yet.</p>`}
<form method="post" action="${action}" enctype="multipart/form-data" class="stack">${csrfField(ctx)}
<div><label for="photo">Photo (JPEG, PNG, WebP or HEIC, up to 20 MB)</label><input id="photo" name="photo" type="file" accept="image/*" required></div>
<fieldset class="choice"><legend>Where it goes</legend>
<div class="check"><input type="radio" id="mode-add" name="mode" value="add" checked><label for="mode-add">Add it after the others</label></div>
<div class="check"><input type="radio" id="mode-replace" name="mode" value="replace"><label for="mode-replace">Replace every photo with it</label></div></fieldset>
<div><button type="submit" class="quiet">Upload photo</button></div></form></section>`;
}

/** An item's edit page: a link to it in the shop, its form (fields common to every item first), its photos. */
function itemPage(
  ctx: PageContext,
  item: EditableGroup | EditableBundle,
  kind: 'product-group' | 'bundle',
  photoList: PhotoRow[],
  saved: SaveMessage | undefined,
  more: Html | string,
  after: Html | string = '',
): Html {
  const path = `/team/items/${kind === 'bundle' ? 'bundles' : 'groups'}/${item.id}`;
  return teamLayout(
    { ...ctx, section: 'items' },
    item.name,
    html`${message(saved)}
<p><a href="/hire?type=${kind}&amp;id=${item.id}">See it in the shop</a></p>
<form method="post" action="${path}" class="stack">${csrfField(ctx)}
<input type="hidden" name="was" value="${fingerprint(item)}">
<section class="card">${commonFields(item)}</section>
${more}
${saveButton(ctx)}</form>
${after}
${readOnly(ctx) ? '' : photoSection(ctx, `${path}/photos`, photoList)}`,
  );
}

export function groupPage(
  ctx: PageContext,
  group: EditableGroup,
  photoList: PhotoRow[],
  saved?: SaveMessage,
  /** Its units in repair, and the form that puts some in (issue 62). */
  repairs: Html | string = '',
): Html {
  const money = centsToAmount;
  return itemPage(
    ctx,
    group,
    'product-group',
    photoList,
    saved,
    html`${group.products.map(
      (
        p,
      ) => html`<fieldset class="card"><legend>${p.name}${p.sku ? html` <span class="muted">(${p.sku})</span>` : ''}</legend>
<div class="field"><label for="p-${p.id}-name">Name</label><input id="p-${p.id}-name" name="p.${p.id}.name" required maxlength="200" value="${p.name}"></div>
<div class="pair"><div class="field"><label for="p-${p.id}-price">Price (dollars)</label><input id="p-${p.id}-price" name="p.${p.id}.price" inputmode="decimal" required value="${money(p.priceInCents)}"></div>
<div class="field"><label for="p-${p.id}-stock">Stock</label><input id="p-${p.id}-stock" name="p.${p.id}.stock" type="number" min="0" max="100000" required value="${p.stock}"></div>
<div class="field"><label for="p-${p.id}-turnaround">Turnaround (days after a return)</label><input id="p-${p.id}-turnaround" name="p.${p.id}.turnaroundDays" type="number" inputmode="numeric" min="0" max="${MAX_TURNAROUND_DAYS}" value="${p.turnaroundDays}"></div></div>
${check(`p.${p.id}.showInStore`, `p-${p.id}-show`, 'Show in the shop', p.showInStore)}
${check(`p.${p.id}.archived`, `p-${p.id}-archived`, 'Archived', p.archived)}
<p><a href="/team/calendar/products/${p.id}">Bookings of ${p.name}</a></p></fieldset>`,
    )}`,
    repairs,
  );
}

export function bundlePage(ctx: PageContext, bundle: EditableBundle, photoList: PhotoRow[], saved?: SaveMessage): Html {
  return itemPage(ctx, bundle, 'bundle', photoList, saved, '');
}
