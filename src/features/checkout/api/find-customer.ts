import type { CustomerSummaryResource } from '../../../lib/api-contract';
import { apiRequest } from '../../../lib/http';

/** GET /api/customers/search?email= */
export async function findCustomerByEmail(email: string): Promise<CustomerSummaryResource | null> {
  const body = await apiRequest<{ data?: CustomerSummaryResource[] }>('/customers/search', { query: { email } });
  return body.data?.[0] ?? null;
}
