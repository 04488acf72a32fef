import type { QueryClient } from '@tanstack/react-query';
import type { ProductResource } from '../../lib/api-contract';
import { bundlePriceInCents } from '../../lib/api-contract/money';
import type { CartLineDraft } from '../../lib/cart-line';
import { ApiError } from '../../lib/http';
import { type BundleDetail, bundleQueryOptions } from './api/get-bundle';
import { type ProductGroupDetail, productGroupQueryOptions } from './api/get-product-group';
import {
  type BundleSelection,
  bundleMaxQuantity,
  initialSelections,
  isBundleComplete,
  selectionPriceItems,
  selectProduct,
} from './bundle-rules';
import { availableOf } from './product-group-rules';

/** A line named by ids only (a shared moodboard link): the catalogue says what it is and costs. */
export interface LineRef {
  kind: 'product' | 'bundle';
  id: string;
  groupId: string | null;
  quantity: number;
  choices: { bundleItemId: string; productId: string }[];
}

type ProductsById = Map<string, ProductResource>;

/** A bundle's cart line for complete selections: its price, its stock and the chosen variations. */
export function bundleDraft(
  detail: BundleDetail,
  selections: BundleSelection[],
  products: ProductsById,
  groupById: Map<string, ProductGroupDetail>,
  quantity: number,
): CartLineDraft {
  const available = (id: string) => {
    const product = products.get(id);
    return product ? availableOf(product) : undefined;
  };
  const price = bundlePriceInCents(
    selectionPriceItems(
      selections,
      (id) => products.get(id)?.attributes.base_price_in_cents,
      (id) => groupById.get(id)?.group.attributes.base_price_in_cents,
    ),
  );
  return {
    id: detail.bundle.id,
    name: detail.bundle.attributes.name,
    priceCents: price,
    photo_url: detail.bundle.attributes.photo_url,
    stock_count: bundleMaxQuantity(selections, available, detail.bundle.attributes.inventory.available),
    quantity,
    isBundle: true,
    productGroupId: null,
    categories: detail.bundle.attributes.tags,
    bundleVariations: selections
      .filter((s) => s.initialProductId === null && s.selectedProductId)
      .map((s) => {
        const product = products.get(s.selectedProductId ?? '');
        return {
          bundleItemId: s.bundleItemId,
          productId: s.selectedProductId ?? '',
          displayName: product?.attributes.name ?? s.name,
          displayPhotoUrl: product?.attributes.photo_url ?? null,
        };
      }),
  };
}

/** A product line from its group, or null when the group no longer offers that product. */
export function productLineFrom(detail: ProductGroupDetail, productId: string, quantity: number): CartLineDraft | null {
  const product = detail.products.find((p) => p.id === productId && !p.attributes.archived);
  if (!product) return null;
  const stock = availableOf(product);
  return {
    id: product.id,
    name: product.attributes.name,
    priceCents: product.attributes.base_price_in_cents,
    photo_url: product.attributes.photo_url ?? detail.group.attributes.photo_url,
    stock_count: stock,
    quantity: Math.max(1, Math.min(quantity, stock)),
    isBundle: false,
    bundleVariations: [],
    productGroupId: detail.group.id,
    categories: detail.group.attributes.tags,
  };
}

/**
 * A bundle line for these choices, in the order given, or null when they no longer fit the bundle:
 * a choice for a fixed item or an unknown one, a product outside the item's group or archived, or an
 * item left without a choice.
 */
export function bundleLineFrom(
  detail: BundleDetail,
  groups: ProductGroupDetail[],
  choices: LineRef['choices'],
  quantity: number,
): CartLineDraft | null {
  const groupById = new Map(groups.map((g) => [g.group.id, g]));
  const products: ProductsById = new Map([
    ...detail.products.map((p) => [p.id, p] as const),
    ...groups.flatMap((g) => g.products.map((p) => [p.id, p] as const)),
  ]);
  let selections = initialSelections(detail.items);
  for (const choice of choices) {
    const item = selections.find((s) => s.bundleItemId === choice.bundleItemId);
    const product = products.get(choice.productId);
    const group = item ? groupById.get(item.productGroupId) : undefined;
    if (!item || item.initialProductId !== null || !product || product.attributes.archived) return null;
    if (!group?.products.some((p) => p.id === product.id)) return null;
    selections = selectProduct(selections, choice.bundleItemId, choice.productId);
  }
  if (!isBundleComplete(selections)) return null;
  const line = bundleDraft(detail, selections, products, groupById, quantity);
  const order = new Map(choices.map((c, index) => [c.bundleItemId, index]));
  line.bundleVariations.sort((a, b) => (order.get(a.bundleItemId) ?? 0) - (order.get(b.bundleItemId) ?? 0));
  return { ...line, quantity: Math.max(1, Math.min(quantity, line.stock_count)) };
}

const isGone = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * Looks a line up in the catalogue (through the query cache, so a saved catalogue answers offline).
 * Null when the catalogue no longer has it; other failures (no network) are thrown.
 */
export async function resolveLine(queryClient: QueryClient, ref: LineRef): Promise<CartLineDraft | null> {
  try {
    if (ref.kind === 'product') {
      if (!ref.groupId) return null;
      const detail = await queryClient.ensureQueryData(productGroupQueryOptions(ref.groupId));
      return productLineFrom(detail, ref.id, ref.quantity);
    }
    const detail = await queryClient.ensureQueryData(bundleQueryOptions(ref.id));
    const groupIds = [
      ...new Set(detail.items.filter((i) => !i.attributes.product_id).map((i) => i.attributes.product_group_id)),
    ];
    const groups = await Promise.all(groupIds.map((id) => queryClient.ensureQueryData(productGroupQueryOptions(id))));
    return bundleLineFrom(detail, groups, ref.choices, ref.quantity);
  } catch (error) {
    if (isGone(error)) return null;
    throw error;
  }
}
