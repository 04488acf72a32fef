import type { CustomerCreateBody, EmailBody, OrderBody, OrderResult, PriceChanged } from '../../../lib/api-contract';
import { centsToAmount, GST_RATE, totalsOf } from '../../../lib/api-contract/money';
import { ApiError } from '../../../lib/http';
import type { OrderRequest } from '../order-request';

const amount = centsToAmount;

/** The request's subtotal before GST: its lines, and the delivery fee and damage waiver shown with them. */
export function subtotalCentsOf(request: OrderRequest): number {
  return request.lines.reduce(
    (sum, line) => sum + line.priceCents * line.quantity,
    (request.deliveryFeeCents ?? 0) + (request.waiverCents ?? 0),
  );
}

/** Spec section 4: a new customer is created with name, email and phone. */
export function customerCreatePayload(request: OrderRequest): CustomerCreateBody {
  const { name, email, phone } = request.form;
  return { data: { type: 'customers', attributes: { name: name.trim(), email: email.trim(), phone: phone.trim() } } };
}

/**
 * Spec section 3: starts_at and stops_at are both the hire date, or for a longer hire (issue 60)
 * stops_at is its last day of use; the address only for delivery.
 */
export function orderPayload(request: OrderRequest, customerId: string): OrderBody {
  const { form } = request;
  return {
    customer_id: customerId,
    starts_at: form.hireDate,
    stops_at: form.lastDay && form.lastDay > form.hireDate ? form.lastDay : form.hireDate,
    fulfillment_type: form.deliveryOption,
    ...(form.deliveryOption === 'delivery' ? { delivery_address: form.deliveryAddress.trim() } : {}),
    // The postcode of its fee, when typed (else the server reads the address's), and the after-hours wish.
    ...(form.deliveryOption === 'delivery' && /^\d{4}$/.test(form.deliveryPostcode?.trim() ?? '')
      ? { delivery_postcode: form.deliveryPostcode?.trim() }
      : {}),
    ...(form.deliveryOption === 'delivery' && form.afterHours ? { delivery_after_hours: true } : {}),
    // Kept with the order: the team's email carries them, whatever becomes of the confirmation call.
    order_notes: form.orderNotes.trim(),
    wants_signage: form.wantsSignage,
    ...(form.damageWaiver ? { damage_waiver: true } : {}),
    lines: request.lines.map((line) => ({
      id: line.id,
      quantity: line.quantity,
      isBundle: line.isBundle,
      bundleVariations: line.bundleVariations,
    })),
    ...(request.shownSubtotalCents === undefined ? {} : { expected_subtotal_in_cents: request.shownSubtotalCents }),
  };
}

/** The server's price of a request answered 409 for a price other than the one shown, or null. */
export function priceChangedOf(error: unknown): PriceChanged | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  try {
    const body = JSON.parse(error.body) as { price_changed?: Partial<PriceChanged> };
    const price = body.price_changed;
    if (typeof price?.subtotal_in_cents !== 'number' || !Array.isArray(price.event_prices_in_cents)) return null;
    return { subtotal_in_cents: price.subtotal_in_cents, event_prices_in_cents: price.event_prices_in_cents };
  } catch {
    return null;
  }
}

export interface EmailProblem {
  errorMessage: string;
  manualProcessingDetails?: EmailBody['manualProcessingDetails'];
}

/** Spec section 3: the confirmation email payload, field names as the spec spells them. */
export function emailPayload(request: OrderRequest, orderId: string, problem?: EmailProblem): EmailBody {
  const { form } = request;
  const photo = (url: string | null | undefined) =>
    url ? new URL(url, globalThis.location?.origin ?? 'http://localhost').href : null;
  return {
    customer_email: form.email.trim(),
    customer_name: form.name.trim(),
    customer_phone: form.phone.trim(),
    order_id: orderId,
    order_date: form.hireDate,
    order_total: amount(
      totalsOf(subtotalCentsOf(request), {
        gstRate: request.gstRate ?? GST_RATE,
        pricesIncludeGst: request.pricesIncludeGst ?? false,
      }).totalCents,
    ),
    order_fufilment_type: form.deliveryOption,
    order_delivery_address: form.deliveryOption === 'delivery' ? form.deliveryAddress.trim() : '',
    order_notes: form.orderNotes.trim(),
    wantsSignage: form.wantsSignage,
    items: request.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      price: amount(line.priceCents),
      image: photo(line.photo_url),
      bundleVariations: line.bundleVariations.map((v) => ({ name: v.displayName, image: photo(v.displayPhotoUrl) })),
    })),
    ...(problem
      ? {
          hasError: true,
          errorMessage: problem.errorMessage,
          ...(problem.manualProcessingDetails === undefined
            ? {}
            : { manualProcessingDetails: problem.manualProcessingDetails }),
        }
      : {}),
  };
}

/** What an order answer asks of the email: nothing, or the problem to flag. */
export function problemOf(result: OrderResult): EmailProblem | undefined {
  if (result.fulfillmentError || result.needsManualProcessing) {
    return {
      errorMessage: result.errorMessage ?? result.error ?? 'This order needs manual processing.',
      manualProcessingDetails: result.orderDetails,
    };
  }
  return undefined;
}

export { FALLBACK_ORDER_ID } from '../../../lib/api-contract/constants';
export const FALLBACK_ERROR_MESSAGE =
  'The order was not added to the booking system because of a server error. Please add it by hand.';
