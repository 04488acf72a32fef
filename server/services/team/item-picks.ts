import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { OrderBody } from '../../../src/lib/api-contract';
import type { Db } from '../../db/client';
import { bundleItems, bundles, productGroups, products } from '../../db/schema';

/** A product to offer, under its group (its variations side by side). */
export interface PickerProduct {
  id: string;
  name: string;
  photoUrl: string | null;
}
export interface PickerGroup {
  id: string;
  name: string;
  products: PickerProduct[];
}
/** A bundle item whose product the customer picks from its group (the shop's choice in the bundle). */
export interface PickerSlot {
  bundleItemId: string;
  name: string;
  options: PickerProduct[];
}
export interface PickerBundle {
  id: string;
  name: string;
  slots: PickerSlot[];
}
/** What the team's forms offer to add: every product for hire by group, and every bundle with its choices. */
export interface PickerCatalogue {
  groups: PickerGroup[];
  bundles: PickerBundle[];
}

/** The form value that names a bundle in an item picker (a product is named by its id alone). */
export const BUNDLE_PREFIX = 'bundle:';

/** An item picked in a team form: a product, or a bundle with the product chosen for each of its slots. */
export type ItemPick =
  | { kind: 'product'; id: string; quantity: number }
  | { kind: 'bundle'; id: string; quantity: number; choices: ReadonlyMap<string, string> };

/**
 * Reads one picker of a form: its value (`<product id>` or `bundle:<id>`), how many, and the
 * `choice:<slot>:<bundle item id>` fields of its bundle's choices.
 */
export function readPick(
  form: Record<string, unknown>,
  slot: string,
  value: string,
  quantity: number,
): ItemPick | null {
  if (!value) return null;
  if (!value.startsWith(BUNDLE_PREFIX)) return { kind: 'product', id: value, quantity };
  const choices = new Map<string, string>();
  const prefix = `choice:${slot}:`;
  for (const [key, chosen] of Object.entries(form)) {
    if (key.startsWith(prefix) && typeof chosen === 'string' && chosen) choices.set(key.slice(prefix.length), chosen);
  }
  return { kind: 'bundle', id: value.slice(BUNDLE_PREFIX.length), quantity, choices };
}

/** Every product and bundle for hire, as the team's pickers offer them. */
export async function pickerCatalogue(db: Db): Promise<PickerCatalogue> {
  const [productRows, bundleRows, slotRows] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        groupId: productGroups.id,
        groupName: productGroups.name,
        photoUrl: sql<string | null>`coalesce(${products.photoUrl}, ${productGroups.photoUrl})`,
      })
      .from(products)
      .innerJoin(productGroups, eq(productGroups.id, products.productGroupId))
      .where(and(eq(products.archived, false), eq(productGroups.archived, false)))
      .orderBy(asc(productGroups.name), asc(products.position), asc(products.name)),
    db
      .select({ id: bundles.id, name: bundles.name })
      .from(bundles)
      .where(eq(bundles.archived, false))
      .orderBy(asc(bundles.name)),
    db
      .select({
        bundleId: bundleItems.bundleId,
        bundleItemId: bundleItems.id,
        name: bundleItems.name,
        groupId: bundleItems.productGroupId,
      })
      .from(bundleItems)
      .where(isNull(bundleItems.productId))
      .orderBy(asc(bundleItems.position)),
  ]);
  const groups = new Map<string, PickerGroup>();
  for (const row of productRows) {
    const group = groups.get(row.groupId) ?? { id: row.groupId, name: row.groupName, products: [] };
    group.products.push({ id: row.id, name: row.name, photoUrl: row.photoUrl });
    groups.set(row.groupId, group);
  }
  const slotsOf = new Map<string, PickerSlot[]>();
  for (const row of slotRows) {
    const slots = slotsOf.get(row.bundleId) ?? [];
    slots.push({ bundleItemId: row.bundleItemId, name: row.name, options: groups.get(row.groupId)?.products ?? [] });
    slotsOf.set(row.bundleId, slots);
  }
  return {
    groups: [...groups.values()],
    bundles: bundleRows.map((bundle) => ({ ...bundle, slots: slotsOf.get(bundle.id) ?? [] })),
  };
}

export type PickedLine = { line: OrderBody['lines'][number] } | { choose: PickerBundle; message: string };

/**
 * An order line for a pick, as the shop would send it (a bundle's choices as its variations), or the
 * bundle whose choices are still to make, with what to say. An unknown product or bundle is left to
 * the pricing, which refuses it by name.
 */
export function pickedLine(pick: ItemPick, catalogue: PickerCatalogue): PickedLine {
  if (pick.kind === 'product') {
    return { line: { id: pick.id, quantity: pick.quantity, isBundle: false, bundleVariations: [] } };
  }
  const bundle = catalogue.bundles.find((b) => b.id === pick.id);
  const variations: OrderBody['lines'][number]['bundleVariations'] = [];
  const open: string[] = [];
  for (const slot of bundle?.slots ?? []) {
    const chosen = slot.options.find((option) => option.id === pick.choices.get(slot.bundleItemId));
    if (!chosen) open.push(slot.name);
    else
      variations.push({
        bundleItemId: slot.bundleItemId,
        productId: chosen.id,
        displayName: chosen.name,
        displayPhotoUrl: chosen.photoUrl,
      });
  }
  if (bundle && open.length > 0) {
    return { choose: bundle, message: `Choose the ${open.join(' and the ')} for ${bundle.name}, then save again.` };
  }
  return { line: { id: pick.id, quantity: pick.quantity, isBundle: true, bundleVariations: variations } };
}
