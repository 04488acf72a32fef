import { formatMoney, usePriceText } from '../../catalogue';
import { type CartItem, lineKey } from '../cart-rules';
import { useCart } from '../use-cart';
import { ShortFlag, useShortLines } from './short-lines';
import './cart.css';
import { Thumb } from '../../../components/ui/thumb';

function Stepper({ item }: { item: CartItem }) {
  const cart = useCart();
  const key = lineKey(item);
  const atMax = item.quantity >= item.stock_count;
  return (
    <div className="stepper-wrap">
      <div className="stepper" role="group" aria-label={`Quantity of ${item.name}`}>
        <button
          type="button"
          aria-label={item.quantity <= 1 ? `Remove ${item.name}` : `Decrease ${item.name}`}
          onClick={() => void cart.updateQuantity(key, Math.max(0, item.quantity - 1))}
        >
          −
        </button>
        <output aria-live="polite">{item.quantity}</output>
        <button
          type="button"
          aria-label={`Increase ${item.name}`}
          disabled={atMax}
          onClick={() => void cart.updateQuantity(key, item.quantity + 1)}
        >
          +
        </button>
      </div>
      {atMax && <span className="stepper__hint">Max quantity</span>}
    </div>
  );
}

/**
 * The cart's lines with photo, name, Bundle tag, chosen variations, price, stepper and remove. With
 * `unitCents` (the checkout's longer hire), each line's price for the whole hire beside its event price.
 */
export function CartLines({
  showLineTotals = false,
  unitCents,
}: {
  showLineTotals?: boolean;
  unitCents?: (eventCents: number, categories?: readonly string[]) => number;
}) {
  const prices = usePriceText();
  const cart = useCart();
  const { date, last, short } = useShortLines(cart.items);
  const unit = (item: CartItem) => (unitCents ? unitCents(item.priceCents, item.categories) : item.priceCents);
  // Line totals as the checkout's total adds them up (with GST, each its share of the order's GST).
  const bill = showLineTotals
    ? prices.bill(cart.items.map((item) => ({ unitCents: unit(item), quantity: item.quantity })))
    : null;
  return (
    <ul className="cart-lines" aria-label="Cart items">
      {cart.items.map((item, index) => (
        <li key={lineKey(item)} className="cart-line">
          <Thumb src={item.photo_url} size={72} />
          <div className="cart-line__body">
            <p className="cart-line__name">
              {item.name} {item.isBundle && <span className="tag">Bundle</span>}
            </p>
            {item.bundleVariations.length > 0 && (
              <ul className="cart-line__variations" aria-label={`Choices for ${item.name}`}>
                {item.bundleVariations.map((variation) => (
                  <li key={variation.bundleItemId}>
                    {variation.displayPhotoUrl && (
                      <img src={variation.displayPhotoUrl} alt="" width={24} height={24} loading="lazy" />
                    )}
                    {variation.displayName}
                  </li>
                ))}
              </ul>
            )}
            <p className="cart-line__price">
              {unitCents ? (
                <>
                  {prices.price(unit(item))} for the hire
                  <span className="cart-line__event"> (event price {prices.amount(item.priceCents)})</span>
                </>
              ) : (
                prices.price(item.priceCents)
              )}
              {bill && (
                <span className="cart-line__total"> Line total {formatMoney(bill.lines[index]?.lineCents ?? 0)}</span>
              )}
            </p>
            {short.has(lineKey(item)) && (
              <ShortFlag item={item} fits={short.get(lineKey(item)) ?? 0} date={date} last={last} />
            )}
            <div className="cart-line__actions">
              <Stepper item={item} />
              <button type="button" className="link-button" onClick={() => void cart.removeLine(lineKey(item))}>
                Remove<span className="visually-hidden"> {item.name}</span>
              </button>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
