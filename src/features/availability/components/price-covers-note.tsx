import { usePriceCovers } from '../use-price-covers';

/** Under a price in the item popup: what it covers ("Event price: pick up Fri 11 Dec, return Mon 14 Dec."). */
export function PriceCoversNote() {
  const covers = usePriceCovers();
  return covers ? <p className="detail__covers">{covers}</p> : null;
}
