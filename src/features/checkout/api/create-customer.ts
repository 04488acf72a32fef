import type { CustomerCreateBody, CustomerResource } from '../../../lib/api-contract';
import { apiRequest } from '../../../lib/http';

/** POST /api/customers */
export async function createCustomer(body: CustomerCreateBody, idempotencyKey: string): Promise<CustomerResource> {
  const result = await apiRequest<{ data: CustomerResource }>('/customers', { method: 'POST', body, idempotencyKey });
  return result.data;
}
