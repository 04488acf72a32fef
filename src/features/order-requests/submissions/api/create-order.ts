import type { OrderBody, OrderResult } from '../../../../lib/api-contract';
import { apiRequest } from '../../../../lib/http';
import { REQUEST_TIMEOUT_MS } from '../retry-policy';

/** POST /api/orders */
export function createOrder(body: OrderBody, idempotencyKey: string): Promise<OrderResult> {
  return apiRequest<OrderResult>('/orders', {
    method: 'POST',
    body,
    idempotencyKey,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}
