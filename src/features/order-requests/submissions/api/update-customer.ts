import type { CustomerSummaryResource } from '../../../../lib/api-contract';
import { apiRequest } from '../../../../lib/http';
import { REQUEST_TIMEOUT_MS } from '../retry-policy';

/** PUT /api/customers/{id}: adds the phone a customer record lacks. */
export async function updateCustomerPhone(
  id: string,
  phone: string,
  idempotencyKey: string,
): Promise<CustomerSummaryResource> {
  const result = await apiRequest<{ data: CustomerSummaryResource }>(`/customers/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: { data: { id, type: 'customers', attributes: { phone } } },
    idempotencyKey,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return result.data;
}
