import type { EmailBody, PriceChanged } from '../../../lib/api-contract';
import type { PaymentSchedule } from '../../../lib/api-contract/payment-terms';
import { idempotencyKeyFor, type OrderRequest } from '../order-request';
import { createCustomer } from './api/create-customer';
import { createOrder } from './api/create-order';
import { findCustomerByEmail } from './api/find-customer';
import { sendOrderEmail } from './api/send-order-email';
import { updateCustomerPhone } from './api/update-customer';
import {
  customerCreatePayload,
  emailPayload,
  FALLBACK_ERROR_MESSAGE,
  FALLBACK_ORDER_ID,
  orderPayload,
  priceChangedOf,
  problemOf,
} from './order-payloads';
import { classifyFailure } from './retry-policy';

export const orderApi = { findCustomerByEmail, createCustomer, updateCustomerPhone, createOrder, sendOrderEmail };
export type OrderApi = typeof orderApi;

/**
 * How a submission ended: the four ends of spec section 4, a final failure, or one of the two ways a
 * request waits for the network (the whole request, or just its fallback email).
 */
export type OrderOutcome =
  | {
      kind: 'success' | 'manual' | 'fulfilment';
      orderId: string;
      /** The order is booked but its confirmation email could not be sent yet: replay the request. */
      emailPending?: boolean;
      /** The indexes of the lines taken by other requests for the date since the shopper looked. */
      shortLines?: number[];
      /** What the terms will ask once it is confirmed, as the server worked it out. */
      paymentSchedule?: PaymentSchedule;
      /** Book without waiting (issue 61): the booking page where the deposit is paid now. */
      bookingUrl?: string;
    }
  /** Priced otherwise than the shopper was shown (issue 60): nothing was stored; here is the server's price. */
  | { kind: 'price-changed'; price: PriceChanged }
  | { kind: 'fallback' }
  | { kind: 'retry'; retryAfterMs?: number; error: unknown }
  | { kind: 'retry-fallback'; email: EmailBody; retryAfterMs?: number; error: unknown }
  | { kind: 'error'; status?: number; error: unknown };

/** Spec section 8 texts of each ending. */
export const OUTCOME_MESSAGES = {
  manual: 'Your order has been received and will be processed manually. We will contact you shortly.',
  fulfilment: 'Your order has been received but needs additional processing. We will contact you shortly.',
  error: 'There was an error processing your order. Please try again.',
} as const;

/** The fallback email of ending 4: the same body every time, so its key replays it exactly. */
export function fallbackEmailOf(request: OrderRequest): EmailBody {
  return emailPayload(request, FALLBACK_ORDER_ID, {
    errorMessage: FALLBACK_ERROR_MESSAGE,
    manualProcessingDetails: { cause: 'The booking system answered with a server error (500).' },
  });
}

/** Sends a stored fallback email (ending 4) with its key; a network failure or 5xx waits for another try. */
export async function sendFallbackEmail(
  request: OrderRequest,
  email: EmailBody,
  api: Pick<OrderApi, 'sendOrderEmail'> = orderApi,
): Promise<OrderOutcome> {
  try {
    await api.sendOrderEmail(email, idempotencyKeyFor(request.attemptId, 'fallback-email'));
    return { kind: 'fallback' };
  } catch (error) {
    const failure = classifyFailure(error);
    if (failure.kind === 'final') return { kind: 'error', status: failure.status, error };
    return {
      kind: 'retry-fallback',
      email,
      retryAfterMs: failure.kind === 'retry' ? failure.retryAfterMs : undefined,
      error,
    };
  }
}

/**
 * Submits an order request: find the customer by email, create it or add a missing phone, create the
 * order, then send the confirmation email. Every write carries a key derived from the attempt id, so
 * running the same request again (a retry, or a replay from the outbox, by the page or the worker)
 * never writes twice. Shared by the page and the service worker.
 *
 * With `askOnPriceChange` (the checkout, the shopper present) a request the server prices otherwise
 * than shown ends in `price-changed` with nothing stored; otherwise it is sent at the server's price.
 *
 * A 500 sends the fallback email with order id 'Unassigned' (ending 4). No answer at all, or 502, 503,
 * 504, 429, ends in `retry`: the caller keeps the request in the outbox and replays it with the same
 * keys, so the order may still be booked exactly once.
 */
export async function submitOrderRequest(
  request: OrderRequest,
  api: OrderApi = orderApi,
  { askOnPriceChange = false }: { askOnPriceChange?: boolean } = {},
): Promise<OrderOutcome> {
  const key = (step: Parameters<typeof idempotencyKeyFor>[1]) => idempotencyKeyFor(request.attemptId, step);
  let booked: {
    orderId: string;
    kind: 'success' | 'manual' | 'fulfilment';
    shortLines: number[];
    paymentSchedule?: PaymentSchedule;
    bookingUrl?: string;
  } | null = null;
  try {
    const phone = request.form.phone.trim();
    // The lookup shows only a masked phone, enough to know whether one is on file.
    let customer = await api.findCustomerByEmail(request.form.email.trim());
    if (!customer) {
      customer = await api.createCustomer(customerCreatePayload(request), key('customer'));
    } else if (!customer.attributes.properties?.phone) {
      customer = await api.updateCustomerPhone(customer.id, phone, key('customer-phone'));
    }
    const payload = orderPayload(request, customer.id);
    let result: Awaited<ReturnType<OrderApi['createOrder']>>;
    try {
      result = await api.createOrder(payload, key('order'));
    } catch (error) {
      // Priced otherwise than shown: the checkout asks the shopper; a replay from the outbox (the
      // shopper gone) sends it at the server's price, which its emails carry. The 409 stored nothing
      // and released the key, so the request without its shown price takes the same key.
      const price = priceChangedOf(error);
      if (!price) throw error;
      if (askOnPriceChange) return { kind: 'price-changed', price };
      const { expected_subtotal_in_cents: _shown, ...atServerPrice } = payload;
      result = await api.createOrder(atServerPrice, key('order'));
    }
    const orderId = result.order.data.id;
    booked = {
      orderId,
      kind: result.needsManualProcessing ? 'manual' : result.fulfillmentError ? 'fulfilment' : 'success',
      shortLines: result.orderDetails?.short_lines ?? [],
      ...(result.paymentSchedule ? { paymentSchedule: result.paymentSchedule } : {}),
      ...(result.bookingUrl?.startsWith('/booking/') ? { bookingUrl: result.bookingUrl } : {}),
    };
    await api.sendOrderEmail(emailPayload(request, orderId, problemOf(result)), key('email'));
    return booked;
  } catch (error) {
    const failure = classifyFailure(error);
    if (booked) {
      // The order is booked. An email that may still go out is replayed; one the server refused is
      // left to the team, who see the order without it.
      if (failure.kind === 'retry') return { ...booked, emailPending: true };
      console.error(`Order ${booked.orderId} was created but its confirmation email failed`, error);
      return booked;
    }
    if (failure.kind === 'retry') return { kind: 'retry', retryAfterMs: failure.retryAfterMs, error };
    if (failure.kind === 'final') return { kind: 'error', status: failure.status, error };
    return sendFallbackEmail(request, fallbackEmailOf(request), api);
  }
}
