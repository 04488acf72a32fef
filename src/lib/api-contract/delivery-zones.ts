import { formatMoney } from './money';

/**
 * Delivery fees by place (issue 60), with no map service: the business's zones, each a list of
 * postcodes (and ranges of them) with a fee, a minimum order and an optional surcharge for a delivery
 * or collection outside opening hours. The checkout and the server price delivery with these functions,
 * so the fee the shopper sees is the request's. An address outside every zone, or an order below its
 * zone's minimum, goes in without a fee: the team quotes it.
 */
export interface DeliveryZone {
  name: string;
  /** Postcode ranges, both ends counted ("2209-2212" is 2209 to 2212; one postcode is a range of one). */
  postcodes: readonly { from: string; to: string }[];
  /** Before GST, like every price. */
  feeCents: number;
  /** The smallest order (lines before GST) delivered for the fee; 0 for none. */
  minimumOrderCents: number;
  /** Added to the fee for a delivery or collection outside opening hours; 0 when the zone has none. */
  afterHoursCents: number;
}

/** What delivering a request costs: a fee of its zone, or a quote from the team (and why). */
export type DeliveryFee =
  | { kind: 'fee'; postcode: string; zone: DeliveryZone; cents: number; afterHours: boolean }
  | {
      kind: 'quote';
      postcode: string | null;
      zone: DeliveryZone | null;
      reason: 'outside' | 'below-minimum' | 'unknown';
    };

const POSTCODE = /^\d{4}$/;

/** Australian and New Zealand postcodes are four digits. */
export const isPostcode = (value: string) => POSTCODE.test(value.trim());

/** What the checkout says beside a postcode that is not four digits. */
export const POSTCODE_PROBLEM = 'Write the postcode as four digits, such as 2210.';

export const postcodeProblem = (value: string): string | null =>
  value.trim() === '' || isPostcode(value) ? null : POSTCODE_PROBLEM;

/** The postcode written last in an address ("12 Main St, Riverwood NSW 2210" -> "2210"), or null. */
export function postcodeOfAddress(address: string | null | undefined): string | null {
  const found = (address ?? '').match(/(?<!\d)\d{4}(?!\d)/g);
  return found?.at(-1) ?? null;
}

/** The first zone whose postcodes take `postcode`, or null. */
export function zoneOf(postcode: string, zones: readonly DeliveryZone[]): DeliveryZone | null {
  const code = postcode.trim();
  if (!isPostcode(code)) return null;
  return zones.find((zone) => zone.postcodes.some((range) => range.from <= code && code <= range.to)) ?? null;
}

/**
 * A delivery's fee: its zone's fee (and the after-hours surcharge when asked for and the zone has one)
 * when the order's lines reach the zone's minimum; else a quote. `subtotalCents` is the lines' sum
 * before GST, without the fee.
 */
export function deliveryFeeOf(
  postcode: string | null | undefined,
  afterHours: boolean,
  subtotalCents: number,
  zones: readonly DeliveryZone[],
): DeliveryFee {
  const code = postcode?.trim() ?? '';
  if (!isPostcode(code)) return { kind: 'quote', postcode: null, zone: null, reason: 'unknown' };
  const zone = zoneOf(code, zones);
  if (!zone) return { kind: 'quote', postcode: code, zone: null, reason: 'outside' };
  if (subtotalCents < zone.minimumOrderCents) return { kind: 'quote', postcode: code, zone, reason: 'below-minimum' };
  const surcharge = afterHours ? zone.afterHoursCents : 0;
  return { kind: 'fee', postcode: code, zone, cents: zone.feeCents + surcharge, afterHours: surcharge > 0 };
}

/** The fee's line: "Delivery to 2210 (Riverwood and nearby)", "..., after hours". */
export function deliveryFeeLabel(postcode: string, zoneName: string, afterHours: boolean): string {
  return `Delivery to ${postcode} (${zoneName}${afterHours ? ', after hours' : ''})`;
}

/** What the checkout says of a delivery the team will quote. */
export function deliveryQuoteText(fee: Extract<DeliveryFee, { kind: 'quote' }>): string {
  if (fee.reason === 'below-minimum' && fee.zone && fee.postcode) {
    return `Delivery to ${fee.postcode} (${fee.zone.name}) is ${formatMoney(fee.zone.feeCents)} for orders of ${formatMoney(fee.zone.minimumOrderCents)} or more before GST. Below that, our team will quote the delivery by email.`;
  }
  if (fee.reason === 'outside' && fee.postcode) {
    return `We have no set fee for delivery to ${fee.postcode}: our team will quote it by email. Your request goes in without a delivery fee.`;
  }
  return 'Write the postcode of the delivery address to see its fee.';
}

/** Postcodes as the business writes them: "2209-2212, 2196" (ranges and single postcodes, by commas or spaces). */
export function postcodeRangesOf(text: string): { from: string; to: string }[] | null {
  const parts = text
    .split(/[,\s]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  const ranges: { from: string; to: string }[] = [];
  for (const part of parts) {
    const match = /^(\d{4})(?:-(\d{4}))?$/.exec(part);
    if (!match?.[1]) return null;
    const to = match[2] ?? match[1];
    if (to < match[1]) return null;
    ranges.push({ from: match[1], to });
  }
  return ranges;
}

/** Ranges back as written: "2209-2212, 2196". */
export const postcodeRangesText = (ranges: readonly { from: string; to: string }[]) =>
  ranges.map((range) => (range.from === range.to ? range.from : `${range.from}-${range.to}`)).join(', ');
