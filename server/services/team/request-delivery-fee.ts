import {
  type DeliveryZone,
  deliveryFeeLabel,
  postcodeOfAddress,
  zoneOf,
} from '../../../src/lib/api-contract/delivery-zones';
import { formatMoney } from '../../../src/lib/api-contract/money';
import type { orders } from '../../db/schema';
import type { RequestChange } from './request-change';

/** A delivery fee in a change's log: "$45.00", or "to be quoted". */
export const feeText = (cents: number | null) => (cents === null ? 'to be quoted' : formatMoney(cents));

/**
 * A change's delivery fee: none for a pickup; the team's figure when it gives one; else the stored
 * fee, or, when the request becomes a delivery or its address moves to another postcode, its zone's.
 */
export function deliveryFeeAfter(
  order: typeof orders.$inferSelect,
  change: Pick<RequestChange, 'fulfilment' | 'deliveryAddress' | 'deliveryFeeCents'>,
  zones: readonly DeliveryZone[],
): { postcode: string | null; cents: number | null; label: string | null; changed: boolean } {
  const was = order.fulfillmentType === 'delivery' ? order.deliveryFeeInCents : null;
  if (change.fulfilment !== 'delivery') return { postcode: null, cents: null, label: null, changed: was !== null };
  const postcode = postcodeOfAddress(change.deliveryAddress) ?? order.deliveryPostcode;
  const zone = postcode ? zoneOf(postcode, zones) : null;
  const label = postcode ? deliveryFeeLabel(postcode, zone?.name ?? 'quoted', false) : 'Delivery';
  // The team's figure, when it differs from the stored one (the form sends the fee it was drawn with).
  if (change.deliveryFeeCents !== undefined && change.deliveryFeeCents !== was) {
    const cents = change.deliveryFeeCents;
    const same = cents === was && order.fulfillmentType === 'delivery';
    return {
      postcode,
      cents,
      label: cents === null ? null : same ? (order.deliveryFeeLabel ?? label) : label,
      changed: cents !== was,
    };
  }
  const moved = order.fulfillmentType !== 'delivery' || (postcode ?? null) !== (order.deliveryPostcode ?? null);
  if (!moved) return { postcode, cents: was, label: was === null ? null : order.deliveryFeeLabel, changed: false };
  const cents = zone ? zone.feeCents : null;
  return { postcode, cents, label: cents === null ? null : label, changed: cents !== was };
}
