import { ApiError } from '../../lib/http';
import { idempotencyKeyFor, type OrderRequest } from '../../lib/order-request';
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
  problemOf,
} from './payloads';

export const checkoutApi = { findCustomerByEmail, createCustomer, updateCustomerPhone, createOrder, sendOrderEmail };
export type CheckoutApi = typeof checkoutApi;

/** The four ends of spec section 4, plus the failure that keeps the visitor on the page. */
export type OrderOutcome =
  | { kind: 'success'; orderId: string }
  | { kind: 'manual'; orderId: string }
  | { kind: 'fulfilment'; orderId: string }
  | { kind: 'fallback' }
  | { kind: 'error'; status?: number; error: unknown };

/** Spec section 8 texts of each ending. */
export const OUTCOME_MESSAGES = {
  manual: 'Your order has been received and will be processed manually. We will contact you shortly.',
  fulfilment: 'Your order has been received but needs additional processing. We will contact you shortly.',
  error: 'There was an error processing your order. Please try again.',
} as const;

/**
 * Submits an order request: find the customer by email, create it or add a missing phone, create the
 * order, then send the confirmation email. Every write carries a key derived from the attempt id, so
 * running the same request again (a retry, or a replay from an outbox) never writes twice.
 * A failure with status 500 or none sends the fallback email with order id 'Unassigned'.
 */
export async function submitOrderRequest(request: OrderRequest, api: CheckoutApi = checkoutApi): Promise<OrderOutcome> {
  const key = (step: Parameters<typeof idempotencyKeyFor>[1]) => idempotencyKeyFor(request.attemptId, step);
  try {
    const phone = request.form.phone.trim();
    // The lookup shows only a masked phone, enough to know whether one is on file.
    let customer = await api.findCustomerByEmail(request.form.email.trim());
    if (!customer) {
      customer = await api.createCustomer(customerCreatePayload(request), key('customer'));
    } else if (!customer.attributes.properties?.phone) {
      customer = await api.updateCustomerPhone(customer.id, phone, key('customer-phone'));
    }
    const result = await api.createOrder(orderPayload(request, customer.id), key('order'));
    const orderId = result.order.data.id;
    try {
      await api.sendOrderEmail(emailPayload(request, orderId, problemOf(result)), key('email'));
    } catch (emailError) {
      // The order is booked; the team sees it without the email, so the visitor is not told otherwise.
      console.error(`Order ${orderId} was created but its confirmation email failed`, emailError);
    }
    if (result.needsManualProcessing) return { kind: 'manual', orderId };
    if (result.fulfillmentError) return { kind: 'fulfilment', orderId };
    return { kind: 'success', orderId };
  } catch (error) {
    const status = error instanceof ApiError ? error.status : undefined;
    if (status !== undefined && status !== 500) return { kind: 'error', status, error };
    try {
      await api.sendOrderEmail(
        emailPayload(request, FALLBACK_ORDER_ID, {
          errorMessage: FALLBACK_ERROR_MESSAGE,
          manualProcessingDetails: { cause: error instanceof Error ? error.message : String(error) },
        }),
        key('fallback-email'),
      );
      return { kind: 'fallback' };
    } catch (fallbackError) {
      return { kind: 'error', status, error: fallbackError };
    }
  }
}
