import type { CustomerCreateBody, CustomerResource } from '../../../../lib/api-contract';
import { apiRequest } from '../../../../lib/http';
import { REQUEST_TIMEOUT_MS } from '../retry-policy';

/** POST /api/customers */
export async function createCustomer(body: CustomerCreateBody, idempotencyKey: string): Promise<CustomerResource> {
  const result = await apiRequest<{ data: CustomerResource }>('/customers', {
    method: 'POST',
    body,
    idempotencyKey,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return result.data;
}
