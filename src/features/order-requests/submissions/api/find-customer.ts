import type { CustomerSummaryResource } from '../../../../lib/api-contract';
import { apiRequest } from '../../../../lib/http';
import { REQUEST_TIMEOUT_MS } from '../retry-policy';

/** GET /api/customers/search?email= */
export async function findCustomerByEmail(email: string): Promise<CustomerSummaryResource | null> {
  const body = await apiRequest<{ data?: CustomerSummaryResource[] }>('/customers/search', {
    query: { email },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return body.data?.[0] ?? null;
}
