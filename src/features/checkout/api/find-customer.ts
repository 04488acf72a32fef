import type { CustomerResource } from '../../../lib/api-contract';
import { apiRequest } from '../../../lib/http';

/** GET /api/customers/search?email= */
export async function findCustomerByEmail(email: string): Promise<CustomerResource | null> {
  const body = await apiRequest<{ data?: CustomerResource[] }>('/customers/search', { query: { email } });
  return body.data?.[0] ?? null;
}
