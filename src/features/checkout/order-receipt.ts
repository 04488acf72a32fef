import * as z from 'zod/mini';
import { type OrderRequest, subtotalCentsOf } from '../order-requests';

/**
 * What the success page shows of the request just sent: its number (once the team's system has
 * given one), lines, hire date and pickup or delivery. Kept in sessionStorage so a reload of
 * /success still shows it; validated on the way back in.
 */
const scheduled = z.object({ cents: z.int().check(z.nonnegative()), due: z.string() });

export const orderReceiptSchema = z.object({
  attemptId: z.string(),
  /** Null until the order reaches the server (saved offline) or when it could not be booked. */
  orderId: z.nullable(z.string()),
  saved: z.boolean(),
  arrivedAt: z.string(),
  hireDate: z.string(),
  /** A longer hire's last day of use (issue 60); absent for a one-day event. */
  lastDay: z.optional(z.string()),
  deliveryOption: z.enum(['pickup', 'delivery']),
  deliveryAddress: z.string(),
  /** Lines and the delivery fee, before GST. */
  subtotalCents: z.int().check(z.nonnegative()),
  /** The delivery fee's line (issue 60); absent for a pickup or a fee the team will quote. */
  deliveryFee: z.optional(z.object({ label: z.string(), cents: z.int().check(z.nonnegative()) })),
  /** The damage waiver's line (issue 61); absent when not taken. */
  waiver: z.optional(z.object({ label: z.string(), cents: z.int().check(z.nonnegative()) })),
  lines: z.array(
    z.object({
      name: z.string(),
      quantity: z.int().check(z.positive()),
      priceCents: z.int().check(z.nonnegative()),
      photoUrl: z.nullable(z.string()),
      choices: z.array(z.string()),
      /** Taken for the date by another request since the shopper looked: the team offers options. */
      taken: z.optional(z.boolean()),
    }),
  ),
  /** Book without waiting (issue 61): the booking page where the deposit is paid now to book at once. */
  payNow: z.optional(z.string().check(z.startsWith('/booking/'))),
  /** What the terms will ask once confirmed, as the server worked it out (absent: saved offline). */
  schedule: z.optional(
    z.object({ deposit: scheduled, balance: z.nullable(scheduled), bond: scheduled, allDueNow: z.boolean() }),
  ),
});
export type OrderReceipt = z.infer<typeof orderReceiptSchema>;

export function receiptFromRequest(
  request: OrderRequest,
  {
    orderId,
    saved,
    shortLines = [],
    schedule,
    payNow,
    now = new Date(),
  }: {
    orderId: string | null;
    saved: boolean;
    shortLines?: number[];
    schedule?: OrderReceipt['schedule'];
    payNow?: string;
    now?: Date;
  },
): OrderReceipt {
  return {
    ...(payNow ? { payNow } : {}),
    ...(schedule ? { schedule } : {}),
    attemptId: request.attemptId,
    orderId,
    saved,
    arrivedAt: now.toISOString(),
    hireDate: request.form.hireDate,
    ...(request.form.lastDay && request.form.lastDay > request.form.hireDate ? { lastDay: request.form.lastDay } : {}),
    deliveryOption: request.form.deliveryOption,
    deliveryAddress: request.form.deliveryOption === 'delivery' ? request.form.deliveryAddress.trim() : '',
    subtotalCents: subtotalCentsOf(request),
    ...(request.deliveryFeeCents !== undefined && request.deliveryFeeLabel
      ? { deliveryFee: { label: request.deliveryFeeLabel, cents: request.deliveryFeeCents } }
      : {}),
    ...(request.waiverCents !== undefined && request.waiverLabel
      ? { waiver: { label: request.waiverLabel, cents: request.waiverCents } }
      : {}),
    lines: request.lines.map((line, index) => ({
      name: line.name,
      quantity: line.quantity,
      priceCents: line.priceCents,
      photoUrl: line.photo_url,
      choices: line.bundleVariations.map((choice) => choice.displayName),
      ...(shortLines.includes(index) ? { taken: true } : {}),
    })),
  };
}

const KEY = 'storefront-order-receipt';

export function storeReceipt(receipt: OrderReceipt): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(receipt));
  } catch {
    // Storage blocked or full: the success page shows the general text only.
  }
}

export function readReceipt(): OrderReceipt | null {
  try {
    const text = window.sessionStorage.getItem(KEY);
    if (!text) return null;
    const parsed = orderReceiptSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
