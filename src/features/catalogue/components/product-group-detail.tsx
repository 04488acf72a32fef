import { useEffect, useId, useState } from 'react';
import type { ProductResource } from '../../../lib/api-contract';
import {
  availabilityLabel,
  DateOffer,
  freeWhenText,
  PriceCoversNote,
  SavedCopyAge,
  useDayAvailability,
  useFreeOnDate,
  useShopDay,
} from '../../availability';
import { type AddToCart, addLabel, type InCart } from '../add-to-cart';
import type { ProductGroupDetail as Detail } from '../api/get-product-group';
import type { DisplayProduct } from '../display-product';
import { availableOf, preselectProduct, selectableProducts, variationLabel } from '../product-group-rules';
import { usePriceText } from '../use-price-text';
import { AddButton } from './add-button';
import { QuantityControl } from './quantity-control';

export interface ProductGroupDetailProps {
  summary: DisplayProduct;
  detail: Detail | undefined;
  onAdd: AddToCart;
  inCart: InCart;
  /** Told the chosen variation's photo, so that the popup shows it. */
  onPhoto?: (url: string | null) => void;
}

/** The choosing part of a product group's popup: variation, quantity, add. */
export function ProductGroupOptions({ summary, detail, onAdd, inCart, onPhoto }: ProductGroupDetailProps) {
  const prices = usePriceText();
  const products = detail ? selectableProducts(detail.products) : [];
  const [chosenId, setSelectedId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const groupName = useId();
  // The shopper's choice, else the one the popup opens with. Worked out as it renders, so the server's
  // HTML of a deep link already shows it: its stock, a quantity to type into and an Add button.
  const selectedId = chosenId ?? (detail ? (preselectProduct(detail.products)?.id ?? null) : null);

  const selected: ProductResource | undefined = products.find((product) => product.id === selectedId);
  const selectedPhoto = selected?.attributes.photo_url ?? null;
  useEffect(() => onPhoto?.(selectedPhoto), [onPhoto, selectedPhoto]);
  // With an event date chosen, what is free that day (less what other requests hold) caps the stock.
  const { date, last } = useDayAvailability();
  const { timeZone } = useShopDay();
  const freeOnDate = useFreeOnDate('products', selected?.id);
  const stock = selected ? Math.min(availableOf(selected), freeOnDate ?? Number.POSITIVE_INFINITY) : 0;
  const held = selected ? inCart({ id: selected.id, isBundle: false, bundleVariations: [] }) : 0;
  // What can still be added: the stock less what the cart already holds.
  const available = Math.max(0, stock - held);
  useEffect(() => {
    setQuantity((current) => Math.max(1, Math.min(current, available || 1)));
  }, [available]);

  if (!detail) {
    return <p className="detail__price">{prices.price(summary.base_price_in_cents)}</p>;
  }
  const showPicker = products.length > 1 || (products.length === 1 && summary.variation_fields.length > 0);
  return (
    <>
      <p className="detail__price">
        {prices.price(selected?.attributes.base_price_in_cents ?? summary.base_price_in_cents)}
      </p>
      <PriceCoversNote />
      {showPicker && (
        <fieldset className="variation-picker">
          <legend>{detail.group.attributes.variation_fields.join(' / ') || 'Option'}</legend>
          <div className="variation-picker__options">
            {products.map((product) => {
              const stock = availableOf(product);
              return (
                <label key={product.id} className={`chip${stock < 1 ? ' chip--muted' : ''}`}>
                  <input
                    type="radio"
                    name={groupName}
                    value={product.id}
                    checked={product.id === selectedId}
                    onChange={() => setSelectedId(product.id)}
                  />
                  <span>
                    {variationLabel(product)}
                    {stock < 1 && <small>(Out of stock)</small>}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
      {selected && available > 1 && <QuantityControl value={quantity} max={available} onChange={setQuantity} />}
      {selected && (
        <p className="detail__stock">
          {freeOnDate === undefined
            ? stock < 1
              ? 'Currently out of stock'
              : `${available} available`
            : stock < 1
              ? availabilityLabel(0, date, timeZone, undefined, last)
              : `${available} free ${freeWhenText(date, last, timeZone)}`}
          {freeOnDate !== undefined && <SavedCopyAge />}
          {held > 0 && ` (${held} in your cart)`}
        </p>
      )}
      <AddButton
        label={addLabel(selected ? stock : 0, available)}
        disabled={!selected || available < 1}
        onAdd={() =>
          onAdd({
            id: selected?.id ?? '',
            name: selected?.attributes.name ?? summary.groupName,
            priceCents: selected?.attributes.base_price_in_cents ?? summary.base_price_in_cents,
            photo_url: selected?.attributes.photo_url ?? summary.photo_url,
            stock_count: stock,
            quantity,
            isBundle: false,
            bundleVariations: [],
            productGroupId: detail.group.id,
            categories: detail.group.attributes.tags,
          })
        }
      />
      <DateOffer />
    </>
  );
}
