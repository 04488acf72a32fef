import { useQueries } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import {
  bundleFullPriceInCents,
  bundlePriceInCents,
  lineSavingInCents,
  type PricedBundleItem,
} from '../../../lib/api-contract/money';
import { AvailabilityNote, DateOffer, PriceCoversNote, useDayAvailability } from '../../availability';
import { type AddToCart, addLabel, type InCart } from '../add-to-cart';
import type { BundleDetail } from '../api/get-bundle';
import { productGroupQueryOptions } from '../api/get-product-group';
import {
  type BundleSelection,
  bundleMaxQuantity,
  initialSelections,
  isBundleComplete,
  pickerOptions,
  selectionPriceItems,
  selectProduct,
} from '../bundle-rules';
import type { DisplayProduct } from '../display-product';
import { availableOf } from '../product-group-rules';
import { bundleDraft } from '../resolve-line';
import { usePriceText } from '../use-price-text';
import { AddButton } from './add-button';
import { QuantityControl } from './quantity-control';

export interface BundleOptionsProps {
  summary: DisplayProduct;
  detail: BundleDetail | undefined;
  onAdd: AddToCart;
  inCart: InCart;
}

/** Spec section 5: the add button's words for a bundle (stock, then what the cart already holds). */
export function bundleButtonLabel(complete: boolean, stock: number, addable = stock): string {
  if (stock < 1) return 'Out of Stock';
  if (!complete) return 'Please select all required items';
  return addLabel(stock, addable, 'Add Bundle to Cart');
}

/** A line's discount and, once its price is known, what it saves. */
function Saving({ item }: { item: PricedBundleItem | undefined }) {
  const prices = usePriceText();
  if (!item || item.discountPercentage <= 0) return null;
  const saving = lineSavingInCents(item);
  return (
    <span className="bundle-item__discount">
      {item.discountPercentage}% off{saving > 0 && `, save ${prices.amount(saving)}`}
    </span>
  );
}

function PickerRow({
  selection,
  options,
  priced,
  onChange,
}: {
  selection: BundleSelection;
  options: ReturnType<typeof pickerOptions>;
  priced: PricedBundleItem | undefined;
  onChange: (productId: string | null) => void;
}) {
  const id = useId();
  return (
    <div className="bundle-item">
      <label htmlFor={id} className="bundle-item__name">
        {selection.name} <span className="bundle-item__qty">× {selection.quantity}</span>
      </label>
      <Saving item={selection.selectedProductId ? priced : undefined} />
      <div className="bundle-item__picker">
        <select
          id={id}
          value={selection.selectedProductId ?? ''}
          onChange={(event) => onChange(event.target.value || null)}
        >
          <option value="">Choose an option</option>
          {options.map((option) => (
            <option
              key={option.product.id}
              value={option.product.id}
              disabled={option.disabled && option.product.id !== selection.selectedProductId}
            >
              {option.label}
            </option>
          ))}
        </select>
        {selection.selectedProductId && (
          <button type="button" className="link-button" onClick={() => onChange(null)}>
            Clear<span className="visually-hidden"> {selection.name} choice</span>
          </button>
        )}
      </div>
    </div>
  );
}

/** The choosing part of a bundle's popup: fixed items, pickers for the rest, quantity, add. */
export function BundleOptions({ summary, detail, onAdd, inCart }: BundleOptionsProps) {
  const prices = usePriceText();
  // From the details at once when they are here (a server-rendered link has them): the pickers are in
  // the page's HTML, not added after hydration.
  const [selections, setSelections] = useState<BundleSelection[]>(() =>
    detail ? initialSelections(detail.items) : [],
  );
  const [quantity, setQuantity] = useState(1);
  useEffect(() => {
    if (detail) setSelections((current) => (current.length > 0 ? current : initialSelections(detail.items)));
  }, [detail]);

  const pickGroups = useMemo(
    () => [
      ...new Set(
        (detail?.items ?? []).filter((i) => !i.attributes.product_id).map((i) => i.attributes.product_group_id),
      ),
    ],
    [detail],
  );
  const groups = useQueries({ queries: pickGroups.map((groupId) => productGroupQueryOptions(groupId)) });
  const groupById = new Map(groups.flatMap((q) => (q.data ? [[q.data.group.id, q.data] as const] : [])));
  const products = new Map([
    ...(detail?.products ?? []).map((p) => [p.id, p] as const),
    ...[...groupById.values()].flatMap((g) => g.products.map((p) => [p.id, p] as const)),
  ]);

  // With an event date chosen, what is free that day caps the bundle and each choice.
  const { day } = useDayAvailability();

  if (!detail) return <p className="detail__price">{prices.price(summary.base_price_in_cents)}</p>;

  const complete = isBundleComplete(selections);
  const onDate = (free: number | undefined) => free ?? Number.POSITIVE_INFINITY;
  const bundleAvailable = Math.min(
    detail.bundle.attributes.inventory.available,
    onDate(day?.bundles[detail.bundle.id]),
  );
  const productAvailable = (id: string) => {
    const product = products.get(id);
    return product ? Math.min(availableOf(product), onDate(day?.products[id])) : undefined;
  };
  const max = bundleMaxQuantity(selections, productAvailable, bundleAvailable);
  const priceItems = selectionPriceItems(
    selections,
    (id) => products.get(id)?.attributes.base_price_in_cents,
    (id) => groupById.get(id)?.group.attributes.base_price_in_cents,
  );
  const price = bundlePriceInCents(priceItems);
  const fullPrice = bundleFullPriceInCents(priceItems);
  const available = complete ? max : bundleAvailable;
  const draft = bundleDraft(detail, selections, products, groupById, quantity);
  const variations = draft.bundleVariations;
  const held = complete ? inCart({ id: detail.bundle.id, isBundle: true, bundleVariations: variations }) : 0;
  const addable = Math.max(0, max - held);

  return (
    <>
      <p className="detail__price">
        {prices.price(price || summary.base_price_in_cents)}
        {fullPrice > price && price > 0 && (
          <>
            {' '}
            <s className="detail__full-price">
              <span className="visually-hidden">instead of </span>
              {prices.amount(fullPrice)}
            </s>{' '}
            <span className="detail__saving">Save {prices.amount(fullPrice - price)}</span>
          </>
        )}
      </p>
      <PriceCoversNote />
      <div className="bundle-items">
        <h3 className="detail__subheading">In this bundle</h3>
        {selections.map((selection, index) =>
          selection.initialProductId ? (
            <div key={selection.bundleItemId} className="bundle-item">
              <span className="bundle-item__name">
                {products.get(selection.initialProductId)?.attributes.name ?? selection.name}{' '}
                <span className="bundle-item__qty">× {selection.quantity}</span>
              </span>
              <Saving item={priceItems[index]} />
            </div>
          ) : (
            <PickerRow
              key={selection.bundleItemId}
              selection={selection}
              priced={priceItems[index]}
              options={pickerOptions(
                selections,
                selection.bundleItemId,
                groupById.get(selection.productGroupId)?.products ?? [],
                (id) => day?.products[id],
              )}
              onChange={(productId) =>
                setSelections((current) => selectProduct(current, selection.bundleItemId, productId))
              }
            />
          ),
        )}
      </div>
      {complete && addable > 1 && (
        <QuantityControl value={Math.min(quantity, addable)} max={addable} onChange={setQuantity} />
      )}
      {held > 0 && <p className="detail__stock">{held} with these choices in your cart</p>}
      <AddButton
        label={bundleButtonLabel(complete, available, addable)}
        disabled={!complete || addable < 1}
        onAdd={() => onAdd({ ...draft, stock_count: max, quantity: Math.min(quantity, addable) })}
      />
      <AvailabilityNote kind="bundles" id={detail.bundle.id} className="detail__stock" />
      <DateOffer />
    </>
  );
}
